import { useEffect, useRef, useState } from 'react'
import { FormProvider, useForm, useFormContext, useWatch, type FieldErrors } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import type { Deal, DealInput } from '@/contract'
import { useSaveDeal } from './deal-api'
import { Checkbox, RadioGroup } from '@/components/form/choices'
import { FormSection } from '@/components/form/form-section'
import { FieldError } from './form/field'
import { fieldMessage } from '@/components/form/messages'
import { dealResolver } from './deal-resolver'
import { ALL_TERM_FIELDS, emptyDealForm, formStateOf, termFieldsOf, type DealFormState } from './form-values'
import { PhotosSection, type PhotosHandle } from './photos/photos-section'
import { AddressSection } from './sections/address-section'
import { DealSection } from './sections/deal-section'
import { PropertySection } from './sections/property-section'
import { StorySection, TagsSection } from './sections/story-section'
import { TermsSection } from './sections/terms-section'
import { readSaveError, type SaveFailure } from './server-errors'

const FIELD_NAMES = Object.keys(emptyDealForm())
const countErrors = (errors: FieldErrors<DealFormState>) => Object.keys(errors).filter((key) => key !== 'root').length

/** Create or edit a listing: every field of its type, checked by the contract before it is sent. */
export function DealForm({ deal }: { deal?: Deal }) {
  const { t } = useTranslation('dealForm')
  const navigate = useNavigate()
  const form = useForm<DealFormState, unknown, DealInput>({
    defaultValues: deal ? formStateOf(deal) : emptyDealForm(),
    resolver: dealResolver,
  })
  const save = useSaveDeal(deal?.id)
  const photos = useRef<PhotosHandle>(null)
  const [failure, setFailure] = useState<SaveFailure | null>(null)
  const failureRef = useRef<HTMLDivElement>(null)
  const { errors, submitCount } = form.formState
  const errorCount = countErrors(errors)

  useEffect(() => {
    if (failure) failureRef.current?.focus()
  }, [failure])

  // Terms of a purchase type no longer shown keep their values but not their errors, so the summary
  // counts only what the seller can see and fix.
  const [dealCategory, purchaseType] = useWatch({ control: form.control, name: ['dealCategory', 'purchaseType'] })
  const { clearErrors } = form
  useEffect(() => {
    const shown = new Set<string>(termFieldsOf({ dealCategory, purchaseType }))
    clearErrors(ALL_TERM_FIELDS.filter((field) => !shown.has(field)))
    if (dealCategory !== 'creative') clearErrors('purchaseType')
  }, [dealCategory, purchaseType, clearErrors])

  async function submit(input: DealInput, sameAddressConfirmed = false) {
    setFailure(null)
    let saved: Deal
    try {
      saved = await save.mutateAsync({ input, sameAddressConfirmed })
    } catch (error) {
      setFailure(readSaveError(error, form.setError, FIELD_NAMES))
      return
    }
    // Photos picked before the first save go up now that the listing exists.
    const uploaded = (await photos.current?.uploadPending(saved.id)) ?? true
    toast({
      title: deal ? t('saved.updated') : t('saved.created'),
      description: uploaded ? undefined : t('photos.someFailed'),
      variant: 'success',
    })
    void navigate(`/deals/${saved.id}`)
  }

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit((input) => submit(input))(event)}
        className="grid gap-6"
      >
        {submitCount > 0 && errorCount > 0 && (
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm font-medium text-red-800">
            {t('validation:formSummary', { count: errorCount })}
          </div>
        )}
        {failure && (
          <div
            ref={failureRef}
            tabIndex={-1}
            role="alert"
            className="grid gap-1 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800"
          >
            {failure.kind === 'duplicate' ? (
              <>
                <p className="font-semibold">{t('errors.duplicateAddress')}</p>
                {failure.existingDealId ? (
                  <Link to={`/deals/${failure.existingDealId}`} className="font-semibold underline">
                    {t('errors.viewExisting')}
                  </Link>
                ) : (
                  <p>{t('errors.duplicateHiddenAddress')}</p>
                )}
              </>
            ) : failure.kind === 'ownDuplicate' ? (
              <>
                <p className="font-semibold">{t('errors.ownDuplicateAddress')}</p>
                <p>{t('errors.ownDuplicateQuestion')}</p>
                <div className="mt-2 flex flex-wrap items-center gap-3">
                  <Button
                    type="button"
                    disabled={form.formState.isSubmitting}
                    onClick={() => void form.handleSubmit((input) => submit(input, true))()}
                  >
                    {t('errors.confirmSameAddress')}
                  </Button>
                  <Link to={`/deals/${failure.existingDealId}`} className="font-semibold underline">
                    {t('errors.viewYours')}
                  </Link>
                </div>
              </>
            ) : (
              <>
                <p className="font-semibold">{t('errors.updateFailed')}</p>
                {failure.detail && <p>{failure.detail}</p>}
              </>
            )}
          </div>
        )}
        <p className="text-sm text-slate-600">{t('form.requiredNote')}</p>
        <AddressSection />
        <DealSection />
        <TermsSection />
        <PropertySection />
        <StorySection />
        <TagsSection />
        <PhotosSection ref={photos} deal={deal} />
        <FinalSection isNew={!deal} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? t('form.saving') : deal ? t('form.saveChanges') : t('form.create')}
          </Button>
          <Button variant="ghost" size="lg" onClick={() => void navigate(deal ? `/deals/${deal.id}` : '/deals/mine')}>
            {t('form.cancel')}
          </Button>
        </div>
      </form>
    </FormProvider>
  )
}

/** The legal certification, and for a new listing whether it starts active or exclusive. */
function FinalSection({ isNew }: { isNew: boolean }) {
  const { t } = useTranslation('dealForm')
  const { register, control, formState, setValue } = useFormContext<DealFormState>()
  const initialStatus = useWatch({ control, name: 'initialStatus' })
  const certificationError = fieldMessage(t, formState.errors.legalCertification?.message)
  return (
    <FormSection title={t('sections.publish')}>
      {isNew && (
        <RadioGroup
          name="initialStatus"
          legend={t('fields.initialStatus')}
          options={[
            { value: 'active', label: t('status.active') },
            { value: 'exclusive', label: t('status.exclusive') },
          ]}
          value={initialStatus}
          onChange={(value) => setValue('initialStatus', value)}
          hint={t('hints.initialStatus')}
          columns={1}
        />
      )}
      <div className="grid gap-1">
        <Checkbox
          label={`${t('fields.legalCertification')} *`}
          aria-invalid={certificationError ? true : undefined}
          aria-describedby={certificationError ? 'legal-certification-error' : undefined}
          {...register('legalCertification')}
        />
        <FieldError id="legal-certification-error" message={certificationError} />
      </div>
    </FormSection>
  )
}
