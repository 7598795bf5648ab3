import { useEffect, useId, useRef } from 'react'
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import {
  isCloseDateInPast,
  OFFER_TYPES,
  OfferInputSchema,
  offerToday,
  TYPICAL_CLOSE_DAYS,
  OFFER_MESSAGE_MAX,
  type Offer,
  type OfferValues,
} from '@/contract'
import { RadioGroup } from '@/components/form/choices'
import { HelpHint, WithHelpHint } from '@/components/help-hint'
import { contractResolver, numbersFromText, stripNumberFormatting } from '@/components/form/resolver'
import { Button } from '@/components/ui/button'
import { Field, inputClass, TextInput } from '@/components/ui/field'
import { toast } from '@/components/ui/toast'
import { formatNumber, languageOf } from '../format'
import { RefreshFailed, useSubmitOffer } from './offers-api'
import { offerAmountText } from './offer-text'

type OfferType = (typeof OFFER_TYPES)[number]

/** What the boxes hold: text as typed (so nothing is lost on an error), the type blank until chosen. */
type Values = {
  type: OfferType | ''
  purchasePrice: string
  entryFee: string
  closeOfEscrowDate: string
  message: string
}

const EMPTY: Values = { type: '', purchasePrice: '', entryFee: '', closeOfEscrowDate: '', message: '' }
const FIELDS = Object.keys(EMPTY) as (keyof Values)[]
const AMOUNTS = ['purchasePrice', 'entryFee'] as const
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/

/** The amount each type asks for; the other one's box is hidden, and what it still holds is left out. */
const AMOUNT_OF = { cash: 'purchasePrice', creative: 'entryFee' } as const satisfies Record<OfferType, string>

/** The fields the form shows for a type (in their order on the page): only the chosen type's amount. */
const shownFields = (type: Values['type']) =>
  FIELDS.filter((name) => !(AMOUNTS as readonly string[]).includes(name) || (type && AMOUNT_OF[type] === name))

/**
 * What the contract judges: the chosen type's amount only. An amount typed for the other type stays in its
 * (hidden) box, so switching back finds it, but it is neither judged nor sent.
 */
const contract = contractResolver<Values, OfferValues>(OfferInputSchema, (values) => {
  const chosen = values.type ? AMOUNT_OF[values.type] : undefined
  const prepared = {
    ...values,
    type: values.type || undefined,
    purchasePrice: chosen === 'purchasePrice' ? values.purchasePrice : '',
    entryFee: chosen === 'entryFee' ? values.entryFee : '',
  }
  return numbersFromText(stripNumberFormatting(prepared, AMOUNTS), AMOUNTS)
})

/**
 * The contract's rules (spec §5), plus the past close date said at once by the browser's clock (the server
 * judges it again by its own), beside whatever else is missing.
 */
const resolver: Resolver<Values, unknown, OfferValues> = async (values, context, options) => {
  const result = await contract(values, context, options)
  const errors = { ...result.errors }
  // The contract names the message without its limit.
  if (errors.message?.message === 'validation:tooBigString') {
    errors.message = { ...errors.message, message: `validation:tooBigString?maximum=${OFFER_MESSAGE_MAX}` }
  }
  // The contract judges an amount by the type only once every field parses; the form says it at once.
  if (values.type === 'cash' && !values.purchasePrice.trim() && !errors.purchasePrice) {
    errors.purchasePrice = { type: 'custom', message: 'validation:offerPurchasePriceRequired' }
  }
  if (values.type === 'creative' && !values.entryFee.trim() && !errors.entryFee) {
    errors.entryFee = { type: 'custom', message: 'validation:offerEntryFeeRequired' }
  }
  const date = values.closeOfEscrowDate
  if (!errors.closeOfEscrowDate && CALENDAR_DAY.test(date) && isCloseDateInPast(date, offerToday(new Date()))) {
    errors.closeOfEscrowDate = { type: 'custom', message: 'validation:offerCloseDatePast' }
  }
  // Never an error the person cannot see (the amount of the type not chosen).
  const shown = new Set<string>(shownFields(values.type))
  for (const name of Object.keys(errors)) if (!shown.has(name)) delete errors[name as keyof Values]
  return Object.keys(errors).length > 0 ? { values: {}, errors } : result
}

/**
 * The offer form (spec §5 Offer): cash with a purchase price or creative with an entry fee (only the chosen
 * type's amount shown), the estimated close of escrow date and an optional message. With an open offer it
 * says the new one replaces it.
 */
