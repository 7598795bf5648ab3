import { z } from 'zod'
import {
  HumanCheckChallengeSchema,
  InvitationValidationSchema,
  RequestAccessInputSchema,
  RequestAccessResultSchema,
  SigninLinkInputSchema,
  SignupWithInvitationInputSchema,
  SignupWithInvitationResultSchema,
  UpdateLanguageInputSchema,
  UserSchema,
} from './auth'
import {
  AdminSettingsSchema,
  AdminUserPageSchema,
  AdminUserSchema,
  AdminUsersQuerySchema,
  AdminUserUpdateInputSchema,
  OutboxSchema,
  WaitlistEntrySchema,
  WaitlistPageSchema,
} from './admin'
import { PageQuerySchema } from './common'
import { CreateInvitationsInputSchema, InvitationListSchema } from './invitations'
import {
  BuyBoxSchema,
  PreferencesSchema,
  ProfileUpdateInputSchema,
  RolesUpdateInputSchema,
  SellerPreferencesSchema,
  UploadedFileSchema,
} from './profile'
import { PusherAuthInputSchema, PusherAuthSchema, RealtimeConfigSchema } from './realtime'
import { FeatureFlagsSchema, HealthSchema } from './system'
import {
  DealFiltersSchema,
  DealInputSchema,
  DealPageSchema,
  DealPhotoListSchema,
  DealSchema,
  DealsExtentSchema,
  DealsMapQuerySchema,
  DealsMapSchema,
  DealsQuerySchema,
  FavoriteResultSchema,
  InterestInputSchema,
  InterestListSchema,
  InterestSchema,
  MyDealPageSchema,
  MyDealsQuerySchema,
  PhotoOrderInputSchema,
  SaveDealQuerySchema,
  StatusChangeInputSchema,
  StatusHistoryEntrySchema,
} from './deals'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** One row of the endpoint table: the SPA's hooks and the server's routes both read it. */
export type Endpoint = {
  method: Method
  /** Fastify-style path; `:name` marks a parameter. Build URLs with `pathFor`. */
  path: string
  /** false for the public paths of spec section 7 (no token sent, none required). */
  auth: boolean
  body?: z.ZodType
  query?: z.ZodType
  /** Multipart upload (the body is FormData with a `file` field). */
  multipart?: boolean
  /** The body is application/x-www-form-urlencoded (sent by a third-party SDK, not by `call`). */
  formEncoded?: boolean
  response: z.ZodType
}

const Accepted = z.object({ status: z.literal('accepted') })

