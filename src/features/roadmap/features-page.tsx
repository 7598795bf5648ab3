import { Link, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { signInPathFor, useAuth } from '@/auth'
import { ROADMAP_COLUMNS, type RoadmapItem, type RoadmapStatus } from '@/contract'
import { usePageTitle } from '@/components/page-title'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { RoadmapCard } from './roadmap-card'
import { useMyVotes, useRoadmap } from './roadmap-api'

/** The page's columns: what comes next first, so the vote is the first thing a reader meets. */
const COLUMN_STYLE: Record<RoadmapStatus, string> = {
  planned: 'border-t-brand-600',
  in_progress: 'border-t-amber-500',
  shipped: 'border-t-emerald-600',
}

/**
 * /features: the public feature roadmap in three columns (planned, in progress, shipped), each item in the
 * reader's language. Members vote for planned items; visitors see the counts and are offered to sign in.
 */
export function FeaturesPage() {
  const { t } = useTranslation('roadmap')
  usePageTitle(t('title'))
  const location = useLocation()
  const { status } = useAuth()
  const signedIn = status === 'authenticated'
  const roadmap = useRoadmap()
  const myVotes = useMyVotes(signedIn)
  const voted = new Set(myVotes.data?.itemIds ?? [])

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-semibold text-slate-900">{t('title')}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{t('intro')}</p>
      {status === 'unauthenticated' && (
        <p className="mt-3 text-sm text-slate-700">
          <Link to={signInPathFor(location)} className="font-semibold text-brand-700 underline hover:text-brand-800">
            {t('signInToVote')}
          </Link>
        </p>
      )}

      {roadmap.isPending ? (
        <div className="mt-10 flex justify-center">
          <Spinner />
        </div>
      ) : roadmap.isError ? (
        <div role="alert" className="mt-8 rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
          <p className="font-medium">{t('loadFailed')}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void roadmap.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {ROADMAP_COLUMNS.map((column) => (
            <Column
              key={column}
              status={column}
              items={roadmap.data.items.filter((item) => item.status === column)}
              signedIn={signedIn}
              voted={voted}
            />
          ))}
        </div>
      )}
    </div>
  )
}

function Column({
  status,
  items,
  signedIn,
  voted,
}: {
  status: RoadmapStatus
  items: RoadmapItem[]
  signedIn: boolean
  voted: Set<string>
}) {
  const { t } = useTranslation('roadmap')
  const headingId = `roadmap-${status}`
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-xl border border-t-4 border-slate-200 bg-slate-50 p-4 ${COLUMN_STYLE[status]}`}
    >
      <h2 id={headingId} className="flex items-baseline justify-between gap-2 text-lg font-semibold text-slate-900">
        {t(`columns.${status}`)}
        <span className="text-sm font-normal text-slate-600">{t('itemCount', { count: items.length })}</span>
      </h2>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('empty')}</p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {items.map((item) => (
            <li key={item.id}>
              <RoadmapCard item={item} signedIn={signedIn} voted={voted.has(item.id)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
