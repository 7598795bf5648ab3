import { useLayoutEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { Button } from '@/components/ui/button'
import { ONBOARDING_STEPS } from './model'
import { BudgetSection } from './more-sections'
import { WhatSection, WhereSection } from './where-what-sections'

const STEP_SECTIONS = { where: WhereSection, what: WhatSection, budget: BudgetSection }

/**
 * The guided introduction for a buyer who never saved preferences: where, what, budget, then save.
 * It edits the same form as the full page, so skipping keeps whatever was typed.
 */
export function PreferencesOnboarding({
  index,
  onBack,
  onSkip,
  isSaving,
}: {
  index: number
  onBack: () => void
  onSkip: () => void
  isSaving: boolean
}) {
  const { t } = useTranslation('profile')
  const headingRef = useRef<HTMLHeadingElement>(null)
  const focusedIndex = useRef(index)
  const step = ONBOARDING_STEPS[index] ?? ONBOARDING_STEPS[0]
  const Section = STEP_SECTIONS[step.id]
  const last = index === ONBOARDING_STEPS.length - 1

  // Moving between steps puts focus on the new step's heading, so screen readers announce it. In the same
  // commit as the new step (a layout effect): no moment where the step shows and focus is still on "Next".
  useLayoutEffect(() => {
    if (index === focusedIndex.current) return
    focusedIndex.current = index
    headingRef.current?.focus()
  }, [index])

  return (
    <section aria-labelledby="onboarding-title" className="grid gap-5">
      <div className="grid gap-2 rounded-xl border border-brand-200 bg-brand-50 p-4 sm:p-6">
        <h2 id="onboarding-title" className="text-lg font-semibold text-brand-900">
          {t('onboarding.title')}
        </h2>
        <p className="text-sm text-brand-900">{t('onboarding.intro')}</p>
        <ol className="mt-2 flex flex-wrap gap-2" aria-label={t('onboarding.stepsLabel')}>
          {ONBOARDING_STEPS.map((item, position) => (
            <li
              key={item.id}
              aria-current={position === index ? 'step' : undefined}
              className={clsx(
                'rounded-full px-3 py-1 text-sm',
                position === index ? 'bg-brand-700 font-semibold text-white' : 'bg-white text-brand-900',
              )}
            >
              {t('onboarding.stepName', { number: position + 1, name: t(`onboarding.steps.${item.id}`) })}
            </li>
          ))}
        </ol>
      </div>
      {/* Announced when a step opens; the step pills and the section title already show it on screen. */}
      <h3 ref={headingRef} tabIndex={-1} className="sr-only">
        {t('onboarding.stepHeading', {
          number: index + 1,
          total: ONBOARDING_STEPS.length,
          name: t(`onboarding.steps.${step.id}`),
        })}
      </h3>
      <Section />
      <div className="flex flex-wrap items-center gap-3">
        {index > 0 && (
          <Button variant="secondary" onClick={onBack}>
            {t('onboarding.back')}
          </Button>
        )}
        {last ? (
          <Button type="submit" disabled={isSaving}>
            {isSaving ? t('form.saving') : t('onboarding.finish')}
          </Button>
        ) : (
          <Button type="submit">{t('onboarding.next')}</Button>
        )}
        <Button variant="ghost" onClick={onSkip} aria-describedby="onboarding-skip-note">
          {t('onboarding.skip')}
        </Button>
      </div>
      <p id="onboarding-skip-note" className="text-sm text-slate-600">
        {t('onboarding.skipNote')}
      </p>
    </section>
  )
}
