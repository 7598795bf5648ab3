import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { toast } from '@/components/ui/toast'
import { COMPANY_LOGO_MAX_BYTES, ProfileUpdateInputSchema, type User } from '@/contract'
import { isPrivileged } from '@/auth'
import { formatPhone } from '@/lib/format-phone'
import { Field, TextInput } from '@/components/ui/field'
import { contractResolver } from '@/components/form/resolver'
import { FormSection } from '@/components/form/form-section'
import { formatBytes } from '@/components/form/image-file'
import { ImageUpload } from '../forms/image-upload'
import { SaveButton } from '../forms/save-button'
import { useUpdateProfile, useUploadImage } from '../profile-api'
import { reportSaveError } from '../save-errors'
import { hasMissingBasics } from '../tabs'
import { OwnersClubListing } from './owners-club-listing'

const CompanySchema = ProfileUpdateInputSchema.pick({ companyName: true, companyPhone: true, companyEmail: true })
type CompanyValues = { companyName: string; companyPhone: string; companyEmail: string }
const FIELDS = ['companyName', 'companyPhone', 'companyEmail'] as const

const valuesOf = (user: User): CompanyValues => ({
  companyName: user.companyName ?? '',
  companyPhone: formatPhone(user.companyPhone),
  companyEmail: user.companyEmail ?? '',
})

/** The company tab: name, phone, e-mail and logo (at most 500KB, JPEG, PNG or WebP). */
export function CompanyTab({ user }: { user: User }) {
  const { t } = useTranslation('profile')
  const { register, handleSubmit, formState, setError, setValue, reset } = useForm<
    CompanyValues,
    unknown,
    ReturnType<typeof CompanySchema.parse>
  >({ defaultValues: valuesOf(user), resolver: contractResolver(CompanySchema) })
  const update = useUpdateProfile({
    onError: (error) => reportSaveError(error, { t, failure: 'profileUpdateFailed', setError, fields: FIELDS }),
  })
  const logo = useUploadImage('logo', {
    onError: (error) => reportSaveError(error, { t, failure: 'profileUpdateFailed' }),
  })
  // The update carries the person's names and phone too: without them the server cannot accept it.
  const needsBasics = hasMissingBasics(user)

  const onSubmit = handleSubmit((values) =>
    update
      .mutateAsync({
        firstName: user.firstName ?? '',
        lastName: user.lastName ?? '',
        phoneNumber: user.phoneNumber ?? '',
        callBookingLink: user.callBookingLink ?? null,
        ...values,
      })
      .then(
        (saved) => {
          reset(valuesOf(saved))
          toast({ title: t('saved.title'), description: t('saved.company'), variant: 'success' })
        },
        () => undefined,
      ),
  )
  const error = (name: (typeof FIELDS)[number]) => formState.errors[name]?.message

  return (
    <div className="grid gap-6">
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-6">
        <FormSection title={t('companyTab.title')} description={t('companyTab.description')}>
          {needsBasics && (
            <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              {t('companyTab.needsBasics')}{' '}
              <Link to="/profile?tab=profile" className="font-semibold underline">
                {t('companyTab.needsBasicsLink')}
              </Link>
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('fields.companyName')} announceError error={error('companyName')} className="sm:col-span-2">
              {(control) => <TextInput {...control} autoComplete="organization" {...register('companyName')} />}
            </Field>
            <Field label={t('fields.companyPhone')} announceError error={error('companyPhone')}>
              {(control) => (
                <TextInput
                  {...control}
                  controlSize="lg"
                  type="tel"
                  {...register('companyPhone', {
                    onBlur: (event: { target: HTMLInputElement }) =>
                      setValue('companyPhone', formatPhone(event.target.value)),
                  })}
                />
              )}
            </Field>
            <Field label={t('fields.companyEmail')} announceError error={error('companyEmail')}>
              {(control) => <TextInput {...control} type="email" {...register('companyEmail')} />}
            </Field>
          </div>
          <SaveButton isSaving={update.isPending} disabled={needsBasics} />
        </FormSection>
      </form>
      <FormSection title={t('companyTab.logoTitle')}>
        <ImageUpload
          label={t('fields.companyLogo')}
          hint={t('image.logoHint', { max: formatBytes(COMPANY_LOGO_MAX_BYTES) })}
          maxBytes={COMPANY_LOGO_MAX_BYTES}
          currentUrl={user.companyLogoUrl}
          imageAlt={t('image.logoAlt', { name: user.companyName || t('companyTab.yourCompany') })}
          isUploading={logo.isPending}
          onUpload={(file) =>
            logo
              .mutateAsync(file)
              .then(() => toast({ title: t('saved.title'), description: t('saved.logo'), variant: 'success' }))
          }
        />
      </FormSection>
      {isPrivileged(user) && <OwnersClubListing user={user} />}
    </div>
  )
}
