import { forwardRef, type InputHTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import type { HumanCheckChallenge } from '@/contract'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { Field, TextInput } from '@/components/ui/field'

type HumanCheckFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  challenge: HumanCheckChallenge | undefined
  isLoading: boolean
  isUnavailable: boolean
  onRefresh: () => void
  error?: string
}

/** The server's arithmetic question ("What is 3 + 4?") with a button for a new one. */
export const HumanCheckField = forwardRef<HTMLInputElement, HumanCheckFieldProps>(function HumanCheckField(
  { challenge, isLoading, isUnavailable, onRefresh, error, ...inputProps },
  ref,
) {
  const { t } = useTranslation('signup')

  if (isUnavailable && !challenge) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4">
        <p className="font-semibold text-amber-950">{t('humanCheck.unavailableTitle')}</p>
        <p className="text-sm text-amber-950">{t('humanCheck.unavailableBody')}</p>
        <Button variant="secondary" size="sm" onClick={onRefresh}>
          {t('humanCheck.retry')}
        </Button>
      </div>
    )
  }
  if (!challenge) {
    return <Spinner label={t('humanCheck.loading')} />
  }

  return (
    <fieldset className="grid gap-2 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t('humanCheck.legend')}</legend>
      <Field
        label={t('humanCheck.question', { a: challenge.a, operator: challenge.operator, b: challenge.b })}
        error={error}
      >
        {(control) => (
          <div className="flex gap-2">
            <TextInput
              {...control}
              controlSize="lg"
              {...inputProps}
              ref={ref}
              inputMode="numeric"
              autoComplete="off"
              className="min-w-0 flex-1"
            />
            <Button variant="secondary" onClick={onRefresh} disabled={isLoading} className="h-11 shrink-0">
              {t('humanCheck.newQuestion')}
            </Button>
          </div>
        )}
      </Field>
    </fieldset>
  )
})