export const endpoints = {
  health: { method: 'GET', path: '/api/health', auth: false, response: HealthSchema },
  featureFlags: { method: 'GET', path: '/api/config/feature-flags', auth: false, response: FeatureFlagsSchema },

  // Account
  me: { method: 'GET', path: '/api/auth/me', auth: true, response: UserSchema },
  updateLanguage: {
    method: 'POST',
    path: '/api/auth/update-language',
    auth: true,
    body: UpdateLanguageInputSchema,
    response: UserSchema,
  },
  validateInvitation: {
    method: 'GET',
    path: '/api/auth/validate-invitation/:token',
    auth: false,
    response: InvitationValidationSchema,
  },
  signupWithInvitation: {
    method: 'POST',
    path: '/api/aws-auth/signup-with-invitation',
    auth: false,
    body: SignupWithInvitationInputSchema,
    response: SignupWithInvitationResultSchema,
  },
  humanCheck: {
    method: 'GET',
    path: '/api/auth/public-human-check',
    auth: false,
    response: HumanCheckChallengeSchema,
  },
  requestAccess: {
    method: 'POST',
    path: '/api/auth/public-request-access',
    auth: false,
    body: RequestAccessInputSchema,
    response: RequestAccessResultSchema,
  },
  signinLink: {
    method: 'POST',
    path: '/api/auth/public-signin-link',
    auth: false,
    body: SigninLinkInputSchema,
    response: Accepted,
  },

  // Profile
  updateProfile: {
    method: 'PATCH',
    path: '/api/profile',
    auth: true,
    body: ProfileUpdateInputSchema,
    response: UserSchema,
  },
  uploadProfilePicture: {
    method: 'POST',
    path: '/api/profile/picture',
    auth: true,
    multipart: true,
    response: UploadedFileSchema,
  },
  uploadCompanyLogo: {
    method: 'POST',
    path: '/api/profile/company-logo',
    auth: true,
    multipart: true,
    response: UploadedFileSchema,
  },
  getBuyBox: { method: 'GET', path: '/api/profile/buybox', auth: true, response: BuyBoxSchema.nullable() },
  putBuyBox: { method: 'PUT', path: '/api/profile/buybox', auth: true, body: BuyBoxSchema, response: BuyBoxSchema },
  getPreferences: {
    method: 'GET',
    path: '/api/profile/preferences',
    auth: true,
    response: PreferencesSchema.nullable(),
  },
  putPreferences: {
    method: 'PUT',
    path: '/api/profile/preferences',
    auth: true,
    body: PreferencesSchema,
    response: PreferencesSchema,
  },
  getSellerPreferences: {
    method: 'GET',
    path: '/api/profile/seller-preferences',
    auth: true,
    response: SellerPreferencesSchema.nullable(),
  },
  putSellerPreferences: {
    method: 'PUT',
    path: '/api/profile/seller-preferences',
    auth: true,
    body: SellerPreferencesSchema,
    response: SellerPreferencesSchema,
  },
  getRoles: { method: 'GET', path: '/api/profile/roles', auth: true, response: UserSchema },
  putRoles: {
    method: 'PUT',
    path: '/api/profile/roles',
    auth: true,
    body: RolesUpdateInputSchema,
    response: UserSchema,
  },

  // Invitations
  listInvitations: { method: 'GET', path: '/api/invitations', auth: true, response: InvitationListSchema },
  createInvitations: {
    method: 'POST',
    path: '/api/invitations',
    auth: true,
    body: CreateInvitationsInputSchema,
    response: InvitationListSchema,
  },

  // Admin
  adminUsers: {
    method: 'GET',
    path: '/api/admin/users',
    auth: true,
    query: AdminUsersQuerySchema,
    response: AdminUserPageSchema,
  },
  adminUpdateUser: {
    method: 'PATCH',
    path: '/api/admin/users/:id',
    auth: true,
    body: AdminUserUpdateInputSchema,
    response: AdminUserSchema,
  },
  adminGetSettings: { method: 'GET', path: '/api/admin/settings', auth: true, response: AdminSettingsSchema },
  adminPutSettings: {
    method: 'PUT',
    path: '/api/admin/settings',
    auth: true,
    body: AdminSettingsSchema,
    response: AdminSettingsSchema,
  },
  /** Oldest request first (first come, first served). */
  adminWaitlist: {
    method: 'GET',
    path: '/api/admin/waitlist',
    auth: true,
    query: PageQuerySchema,
    response: WaitlistPageSchema,
  },
  /** E-mails the entry an invitation (its open one again, or a new one) and sets invitedAt. */
  adminInviteFromWaitlist: {
    method: 'POST',
    path: '/api/admin/waitlist/:id/invite',
    auth: true,
    response: WaitlistEntrySchema,
  },

  // Deals
  listDeals: { method: 'GET', path: '/api/deals', auth: true, query: DealsQuerySchema, response: DealPageSchema },
  dealsMap: { method: 'GET', path: '/api/deals/map', auth: true, query: DealsMapQuerySchema, response: DealsMapSchema },
  dealsExtent: {
    method: 'GET',
    path: '/api/deals/map/extent',
    auth: true,
    query: DealFiltersSchema,
    response: DealsExtentSchema,
  },
  myDeals: {
    method: 'GET',
    path: '/api/deals/mine',
    auth: true,
    query: MyDealsQuerySchema,
    response: MyDealPageSchema,
  },
  createDeal: {
    method: 'POST',
    path: '/api/deals',
    auth: true,
    query: SaveDealQuerySchema,
    body: DealInputSchema,
    response: DealSchema,
  },
  getDeal: { method: 'GET', path: '/api/deals/:id', auth: true, response: DealSchema },
  updateDeal: {
    method: 'PUT',
    path: '/api/deals/:id',
    auth: true,
    query: SaveDealQuerySchema,
    body: DealInputSchema,
    response: DealSchema,
  },
  deleteDeal: {
    method: 'DELETE',
    path: '/api/deals/:id',
    auth: true,
    response: z.object({ deleted: z.literal(true) }),
  },
  uploadDealPhotos: {
    method: 'POST',
    path: '/api/deals/:id/photos',
    auth: true,
    multipart: true,
    response: DealPhotoListSchema,
  },
  deleteDealPhoto: {
    method: 'DELETE',
    path: '/api/deals/:id/photos/:photoId',
    auth: true,
    response: DealPhotoListSchema,
  },
  orderDealPhotos: {
    method: 'PUT',
    path: '/api/deals/:id/photos/order',
    auth: true,
    body: PhotoOrderInputSchema,
    response: DealPhotoListSchema,
  },
  changeDealStatus: {
    method: 'POST',
    path: '/api/deals/:id/status',
    auth: true,
    body: StatusChangeInputSchema,
    response: DealSchema,
  },
  dealStatusHistory: {
    method: 'GET',
    path: '/api/deals/:id/status-history',
    auth: true,
    response: z.array(StatusHistoryEntrySchema),
  },
  favoriteDeal: { method: 'PUT', path: '/api/deals/:id/favorite', auth: true, response: FavoriteResultSchema },
  unfavoriteDeal: { method: 'DELETE', path: '/api/deals/:id/favorite', auth: true, response: FavoriteResultSchema },
  expressInterest: {
    method: 'POST',
    path: '/api/deals/:id/interest',
    auth: true,
    body: InterestInputSchema,
    response: InterestSchema,
  },
  listInterests: { method: 'GET', path: '/api/deals/:id/interests', auth: true, response: InterestListSchema },
  /** The same list as CSV (text/csv, UTF-8 with BOM, a header row), as a download. */
  exportInterestsCsv: { method: 'GET', path: '/api/deals/:id/interests.csv', auth: true, response: z.string() },

  // Realtime
  /** How the SPA connects to the realtime socket (the key is public, as Pusher keys are). */
  realtimeConfig: { method: 'GET', path: '/api/config/realtime', auth: false, response: RealtimeConfigSchema },
  /** Called by pusher-js itself: signs the caller's own `private-user-<id>` only (403 for any other). */
  pusherAuth: {
    method: 'POST',
    path: '/api/pusher/auth',
    auth: true,
    formEncoded: true,
    body: PusherAuthInputSchema,
    response: PusherAuthSchema,
  },

  // Development (embedded mode only)
  devOutbox: { method: 'GET', path: '/api/dev/outbox', auth: false, response: OutboxSchema },
} as const satisfies Record<string, Endpoint>

/** `/api/x/:id` + `{ id: 'a b' }` → `/api/x/a%20b`. */
export function pathFor(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(String(value))
  })
}
