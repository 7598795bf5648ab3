import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import type { z } from 'zod'
import { NewPasswordSchema, type NewPasswordValues } from './schemas'

/**
 * The form behind NewPasswordFields when it stands alone (first sign-in, reset link): empty boxes checked
 * against NewPasswordSchema, and the password as typed so far for the checklist.
 */
export function useNewPasswordForm() {
  const form = useForm<NewPasswordValues, unknown, z.output<typeof NewPasswordSchema>>({
    resolver: zodResolver(NewPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  })
  const password = useWatch({ control: form.control, name: 'password' }) ?? ''
  return { form, password }
}
