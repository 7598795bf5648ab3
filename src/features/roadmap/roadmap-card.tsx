import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import type { RoadmapItem } from '@/contract'
import { localized, useToggleVote } from './roadmap-api'

/**
 * One item: its title and description in the reader's language; on a planned item, its votes. The vote
 * button is a toggle (aria-pressed) whose name stays "Vote for <title>"; the count says when it includes yours.
 */
export function RoadmapCard({ item, signedIn, voted }: { item: RoadmapItem; signedIn: boolean; voted: boolean }) {
  const { t, i18n } = useTranslation('roadmap')
  const { title, description } = localized(item, i18n.resolvedLanguage)
  const toggle = useToggleVote()
  const isPlanned = item.status === 'planned'
  return (
    <article className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <p className="mt-1 text-sm leading-6 text-slate-700">{description}</p>
      {isPlanned && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {signedIn && (
            <button
              type="button"
              aria-pressed={voted}
              aria-label={t('vote.label', { title })}
              onClick={() => toggle.mutate({ id: item.id, vote: !voted })}
              className={clsx(
                'inline-flex h-9 items-center gap-1.5 rounded-md border px-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                voted
                  ? 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800'
                  : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
              )}
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
                {voted ? (
                  <path d="M7.6 13.2 4.4 10l-1.2 1.2 4.4 4.4 9.2-9.2L15.6 5.2z" />
                ) : (
                  <path d="M10 4 4 11h4v5h4v-5h4z" />
                )}
              </svg>
              {t('vote.vote')}
            </button>
          )}
          <span className="text-sm text-slate-700">
            {t(voted ? 'vote.countWithYours' : 'vote.count', { count: item.votes })}
          </span>
        </div>
      )}
    </article>
  )
}
