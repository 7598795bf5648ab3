import { z } from 'zod'
import { emailField, passwordField } from '@/contract'

const required = z.string().min(1, { error: 'validation:required' })

/** A 6-digit code from an e-mail or an authenticator app. */
export const codeField = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: 'auth:code.invalid' })

export const SignInSchema = z.object({ email: emailField, password: required })
export type SignInValues = z.input<typeof SignInSchema>

/** The older sign-in screen asked only for 6 characters (spec §5); the identity provider still decides. */
export const LegacySignInSchema = z.object({
  email: emailField,
  password: required.pipe(z.string().min(6, { error: 'auth:legacy.passwordMin' })),
})

export const EmailSchema = z.object({ email: emailField })
export type EmailValues = z.input<typeof EmailSchema>

const newPasswordShape = {
  // "Required" reads better than "at least 8 characters" for an empty box.
  password: required.pipe(passwordField),
  confirmPassword: required,
}

const passwordsMatch = {
  path: ['confirmPassword'],
  error: 'validation:passwordMismatch',
  // Say "do not match" as soon as both are typed, even while other fields still have errors.
  when: ({ value }: { value: unknown }) => {
    const record = value as Record<string, unknown> | undefined
    return typeof record?.password === 'string' && typeof record.confirmPassword === 'string'
  },
}

export const NewPasswordSchema = z
  .object(newPasswordShape)
  .refine((value) => value.password === value.confirmPassword, passwordsMatch)
export type NewPasswordValues = z.input<typeof NewPasswordSchema>

export const CodeSchema = z.object({ code: codeField })
export type CodeValues = z.input<typeof CodeSchema>

export const CodeAndPasswordSchema = z
  .object({ code: codeField, ...newPasswordShape })
  .refine((value) => value.password === value.confirmPassword, passwordsMatch)
export type CodeAndPasswordValues = z.input<typeof CodeAndPasswordSchema>

export const VerifySchema = z.object({ email: emailField, code: codeField })
export type VerifyValues = z.input<typeof VerifySchema>
