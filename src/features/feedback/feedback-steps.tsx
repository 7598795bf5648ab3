import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FEEDBACK_TYPES, type FeedbackType } from '@/contract'
import { FeedbackForm } from './feedback-form'
import type { FeedbackSteps } from './feedback-state'

/** Outline icons (24×24, stroked), drawn here: emoji fonts are missing on some systems. */
const TYPE_ICON_PATHS: Record<FeedbackType, string[]> = {
  bug: [
    'M8 9a4 4 0 0 1 8 0v5a4 4 0 0 1-8 0z',
    'M12 9v9',
    'M4 13h4M16 13h4M5 8l3 2M19 8l-3 2M5 19l3-2M19 19l-3-2M10 5 9 3M14 5l1-2',
  ],
  feature: ['M9 18h6M10 21h4', 'M12 3a6 6 0 0 0-3.5 10.9c.6.4 1 1.1 1 1.8V16h5v-.3c0-.7.4-1.4 1-1.8A6 6 0 0 0 12 3z'],
  question: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14', 'M12 17h.01'],
}

function TypeIcon({ type }: { type: FeedbackType }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="mt-0.5 size-6 shrink-0 text-brand-700"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {TYPE_ICON_PATHS[type].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  )
}

type StepsViewProps = {
  steps: FeedbackSteps
  page: string
  ownersClub: boolean
  /** The heading element of each step (h2 in the widget's dialog, h2 on the pages). */
  Heading?: 'h2' | 'h3'
}

/** The three steps of spec §4: choose a type, write, sent. The widget and both pages show the same. */
export function FeedbackStepsView({ steps, page, ownersClub, Heading = 'h2' }: StepsViewProps) {
  const { t } = useTranslation('feedback')
  const { step, type } = steps.state
  // Each step's heading takes the focus when the step changes, so keyboard and screen reader users follow.
  const heading = useRef<HTMLHeadingElement>(null)
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    heading.current?.focus()
  }, [step])

  if (step === 'success') {
    return (
      <div className="grid justify-items-center gap-3 py-4 text-center">
        <span
          aria-hidden="true"
          className="grid size-12 place-items-center rounded-full bg-brand-50 text-2xl text-brand-700"
        >
          ✓
        </span>
        <Heading ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
          {t('successTitle')}
        </Heading>
        <p className="text-sm text-slate-700">{t('successBody')}</p>
        <Button variant="secondary" onClick={steps.reset}>
          {t('sendMore')}
        </Button>
      </div>
    )
  }

  if (step === 'form' && type) {
    return (
      <div className="grid gap-4">
        <div className="flex items-center gap-2">
          <Button variant="ghost" size="sm" className="size-9 px-0" aria-label={t('back')} onClick={steps.back}>
            <span aria-hidden="true">←</span>
          </Button>
          <Heading ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
            {t(`types.${type}.label`)}
          </Heading>
        </div>
        <FeedbackForm steps={steps} type={type} page={page} ownersClub={ownersClub} />
      </div>
    )
  }

  return (
    <div className="grid gap-3">
      <Heading ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
        {t('chooseType')}
      </Heading>
      <ul className="grid gap-2">
        {FEEDBACK_TYPES.map((option) => (
          <li key={option}>
            <button
              type="button"
              onClick={() => steps.choose(option)}
              className="flex w-full items-start gap-3 rounded-lg border border-slate-200 bg-white p-3 text-left hover:border-brand-400 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <TypeIcon type={option} />
              <span className="grid">
                <span className="font-semibold text-slate-900">{t(`types.${option}.label`)}</span>
                <span className="text-sm text-slate-600">{t(`types.${option}.hint`)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
