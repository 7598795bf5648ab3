import { useTranslation } from 'react-i18next'
import type { OwnersClubMember } from '@/contract'
import { MessageMemberButton } from '@/features/chat'
import { formatPhone } from '@/lib/format-phone'

/** One member of the directory: company, name, markets, deal types, contact, and "Message" (not on one's own card). */
export function MemberCard({ member, own }: { member: OwnersClubMember; own: boolean }) {
  const { t } = useTranslation('ownersClub')
  const { t: tv } = useTranslation('values')
  const company = member.companyName ?? t('directory.noCompany')
  const name = member.name || company
  const headingId = `member-${member.id}`
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="grid h-full gap-3 rounded-lg border border-slate-200 bg-white p-4"
      >
        <div className="flex flex-wrap items-center gap-3">
          {member.companyLogoUrl ? (
            <img
              src={member.companyLogoUrl}
              alt={t('directory.logoAlt', { company })}
              className="size-12 shrink-0 rounded-md object-contain"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-12 shrink-0 items-center justify-center rounded-md bg-brand-50 text-lg font-semibold text-brand-800"
            >
              {company.slice(0, 1).toUpperCase()}
            </span>
          )}
          <div className="grid min-w-40 flex-1">
            <h3 id={headingId} className="text-base font-semibold break-words text-slate-900">
              {company}
            </h3>
            <p className="truncate text-sm text-slate-700">
              {member.name}
              {own && ` (${t('directory.you')})`}
            </p>
          </div>
          {!own && <MessageMemberButton userId={member.id} name={name} />}
        </div>
        <dl className="grid gap-2 text-sm">
          <div>
            <dt className="font-medium text-slate-700">{t('directory.markets')}</dt>
            <dd className="text-slate-900">
              {member.markets.length > 0
                ? member.markets.map((market) => `${market.city}, ${market.state} ${market.zipCode}`).join(' · ')
                : t('directory.noMarkets')}
            </dd>
          </div>
          {member.states.length > 0 && (
            <div>
              <dt className="font-medium text-slate-700">{t('directory.states')}</dt>
              <dd className="text-slate-900">{member.states.join(', ')}</dd>
            </div>
          )}
          <div>
            <dt className="font-medium text-slate-700">{t('directory.dealTypes')}</dt>
            <dd className="text-slate-900">
              {member.dealTypes.length > 0
                ? member.dealTypes.map((type) => tv(`dealTypes.${type}`)).join(', ')
                : t('directory.noDealTypes')}
            </dd>
          </div>
          {member.contact.phone && (
            <div>
              <dt className="font-medium text-slate-700">{t('directory.phone')}</dt>
              <dd>
                <a href={`tel:+1${member.contact.phone}`} className="text-brand-800 underline">
                  {formatPhone(member.contact.phone)}
                </a>
              </dd>
            </div>
          )}
          {member.contact.email && (
            <div>
              <dt className="font-medium text-slate-700">{t('directory.email')}</dt>
              <dd className="break-all">
                <a href={`mailto:${member.contact.email}`} className="text-brand-800 underline">
                  {member.contact.email}
                </a>
              </dd>
            </div>
          )}
        </dl>
        {!member.contact.phone && !member.contact.email && (
          <p className="text-sm text-slate-700">{t('directory.noContact')}</p>
        )}
      </article>
    </li>
  )
}
