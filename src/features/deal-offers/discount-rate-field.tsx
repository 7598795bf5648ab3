import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Field } from '@/components/ui/field'
import { parseDiscountRate, RATE_PARAM } from './offer-values'

/**
 * The rate the offers' later payments are discounted at. A valid rate goes to the URL at once (the values and
 * their order follow); an invalid one says why and leaves the values at the last valid rate.
 */
export function DiscountRateField({ rate }: { rate: number }) {
  const { t } = useTranslation('myListings')
  const [params, setParams] = useSearchParams()
  const [text, setText] = useState(String(rate))
  const invalid = parseDiscountRate(text) === null
  return (
    <Field
      label={t('offers.value.rateLabel')}
      hint={t('offers.value.rateHint')}
      error={invalid ? t('offers.value.rateInvalid') : undefined}
      className="max-w-md"
    >
      {(control) => (
        <input
          {...control}
          inputMode="decimal"
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            const next = parseDiscountRate(event.target.value)
            if (next === null) return
            const query = new URLSearchParams(params)
            query.set(RATE_PARAM, String(next))
            setParams(query, { replace: true })
          }}
          className="h-10 w-32 rounded-md border border-slate-300 bg-white px-3 text-sm"
        />
      )}
    </Field>
  )
}
