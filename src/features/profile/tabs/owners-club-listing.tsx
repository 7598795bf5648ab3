import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { toast } from '@/components/ui/toast'
import { MEMBER_DEAL_TYPES, type MemberDealType, type User } from '@/contract'
import { Checkbox } from '@/components/form/choices'
import { FormSection } from '@/components/form/form-section'
import { useValueOptions } from '@/components/form/options'
import { CheckboxGroup } from '../forms/bound-choices'
import { SaveButton } from '../forms/save-button'
import { useUpdateProfile } from '../profile-api'
import { reportSaveError } from '../save-errors'
import { hasMissingBasics } from '../tabs'

type Values = { ownersClubListed: boolean; ownersClubDealTypes: MemberDealType[] }

const valuesOf = (user: User): Values => ({
  ownersClubListed: user.ownersClubListed ?? false,
  ownersClubDealTypes: (user.ownersClubDealTypes ?? []).filter((type): type is MemberDealType =>
    (MEMBER_DEAL_TYPES as readonly string[]).includes(type),
  ),
})

/**
 * The Owners Club listing (sellers, owners and admins; on the company tab): off by default; when on, the
 * member's company, markets, deal types and company contact appear in the directory on /owners.
 */
export function OwnersClubListing({ user }: { user: User }) {
  const { t } = useTranslation('profile')
  const { register, control, handleSubmit, reset, setError } = useForm<Values>({ defaultValues: valuesOf(user) })
  const update = useUpdateProfile({
    onError: (error) =>
      reportSaveError(error, { t, failure: 'profileUpdateFailed', setError, fields: ['ownersClubDealTypes'] }),
  })
  const dealTypeOptions = useValueOptions('dealTypes', MEMBER_DEAL_TYPES)
  const needsBasics = hasMissingBasics(user)
  const onSubmit = handleSubmit((values) =>
    update
      .mutateAsync({
        firstName: user.firstName ?? '',
        lastName: user.lastName ?? '',
        phoneNumber: user.phoneNumber ?? '',
        ...values,
      })
      .then(
        (saved) => {
          reset(valuesOf(saved))
          toast({ title: t('saved.title'), description: t('saved.ownersClub'), variant: 'success' })
        },
        () => undefined,
      ),
  )
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <FormSection title={t('ownersClub.title')} description={t('ownersClub.description')}>
        <Checkbox
          label={t('ownersClub.listMe')}
          hint={
            <>
              {t('ownersClub.listMeHint')}{' '}
              <Link to="/owners" className="font-semibold text-brand-800 underline">
                {t('ownersClub.openClub')}
              </Link>
            </>
          }
          {...register('ownersClubListed')}
        />
        <CheckboxGroup
          control={control}
          name="ownersClubDealTypes"
          legend={t('ownersClub.dealTypes')}
          options={dealTypeOptions}
          columns={3}
        />
        <SaveButton isSaving={update.isPending} disabled={needsBasics} />
      </FormSection>
    </form>
  )
}
