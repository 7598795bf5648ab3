import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { queryFor } from '@/api/queries'
import { endpoints } from '@/contract'
import { MatchPill, MatchPrompt, MatchReasons } from '@/components/match/match-score'

const PANEL = 'rounded-xl border border-slate-200 bg-white p-4 sm:p-5'

/** For a buyer: the listing's score for them and every reason; how to get one when they have no criteria. */
export function DealMatchPanel({ dealId }: { dealId: string }) {
  const { t } = useTranslation('dealDetail')
  const match = useQuery(queryFor(endpoints.dealMatch, { params: { id: dealId } }))
  if (!match.data || match.data.matching === 'off') return null
  return (
    <section aria-labelledby="match-title" className={PANEL}>
      <h2 id="match-title" className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
        {t('match.title')}
        {match.data.match && <MatchPill score={match.data.match.score} />}
      </h2>
      {match.data.match ? (
        <MatchReasons reasons={match.data.match.reasons} className="mt-3" />
      ) : (
        <MatchPrompt className="mt-3" />
      )}
    </section>
  )
}

/** For the listing's seller (and admins): how many buyers match per score band, never who. */
export function MatchingBuyers({ dealId }: { dealId: string }) {
  const { t } = useTranslation('dealDetail')
  const bands = useQuery(queryFor(endpoints.dealMatchBands, { params: { id: dealId } }))
  if (!bands.data) return null
  return (
    <section aria-labelledby="match-bands-title" className={PANEL}>
      <h2 id="match-bands-title" className="text-base font-semibold text-slate-900">
        {t('matchBands.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('matchBands.intro')}</p>
      <dl className="mt-3 grid gap-1 text-sm">
        {bands.data.bands.map((band) => (
          <div key={band.min} className="flex justify-between gap-3">
            <dt className="text-slate-700">{t('matchBands.band', { min: band.min, max: band.max })}</dt>
            <dd className="font-semibold text-slate-900">{t('matchBands.buyers', { count: band.count })}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
