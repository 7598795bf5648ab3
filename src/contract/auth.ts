import { z } from 'zod'
import { LanguageSchema } from './common'

export const RoleSchema = z.enum(['buyer', 'originator', 'owner', 'admin'])
export type Role = z.infer<typeof RoleSchema>

/** The signed-in user as `GET /api/auth/me` answers it (spec section 3). */
export const UserSchema = z.object({
  userId: z.string().min(1),
  id: z.string().min(1),
  email: z.email(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  role: RoleSchema,
  roles: z.array(RoleSchema),
  cognitoGroups: z.array(z.string()),
  authProvider: z.string(),
  languagePreference: LanguageSchema,
  profileComplete: z.boolean(),
  profileCompleted: z.boolean(),
  subscription_plan: z.string().nullable(),
  subscription_status: z.string().default('none'),
  created_at: z.iso.datetime({ offset: true }),
  status: z.enum(['active', 'deactivated']).default('active'),
  email_verified: z.boolean(),
  profilePictureUrl: z.string().nullable().optional(),
  callBookingLink: z.string().nullable().optional(),
  companyName: z.string().nullable().optional(),
  companyPhone: z.string().nullable().optional(),
  companyEmail: z.string().nullable().optional(),
  companyLogoUrl: z.string().nullable().optional(),
  offerWebhookEnabled: z.boolean().optional(),
  offerWebhookUrl: z.string().nullable().optional(),
  certifiedBuyer: z.boolean().optional(),
  premium: z.boolean().optional(),
})
export type User = z.infer<typeof UserSchema>

export const UpdateLanguageInputSchema = z.object({ languagePreference: LanguageSchema })
export type UpdateLanguageInput = z.infer<typeof UpdateLanguageInputSchema>
