import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { clsx } from 'clsx'
import type { Reason } from '@/contract/matching'
import { describeReason } from '@/contract/matching-reasons'

/** The pill's colour by score band (the same bands sellers count): the words say the score, colour only helps. */
export function bandClass(score: number) {
  if (score >= 80) return 'bg-emerald-100 text-emerald-900 ring-emerald-300'
  if (score >= 60) return 'bg-amber-100 text-amber-900 ring-amber-300'
  return 'bg-slate-100 text-slate-800 ring-slate-300'
}

/** "92% match". */
export function MatchPill({ score, className }: { score: number; className?: string }) {
  const { t } = useTranslation('common')
  return (
    <span
      className={clsx('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1', bandClass(score), className)}
    >
      {t('match.pill', { score })}
    </span>
  )
}

const noSubscription = () => () => undefined
const onClient = () => true
const onServer = () => false

const OUTCOME_ICON: Record<Reason['outcome'], { path: string; className: string }> = {
  match: { path: 'M5 12l5 5 9-10', className: 'text-emerald-700' },
  miss: { path: 'M6 6l12 12M18 6 6 18', className: 'text-red-700' },
  unknown: { path: 'M9 9a3 3 0 1 1 4 2.8c-.7.3-1 .9-1 1.7V15M12 18.5v.5', className: 'text-slate-500' },
}

/**
 * Reasons in words, each with an icon and its outcome in text ("Matches", "Misses", "Unknown"), not colour
 * alone. The `matching` namespace loads on demand: until it has, the list waits (nothing is shown).
 */
export function MatchReasons({ reasons, className }: { reasons: readonly Reason[]; className?: string }) {
  const { t, ready } = useTranslation(['matching', 'values', 'common'], { useSuspense: false })
  // A page the server rendered (a member's /deals) is hydrated before the on-demand namespace has loaded:
  // the reasons come after mounting on both sides, so the markup hydrates as rendered.
  const hydrated = useSyncExternalStore(noSubscription, onClient, onServer)
  if (!ready || !hydrated) return null
  return (
    <ul className={clsx('grid gap-1', className)}>
      {reasons.map((reason) => {
        const icon = OUTCOME_ICON[reason.outcome]
        return (
          <li key={reason.code} className="flex items-start gap-1.5 text-sm text-slate-800">
            <svg viewBox="0 0 24 24" aria-hidden="true" className={clsx('mt-0.5 h-4 w-4 shrink-0', icon.className)}>
              <path fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" d={icon.path} />
            </svg>
            <span>
              <span className="sr-only">{t(`common:match.outcome.${reason.outcome}`)}: </span>
              {describeReason(reason, t)}
            </span>
          </li>
        )
      })}
    </ul>
  )
}

/** For a buyer without a buy box or preferences: how to see how well each deal fits them. */
export function MatchPrompt({ className }: { className?: string }) {
  const { t } = useTranslation('common')
  return (
    <p className={clsx('rounded-md border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-slate-800', className)}>
      <Link to="/profile?tab=preferences" className="font-semibold text-brand-800 underline">
        {t('match.prompt')}
      </Link>
    </p>
  )
}
