import { z } from 'zod'
import { emailField, passwordField, phoneField, SelfServiceRoleSchema, signupNameField } from '@/contract'

const required = z.string().min(1, { error: 'validation:required' })

const hasTwoStrings = (value: unknown, a: string, b: string) => {
  const record = value as Record<string, unknown> | undefined
  return typeof record?.[a] === 'string' && typeof record[b] === 'string'
}

/** The invitation sign-up form: the contract's atoms plus confirmation and consent. */
export const SignupFormSchema = z
  .object({
    firstName: signupNameField,
    lastName: signupNameField,
    email: emailField,
    phoneNumber: phoneField,
    // "Required" reads better than "at least 8 characters" for an empty box.
    password: required.pipe(passwordField),
    confirmPassword: required,
    acceptTerms: z.boolean().refine(Boolean, { error: 'signup:form.termsRequired' }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    error: 'validation:passwordMismatch',
    // Say "do not match" as soon as both are typed, even while other fields still have errors.
    when: ({ value }) =>
      hasTwoStrings(value, 'password', 'confirmPassword') &&
      (value as { confirmPassword: string }).confirmPassword !== '',
  })
export type SignupFormValues = z.input<typeof SignupFormSchema>

/** The request-invitation form (spec §5: first name, last name, email, phone) plus the human check. */
export const RequestAccessFormSchema = z.object({
  firstName: signupNameField,
  lastName: signupNameField,
  email: emailField,
  phone: phoneField,
  // The radio group starts empty on /requestAccess.
  role: z.string().pipe(z.enum(SelfServiceRoleSchema.options, { error: 'signup:request.roleRequired' })),
  humanCheckAnswer: z
    .string()
    .trim()
    .min(1, { error: 'validation:humanCheckRequired' })
    .regex(/^-?\d+$/, { error: 'signup:humanCheck.wholeNumber' }),
})
export type RequestAccessFormValues = z.input<typeof RequestAccessFormSchema>
