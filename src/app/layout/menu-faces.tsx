import { useTranslation } from 'react-i18next'
import type { User } from '@/contract'
import { firstNameOf } from './nav-items'

/**
 * What the header's menu buttons show and are called, shared by the plain stand-ins of the first paint and
 * the Radix menus that replace them once their code is here (header.tsx), so the swap changes nothing seen.
 */
export const accountTriggerClass =
  'inline-flex h-10 items-center gap-2 rounded-full border border-slate-200 bg-white pr-3 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-50'

export const fullNameOf = (user: User) => [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email

export function useAccountMenuLabel(user: User) {
  const { t } = useTranslation()
  return t('nav.accountMenu', { name: fullNameOf(user) })
}

export function AccountTriggerFace({ user }: { user: User }) {
  const { t } = useTranslation()
  const initials = (user.firstName?.[0] ?? user.email[0] ?? '?').toUpperCase()
  return (
    <>
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800"
      >
        {initials}
      </span>
      <span className="max-w-[10rem] truncate">{user.firstName ?? t('nav.account')}</span>
    </>
  )
}

export const mobileTriggerClass =
  'inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800'

export function MobileTriggerFace({ user }: { user: User }) {
  const { t } = useTranslation()
  return (
    <>
      <svg viewBox="0 0 20 20" aria-hidden="true" className="size-4">
        <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="max-w-[8rem] truncate">{firstNameOf(user) ?? t('nav.menu')}</span>
    </>
  )
}

export const bellTriggerClass =
  'relative inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100'

/** The bell's icon (the same drawing as the bell's own in features/chat/notification-bell.tsx). */
export function BellFace() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}
