import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from '@/components/ui/toast'
import { PROFILE_PICTURE_MAX_BYTES, ProfileUpdateInputSchema, type User } from '@/contract'
import { formatPhone } from '@/lib/format-phone'
import { Field, TextInput } from '@/components/ui/field'
import { blanksToNull, contractResolver } from '@/components/form/resolver'
import { FormSection } from '@/components/form/form-section'
import { formatBytes } from '@/components/form/image-file'
import { ImageUpload } from '../forms/image-upload'
import { SaveButton } from '../forms/save-button'
import { useUpdateProfile, useUploadImage } from '../profile-api'
import { reportSaveError } from '../save-errors'
import { useFinishProfile } from '../use-finish'

const PersonalSchema = ProfileUpdateInputSchema.pick({
  firstName: true,
  lastName: true,
  phoneNumber: true,
  callBookingLink: true,
})

type PersonalValues = { firstName: string; lastName: string; phoneNumber: string; callBookingLink: string }
const FIELDS = ['firstName', 'lastName', 'phoneNumber', 'callBookingLink'] as const

const valuesOf = (user: User): PersonalValues => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  phoneNumber: formatPhone(user.phoneNumber),
  callBookingLink: user.callBookingLink ?? '',
})

/** Company details travel with every profile update, so saving names never clears them. */
export const companyOf = (user: User) => ({
  companyName: user.companyName ?? null,
  companyPhone: user.companyPhone ?? null,
  companyEmail: user.companyEmail ?? null,
})

/** The profile tab: names, phone, call booking link and profile picture. */
export function ProfileTab({ user }: { user: User }) {
  const { t } = useTranslation('profile')
  const finish = useFinishProfile()
  const form = useForm<PersonalValues, unknown, ReturnType<typeof PersonalSchema.parse>>({
    defaultValues: valuesOf(user),
    resolver: contractResolver(PersonalSchema, blanksToNull),
  })
  const { register, handleSubmit, formState, setError, setValue, reset } = form
  const update = useUpdateProfile({
    onError: (error) => reportSaveError(error, { t, failure: 'profileUpdateFailed', setError, fields: FIELDS }),
  })
  const picture = useUploadImage('picture', {
    onError: (error) => reportSaveError(error, { t, failure: 'profileUpdateFailed' }),
  })

  const onSubmit = handleSubmit((values) =>
    update.mutateAsync({ ...companyOf(user), ...values }).then(
      (saved) => {
        reset(valuesOf(saved))
        toast({ title: t('saved.title'), description: t('saved.profile'), variant: 'success' })
        finish({ user: saved })
      },
      () => undefined,
    ),
  )

  const error = (name: (typeof FIELDS)[number]) => formState.errors[name]?.message
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email

  return (
    <div className="grid gap-6">
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-6">
        <FormSection title={t('profileTab.title')} description={t('profileTab.description')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('fields.firstName')} announceError required error={error('firstName')}>
              {(control) => <TextInput {...control} autoComplete="given-name" {...register('firstName')} />}
            </Field>
            <Field label={t('fields.lastName')} announceError required error={error('lastName')}>
              {(control) => <TextInput {...control} autoComplete="family-name" {...register('lastName')} />}
            </Field>
            <Field
              label={t('fields.phoneNumber')}
              announceError
              required
              hint={t('fields.phoneHint')}
              error={error('phoneNumber')}
            >
              {(control) => (
                <TextInput
                  {...control}
                  controlSize="lg"
                  type="tel"
                  autoComplete="tel-national"
                  {...register('phoneNumber', {
                    onBlur: (event: { target: HTMLInputElement }) =>
                      setValue('phoneNumber', formatPhone(event.target.value)),
                  })}
                />
              )}
            </Field>
            <Field
              label={t('fields.callBookingLink')}
              announceError
              hint={t('fields.callBookingLinkHint')}
              error={error('callBookingLink')}
            >
              {(control) => (
                <TextInput
                  {...control}
                  controlSize="lg"
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  {...register('callBookingLink')}
                />
              )}
            </Field>
          </div>
          <p className="text-sm text-slate-600">{t('profileTab.email', { email: user.email })}</p>
          <SaveButton isSaving={update.isPending} />
        </FormSection>
      </form>
      <FormSection title={t('profileTab.pictureTitle')}>
        <ImageUpload
          label={t('fields.profilePicture')}
          hint={t('image.pictureHint', { max: formatBytes(PROFILE_PICTURE_MAX_BYTES) })}
          maxBytes={PROFILE_PICTURE_MAX_BYTES}
          currentUrl={user.profilePictureUrl}
          imageAlt={t('image.pictureAlt', { name: fullName })}
          isUploading={picture.isPending}
          onUpload={(file) =>
            picture
              .mutateAsync(file)
              .then(() => toast({ title: t('saved.title'), description: t('saved.picture'), variant: 'success' }))
          }
        />
      </FormSection>
    </div>
  )
}
