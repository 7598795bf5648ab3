import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { usePageTitle } from '@/components/page-title'
import { ButtonLink } from '@/components/ui/button'
import { FormCard } from '@/components/ui/form-card'

const STEPS = ['open', 'create', 'list'] as const

const emailFrom = (state: unknown) => {
  const email = (state as { email?: unknown } | null)?.email
  return typeof email === 'string' ? email : null
}

/** `/signup/seller/thank-you`: after a seller's request, what happens next. */
export function SellerThankYouPage() {
  const { t } = useTranslation('signup')
  const email = emailFrom(useLocation().state)
  const headingRef = useRef<HTMLHeadingElement>(null)
  usePageTitle(t('thankYou.title'))
  useEffect(() => headingRef.current?.focus(), [])

  return (
    <FormCard width="lg">
      <div className="grid gap-2">
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none"
        >
          {t('thankYou.title')}
        </h1>
        <p className="text-slate-700">{email ? t('thankYou.sentTo', { email }) : t('thankYou.sent')}</p>
      </div>
      <section aria-labelledby="next-steps-heading" className="grid gap-3">
        <h2 id="next-steps-heading" className="text-lg font-semibold text-slate-900">
          {t('thankYou.nextTitle')}
        </h2>
        <ol className="grid gap-3">
          {STEPS.map((step, index) => (
            <li key={step} className="flex gap-3">
              <span
                aria-hidden="true"
                className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
              >
                {index + 1}
              </span>
              <span className="grid gap-0.5">
                <span className="font-medium text-slate-900">{t(`thankYou.steps.${step}.title`)}</span>
                <span className="text-sm text-slate-700">{t(`thankYou.steps.${step}.body`)}</span>
              </span>
            </li>
          ))}
        </ol>
      </section>
      <p className="text-sm text-slate-700">{t('request.spamHint')}</p>
      <div className="flex flex-wrap gap-3">
        <ButtonLink to="/help">{t('thankYou.help')}</ButtonLink>
        <ButtonLink to="/" variant="secondary">
          {t('common.backHome')}
        </ButtonLink>
      </div>
    </FormCard>
  )
}
