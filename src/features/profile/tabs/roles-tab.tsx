import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { clsx } from 'clsx'
import { hasRole } from '@/auth'
import { Button, ButtonLink } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { isPrivileged } from '@/auth'
import { SelfServiceRoleSchema, type SelfServiceRole, type User } from '@/contract'
import { FormSection } from '@/components/form/form-section'
import { SaveButton } from '../forms/save-button'
import { useRoles, useSaveRoles } from '../profile-api'
import { reportSaveError } from '../save-errors'
import { SellerAccess } from './seller-access'

const GRANTED = ['owner', 'admin'] as const

/** The switches a person has: buyer always; seller only once an admin granted it (it can be turned off). */
const switchesOf = (user: User): SelfServiceRole[] =>
  SelfServiceRoleSchema.options.filter((role) => role === 'buyer' || user.roles.includes(role))
const selfServiceOf = (user: User) => switchesOf(user).filter((role) => user.roles.includes(role))

/**
 * Role management. A buyer asks for seller access (reviewed by an admin: spec §6, the role is not taken by
 * oneself); a seller, owner or admin turns buyer (and a granted seller role) on or off, keeping at least
 * one; owner and admin are granted by an admin and only shown.
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
  if (!isPrivileged(roles.data)) return <BuyerRoles user={roles.data} />
  // Keyed by the saved roles so the switches start over from what the server holds after each save.
  return <RolesForm key={roles.data.roles.join()} user={roles.data} />
}

/** A buyer: their role, and the request for seller access (with why, when sent here to list a deal). */
function BuyerRoles({ user }: { user: User }) {
  const { t } = useTranslation('profile')
  const [params] = useSearchParams()
  return (
    <div className="grid gap-6">
      <FormSection title={t('roles.title')} description={t('roles.buyerDescription')}>
        <p className="text-sm text-slate-900">
          {t('roles.current')} <span className="font-semibold">{t('values:roles.buyer')}</span>
        </p>
        {params.get('intent') === 'sell' && (
          <p className="rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
            {t('roles.sellIntro')}
          </p>
        )}
      </FormSection>
      <SellerAccess user={user} />
    </div>
  )
}

function RolesForm({ user }: { user: User }) {
  const { t } = useTranslation('profile')
  const noteId = useId()
  const switches = switchesOf(user)
  const [chosen, setChosen] = useState<SelfServiceRole[]>(() => selfServiceOf(user))
  const save = useSaveRoles({ onError: (error) => reportSaveError(error, { t, failure: 'profileUpdateFailed' }) })
  const granted = GRANTED.filter((role) => hasRole(user, role))
  const unchanged = chosen.length === selfServiceOf(user).length && chosen.every((role) => user.roles.includes(role))
  // Sent here from "I want to sell" or the new-listing form without the seller role (BECOME_SELLER_PATH).
  const [params] = useSearchParams()
  const wantsToSell = params.get('intent') === 'sell'

  const toggle = (role: SelfServiceRole) =>
    setChosen((current) => {
      if (!current.includes(role)) return switches.filter((r) => r === role || current.includes(r))
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
      {wantsToSell && (
        <div
          role="status"
          className="grid justify-items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-950"
        >
          <p className="text-sm">{t('roles.sellReady')}</p>
          <ButtonLink to="/deals/new">{t('roles.listDeal')}</ButtonLink>
        </div>
      )}
      <ul className="grid gap-3">
        {switches.map((role) => {
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
