import type { User } from '@/contract'
import { EmailForm } from './email-form'
import { PasswordForm } from './password-form'

/** The security tab: change password, then change e-mail address. */
export function SecurityTab({ user }: { user: User }) {
  return (
    <div className="grid gap-6">
      <PasswordForm />
      <EmailForm currentEmail={user.email} />
    </div>
  )
}
