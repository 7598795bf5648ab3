import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { clsx } from 'clsx'
import { hasRole } from '@/auth'
import { Button, ButtonLink } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { SelfServiceRoleSchema, type SelfServiceRole, type User } from '@/contract'
import { FormSection } from '@/components/form/form-section'
import { SaveButton } from '../forms/save-button'
import { useRoles, useSaveRoles } from '../profile-api'
import { reportSaveError } from '../save-errors'

const SELF_SERVICE = SelfServiceRoleSchema.options
const GRANTED = ['owner', 'admin'] as const

const selfServiceOf = (user: User) => SELF_SERVICE.filter((role) => user.roles.includes(role))

/**
 * Role management: a person turns buyer and seller (originator) on or off for themselves, keeping at
 * least one; owner and admin are granted by an admin and only shown.
 */
export function RolesTab() {
  const { t } = useTranslation('profile')
  const roles = useRoles()

  if (roles.isPending) return <Spinner />
  if (roles.isError)
    return (
      <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4">
        <p className="font-semibold text-red-900">{t('roles.loadErrorTitle')}</p>
        <p className="text-sm text-red-800">{t('roles.loadError')}</p>
        <Button variant="secondary" onClick={() => void roles.refetch()}>
          {t('roles.retry')}
        </Button>
      </div>
    )
  // Keyed by the saved roles so the switches start over from what the server holds after each save.
  return <RolesForm key={roles.data.roles.join()} user={roles.data} />
}

function RolesForm({ user }: { user: User }) {
  const { t } = useTranslation('profile')
  const noteId = useId()
  const [chosen, setChosen] = useState<SelfServiceRole[]>(() => selfServiceOf(user))
  const save = useSaveRoles({ onError: (error) => reportSaveError(error, { t, failure: 'profileUpdateFailed' }) })
  const granted = GRANTED.filter((role) => hasRole(user, role))
  const unchanged = chosen.length === selfServiceOf(user).length && chosen.every((role) => user.roles.includes(role))
  // Sent here from "I want to sell" or the new-listing form without the seller role (BECOME_SELLER_PATH).
  const [params] = useSearchParams()
  const wantsToSell = params.get('intent') === 'sell'
  const isSeller = hasRole(user, 'originator') || hasRole(user, 'owner') || hasRole(user, 'admin')

  const toggle = (role: SelfServiceRole) =>
    setChosen((current) => {
      if (!current.includes(role)) return SELF_SERVICE.filter((r) => r === role || current.includes(r))
      // The last role cannot be turned off: the switch is disabled, this is the guard behind it.
      return current.length > 1 ? current.filter((r) => r !== role) : current
    })

  const submit = () =>
    save.mutate(
      { roles: chosen },
      { onSuccess: () => toast({ title: t('saved.title'), description: t('saved.roles'), variant: 'success' }) },
    )

  return (
    <FormSection title={t('roles.title')} description={t('roles.description')}>
      {wantsToSell &&
        (isSeller ? (
          <div
            role="status"
            className="grid justify-items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-950"
          >
            <p className="text-sm">{t('roles.sellReady')}</p>
            <ButtonLink to="/deals/new">{t('roles.listDeal')}</ButtonLink>
          </div>
        ) : (
          <p className="rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
            {t('roles.sellIntro')}
          </p>
        ))}
      <ul className="grid gap-3">
        {SELF_SERVICE.map((role) => {
          const on = chosen.includes(role)
          const locked = on && chosen.length === 1
          return (
            <li key={role} className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-4">
              <div className="grid gap-0.5">
                <span id={`${noteId}-${role}`} className="font-medium text-slate-900">
                  {t(`values:roles.${role}`)}
                </span>
                <span className="text-sm text-slate-600">{t(`roles.about.${role}`)}</span>
              </div>
              <button
                type="button"
                role="switch"
                aria-checked={on}
                aria-labelledby={`${noteId}-${role}`}
                aria-describedby={locked ? `${noteId}-last` : undefined}
                aria-disabled={locked || undefined}
                onClick={() => !locked && toggle(role)}
                className={clsx(
                  'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
                  on ? 'bg-brand-700' : 'bg-slate-300',
                  locked && 'cursor-not-allowed opacity-70',
                )}
              >
                <span
                  aria-hidden="true"
                  className={clsx(
                    'size-5 rounded-full bg-white shadow transition-transform',
                    on ? 'translate-x-5' : 'translate-x-0.5',
                  )}
                />
              </button>
            </li>
          )
        })}
      </ul>
      {chosen.length === 1 && (
        <p id={`${noteId}-last`} className="text-sm text-slate-600">
          {t('roles.keepOne')}
        </p>
      )}
      {granted.length > 0 && (
        <div className="grid gap-2">
          <p className="text-sm font-medium text-slate-900">{t('roles.grantedTitle')}</p>
          <ul className="flex flex-wrap gap-2">
            {granted.map((role) => (
              <li key={role} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
                {t(`values:roles.${role}`)}
              </li>
            ))}
          </ul>
          <p className="text-sm text-slate-600">{t('roles.grantedNote')}</p>
        </div>
      )}
      <SaveButton isSaving={save.isPending} disabled={unchanged} onClick={submit} />
    </FormSection>
  )
}
