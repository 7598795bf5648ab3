import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { ButtonLink } from '@/components/ui/button'

export type RequestOutcomeValue = { status: 'invited' | 'waitlisted'; email: string }

/** What happened to a request: an invitation is on its way, or the person is on the waitlist. */
export function RequestOutcome({ outcome }: { outcome: RequestOutcomeValue }) {
  const { t } = useTranslation('signup')
  const headingRef = useRef<HTMLHeadingElement>(null)
  // The form is gone: put keyboard and screen-reader users on the news.
  useEffect(() => headingRef.current?.focus(), [])
  const isInvited = outcome.status === 'invited'

  return (
    <div className="grid gap-4">
      <div
        role="status"
        className={
          isInvited
            ? 'grid gap-2 rounded-lg border border-brand-200 bg-brand-50 p-4 text-brand-950'
            : 'grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950'
        }
      >
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          {isInvited ? t('request.invitedTitle') : t('request.waitlistedTitle')}
        </h2>
        {isInvited ? (
          <>
            <p className="text-sm">{t('request.invitedBody', { email: outcome.email })}</p>
            <p className="text-sm">{t('request.invitedNext')}</p>
          </>
        ) : (
          <>
            <p className="text-sm">{t('request.capacity')}</p>
            <p className="text-sm">{t('request.waitlistedBody', { email: outcome.email })}</p>
          </>
        )}
      </div>
      <p className="text-sm text-slate-700">{t('request.spamHint')}</p>
      <div className="flex flex-wrap gap-3">
        <ButtonLink to="/" variant="secondary">
          {t('common.backHome')}
        </ButtonLink>
      </div>
    </div>
  )
}
