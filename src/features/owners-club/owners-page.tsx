import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { passesRoleCheck, PRIVILEGED_ROLES, useSignedInUser } from '@/auth'
import { usePageTitle } from '@/components/page-title'
import { Button, ButtonLink } from '@/components/ui/button'
import type { OwnersLocations } from '@/contract'
import { MemberCard } from './member-card'
import { OwnersMap } from './owners-map'
import { useOwnersLocations } from './owners-api'

const COMPANY_PROFILE = '/profile?tab=company'

/** `/owners`: sellers, owners and admins (others are refused on the page, as the server refuses them). */
export function OwnersPage() {
  const user = useSignedInUser()
  if (!passesRoleCheck(user, PRIVILEGED_ROLES)) return <OwnersAccessDenied />
  return <OwnersClub userId={user.userId} listed={user.ownersClubListed ?? false} />
}

function OwnersAccessDenied() {
  const { t } = useTranslation('ownersClub')
  usePageTitle(t('denied.title'))
  return (
    <div className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{t('denied.title')}</h1>
      <p role="alert" className="text-slate-700">
        {t('denied.body')}
      </p>
      <ButtonLink to="/">{t('denied.home')}</ButtonLink>
    </div>
  )
}

/** The members' markets map and, beside it on wide screens (below on narrow ones), the directory. */
function OwnersClub({ userId, listed }: { userId: string; listed: boolean }) {
  const { t } = useTranslation('ownersClub')
  usePageTitle(t('title'))
  const club = useOwnersLocations()
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-4 px-4 py-6 sm:px-6">
      <div className="grid gap-1">
        <h1 className="text-3xl font-semibold text-slate-900">{t('title')}</h1>
        <p className="text-slate-700">{t('intro')}</p>
      </div>
      {club.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {t('loadError')}
          <Button variant="secondary" size="sm" onClick={() => void club.refetch()}>
            {t('retry')}
          </Button>
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <OwnersMap zips={club.data?.zips} />
        {club.isPending ? (
          <p role="status" className="text-sm text-slate-700">
            {t('loading')}
          </p>
        ) : (
          club.data && <Directory data={club.data} userId={userId} listed={listed} />
        )}
      </div>
    </div>
  )
}

function Directory({ data, userId, listed }: { data: OwnersLocations; userId: string; listed: boolean }) {
  const { t } = useTranslation('ownersClub')
  const { directory, directoryTotal } = data
  return (
    <section aria-labelledby="owners-directory" className="grid content-start gap-3">
      <div className="grid gap-1">
        <h2 id="owners-directory" className="text-lg font-semibold text-slate-900">
          {t('directory.title')}
        </h2>
        {directoryTotal > 0 && (
          <p className="text-sm text-slate-700">{t('directory.count', { count: directoryTotal })}</p>
        )}
        {directoryTotal > directory.length && (
          <p className="text-sm text-slate-700">
            {t('directory.capped', { shown: directory.length, total: directoryTotal })}
          </p>
        )}
      </div>
      {directory.length === 0 ? (
        <div className="grid justify-items-start gap-3 rounded-lg border border-dashed border-slate-300 p-4">
          <p className="text-slate-800">{t('directory.empty')}</p>
          <ButtonLink to={COMPANY_PROFILE} variant="secondary">
            {t('directory.emptyAction')}
          </ButtonLink>
        </div>
      ) : (
        <>
          {!listed && (
            <p className="text-sm text-slate-700">
              {t('directory.optIn')}{' '}
              <Link to={COMPANY_PROFILE} className="font-semibold text-brand-800 underline">
                {t('directory.optInLink')}
              </Link>
            </p>
          )}
          <ul className="grid max-h-[48rem] gap-3 overflow-auto" aria-labelledby="owners-directory">
            {directory.map((member) => (
              <MemberCard key={member.id} member={member} own={member.id === userId} />
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