export function OfferForm({
  dealId,
  openOffer,
  onSent,
  onCancel,
}: {
  dealId: string
  /** The viewer's open offer on this listing, which a new one replaces. */
  openOffer: Offer | undefined
  onSent: () => void
  onCancel: () => void
}) {
  const { t, i18n } = useTranslation('dealDetail')
  const titleId = useId()
  const submitOffer = useSubmitOffer(dealId)
  // Focus goes to the first field in error in the page's order (react-hook-form's own follows the order the
  // fields mounted in, where an amount shown after a type was chosen comes last).
  const form = useForm<Values, unknown, OfferValues>({ resolver, defaultValues: EMPTY, shouldFocusError: false })
  const { errors, submitCount, isSubmitting } = form.formState
  const type = useWatch({ control: form.control, name: 'type' })
  const errorCount = shownFields(type).filter((name) => errors[name]).length
  const formRef = useRef<HTMLFormElement>(null)
  // Opened from a button that it replaces: focus starts at the first choice.
  useEffect(() => formRef.current?.querySelector('input')?.focus(), [])

  const focusFirst = (failed: (name: keyof Values) => boolean) => {
    const first = shownFields(form.getValues('type')).find(failed)
    if (first) form.setFocus(first)
  }

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await submitOffer.mutateAsync(values)
        toast({ title: t('offer.sent'), description: t('offer.sentDetail'), variant: 'success' })
        form.reset(EMPTY)
        onSent()
      } catch (error) {
        if (error instanceof RefreshFailed) {
          // Sent: the form's job is done, but the list below is stale until the page is reloaded.
          toast({ title: t('offer.sentNotShown'), description: t('offer.reload') })
          form.reset(EMPTY)
          onSent()
          return
        }
        const refused = (isApiError(error) && error.fields) || {}
        const shown = shownFields(values.type).filter((name) => refused[name])
        for (const name of shown) form.setError(name, { type: 'server', message: refused[name] })
        focusFirst((name) => shown.includes(name))
        toast({
          title: t('offer.failed'),
          description: isApiError(error) && error.status < 500 && shown.length === 0 ? error.message : undefined,
          variant: 'destructive',
        })
      }
    },
    (invalid) => focusFirst((name) => Boolean(invalid[name])),
  )

  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => void submit(event)}
      className="grid max-w-xl gap-4 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:p-4"
    >
      <h3 id={titleId} className="text-sm font-semibold text-slate-900">
        {t(openOffer ? 'offer.newTitle' : 'offer.title')}
      </h3>
      {openOffer && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('offer.replaces', { amount: offerAmountText(t, openOffer) })}
        </p>
      )}
      {submitCount > 0 && errorCount > 0 && (
        <p className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {t('validation:formSummary', { count: errorCount })}
        </p>
      )}
      <WithHelpHint entry="offer-form.type">
        <Controller
          control={form.control}
          name="type"
          render={({ field }) => (
            // A missing type is the first error: submitting focuses its first choice (react-hook-form calls focus()).
            <div ref={(element) => field.ref(element && { focus: () => element.querySelector('input')?.focus() })}>
              <RadioGroup
                name={field.name}
                legend={t('offer.type')}
                options={OFFER_TYPES.map((value) => ({ value, label: t(`values:dealCategories.${value}`) }))}
                value={field.value || null}
                onChange={field.onChange}
                error={errors.type?.message}
                columns={2}
              />
            </div>
          )}
        />
      </WithHelpHint>
      {type === 'cash' && (
        <Field label={t('offer.purchasePrice')} error={errors.purchasePrice?.message}>
          {(control) => <TextInput {...control} {...form.register('purchasePrice')} inputMode="decimal" />}
        </Field>
      )}
      {type === 'creative' && (
        <Field
          label={t('offer.entryFee')}
          labelAside={<HelpHint entry="offer-form.entry-fee" />}
          error={errors.entryFee?.message}
        >
          {(control) => <TextInput {...control} {...form.register('entryFee')} inputMode="decimal" />}
        </Field>
      )}
      <Field
        label={t('offer.closeDate')}
        hint={t('offer.closeDateHint', { days: TYPICAL_CLOSE_DAYS })}
        error={errors.closeOfEscrowDate?.message}
      >
        {(control) => (
          <TextInput {...control} {...form.register('closeOfEscrowDate')} type="date" min={offerToday(new Date())} />
        )}
      </Field>
      <Field
        label={t('offer.message')}
        hint={t('offer.messageHint', { max: formatNumber(OFFER_MESSAGE_MAX, languageOf(i18n.language)) })}
        error={errors.message?.message}
      >
        {(control) => (
          <textarea {...control} {...form.register('message')} rows={3} className={inputClass('md', 'h-auto py-2')} />
        )}
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('offer.cancel')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {t(openOffer ? 'offer.submitReplace' : 'offer.submit')}
        </Button>
      </div>
    </form>
  )
}
