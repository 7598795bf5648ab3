import { useTranslation } from 'react-i18next'
import { useAuth } from '@/auth'
import { CreateInvitationsForm } from './create-invitations-form'
import { InvitationList } from './invitation-list'
import { invitableRoles } from './invitable-roles'

/** The profile page's team-invitations tab: generate invitation links and share the ones made before. */
export function InvitationsPanel() {
  const { t } = useTranslation('signup')
  const { user } = useAuth()
  const roles = invitableRoles(user)

  return (
    <section aria-labelledby="team-invitations-heading" className="grid gap-6">
      <div className="grid gap-1">
        <h2 id="team-invitations-heading" className="text-xl font-semibold text-slate-900">
          {t('invitations.title')}
        </h2>
        <p className="text-sm text-slate-700">{t('invitations.description')}</p>
      </div>
      {roles.length > 0 ? (
        <CreateInvitationsForm roles={roles} />
      ) : (
        <p className="text-sm text-slate-700">{t('invitations.notAllowed')}</p>
      )}
      <InvitationList />
    </section>
  )
}
