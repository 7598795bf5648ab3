import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { queryFor } from '@/api/queries'
import { endpoints } from '@/contract'
import { formatUsd } from '@/lib/format-currency'
import { dealAddress } from '@/lib/deal-address'
import { MatchPill, MatchReasons } from '@/components/match/match-score'
import { Section } from './section'

const row = 'grid gap-1 border-t border-slate-100 py-3 first:border-t-0 first:pt-0 last:pb-0'

/** The buyer's best scored listings published in the last 14 days, each with its score and top reason. */
export function BestMatchesSection() {
  const { t } = useTranslation('dashboard')
  const matches = useQuery(queryFor(endpoints.bestNewMatches))
  if (matches.data?.matching === 'off') return null
  const noCriteria = matches.data?.matching === 'no-criteria'
  return (
    <Section
      title={t('buying.bestMatches.title')}
      query={matches}
      loadFailed={t('buying.bestMatches.loadFailed')}
      isEmpty={(data) => data.items.length === 0}
      empty={
        noCriteria
          ? {
              text: t('common:match.prompt'),
              action: t('buying.bestMatches.setPreferences'),
              to: '/profile?tab=preferences',
            }
          : {
              text: t('buying.bestMatches.empty', { count: matches.data?.days ?? 14 }),
              action: t('buying.bestMatches.emptyAction'),
              to: '/deals?sort=best-match',
            }
      }
      more={
        <Link to="/deals?sort=best-match" className="text-sm font-semibold text-brand-800 underline underline-offset-2">
          {t('buying.bestMatches.seeAll')}
        </Link>
      }
    >
      {(data) => (
        <ul>
          {data.items.map((deal) => (
            <li key={deal.id} className={row}>
              <div className="flex items-start justify-between gap-2">
                <Link to={`/deals/${deal.id}`} className="font-semibold text-brand-800 hover:underline">
                  {dealAddress(deal, t('undisclosed')).full}
                </Link>
                {deal.match && <MatchPill score={deal.match.score} className="shrink-0" />}
              </div>
              <p className="text-sm text-slate-800">
                {t(`values:dealCategories.${deal.dealCategory}`)}
                {deal.purchasePrice !== null && ` · ${formatUsd(deal.purchasePrice)}`}
              </p>
              {deal.match && <MatchReasons reasons={deal.match.reasons} />}
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}
