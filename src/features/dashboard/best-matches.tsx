import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { queryFor } from '@/api/queries'
import { endpoints } from '@/contract'
import { dealAddress } from '@/lib/deal-address'
import { MatchPill, MatchReasons } from '@/components/match/match-score'
import { DealTerms, Section, SectionItem, SectionMore } from './section'

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
      more={<SectionMore to="/deals?sort=best-match">{t('buying.bestMatches.seeAll')}</SectionMore>}
    >
      {(data) => (
        <ul>
          {data.items.map((deal) => (
            <SectionItem
              key={deal.id}
              to={`/deals/${deal.id}`}
              label={dealAddress(deal, t('undisclosed')).full}
              badge={deal.match && <MatchPill score={deal.match.score} className="shrink-0" />}
            >
              <DealTerms deal={deal} />
              {deal.match && <MatchReasons reasons={deal.match.reasons} />}
            </SectionItem>
          ))}
        </ul>
      )}
    </Section>
  )
}
