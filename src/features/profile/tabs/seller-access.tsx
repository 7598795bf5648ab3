import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import { Button } from '@/components/ui/button'
import { Field, TextInput, inputClass } from '@/components/ui/field'
import { FormAlert } from '@/components/ui/form-alert'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { contractResolver } from '@/components/form/resolver'
import { FormSection } from '@/components/form/form-section'
import { SellerRequestInputSchema, type SellerRequest, type SellerRequestInput, type User } from '@/contract'
import { useFormatDate } from '@/i18n/use-format-date'
import { formatPhone } from '@/lib/format-phone'
import { useCreateSellerRequest, useMySellerRequest } from '../seller-request-api'

type Values = { companyName: string; phone: string; sells: string; note: string }
const FIELDS = ['companyName', 'phone', 'sells', 'note'] as const

/**
 * Seller access by approval (spec §6: a buyer does not make themselves a seller): the form asking for it,
 * then the request's status; after a decline its reason, and the form again to ask once more.
 */
export function SellerAccess({ user }: { user: User }) {
  const { t } = useTranslation('profile')
  const mine = useMySellerRequest()
  const [askingAgain, setAskingAgain] = useState(false)

  if (mine.isPending) return <Spinner />
  if (mine.isError)
    return (
      <FormAlert>
        <p>{t('sellerAccess.loadError')}</p>
        <div>
          <Button variant="secondary" onClick={() => void mine.refetch()}>
            {t('roles.retry')}
          </Button>
        </div>
      </FormAlert>
    )
  const request = mine.data.request
  const showForm = !request || (request.status === 'declined' && askingAgain)
  return (
    <FormSection
      title={t(showForm ? 'sellerAccess.title' : 'sellerAccess.statusTitle')}
      description={t('sellerAccess.description')}
    >
      {request && !showForm && <RequestStatus request={request} onAskAgain={() => setAskingAgain(true)} />}
      {showForm && <SellerRequestForm user={user} previous={request} />}
    </FormSection>
  )
}

function RequestStatus({ request, onAskAgain }: { request: SellerRequest; onAskAgain: () => void }) {
  const { t } = useTranslation('profile')
  const formatDate = useFormatDate()
  const tone = {
    pending: 'border-amber-200 bg-amber-50 text-amber-950',
    approved: 'border-emerald-200 bg-emerald-50 text-emerald-950',
    declined: 'border-red-200 bg-red-50 text-red-950',
  }[request.status]
  return (
    <div role="status" className={`grid justify-items-start gap-2 rounded-lg border p-4 ${tone}`}>
      <p className="font-semibold">{t(`sellerAccess.status.${request.status}`)}</p>
      <p className="text-sm">
        {t(`sellerAccess.statusDetail.${request.status}`, {
          date: formatDate(request.decidedAt ?? request.createdAt),
          company: request.companyName,
        })}
      </p>
      {request.status === 'declined' && request.reason && (
        <p className="text-sm">
          <span className="font-medium">{t('sellerAccess.reason')}</span> {request.reason}
        </p>
      )}
      {request.status === 'declined' && (
        <Button variant="secondary" onClick={onAskAgain}>
          {t('sellerAccess.askAgain')}
        </Button>
      )}
    </div>
  )
}

function SellerRequestForm({ user, previous }: { user: User; previous: SellerRequest | null }) {
  const { t } = useTranslation('profile')
  const create = useCreateSellerRequest()
  const form = useForm<Values, unknown, SellerRequestInput>({
    resolver: contractResolver(SellerRequestInputSchema),
    defaultValues: {
      companyName: previous?.companyName ?? user.companyName ?? '',
      phone: formatPhone(previous?.phone ?? user.companyPhone ?? user.phoneNumber ?? ''),
      sells: previous?.sells ?? '',
      note: previous?.note ?? '',
    },
  })
  const { errors } = form.formState

  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values)
      toast({ title: t('sellerAccess.sent'), description: t('sellerAccess.sentDetail'), variant: 'success' })
    } catch (error) {
      // What was typed stays; the server's field messages go next to their fields, anything else above the button.
      const fields = isApiError(error) ? error.fields : undefined
      for (const [name, message] of Object.entries(fields ?? {})) {
        if ((FIELDS as readonly string[]).includes(name)) form.setError(name as keyof Values, { message })
      }
      if (!fields) {
        const message = isApiError(error) && error.status < 500 ? error.message : t('sellerAccess.failed')
        form.setError('root', { message })
      }
    }
  })

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('sellerAccess.companyName')} required announceError error={errors.companyName?.message}>
          {(control) => <TextInput {...control} autoComplete="organization" {...form.register('companyName')} />}
        </Field>
        <Field label={t('sellerAccess.phone')} required announceError error={errors.phone?.message}>
          {(control) => (
            <TextInput
              {...control}
              type="tel"
              autoComplete="tel"
              {...form.register('phone', {
                onBlur: (event: { target: HTMLInputElement }) =>
                  form.setValue('phone', formatPhone(event.target.value)),
              })}
            />
          )}
        </Field>
      </div>
      <Field
        label={t('sellerAccess.sells')}
        hint={t('sellerAccess.sellsHint')}
        required
        announceError
        error={errors.sells?.message}
      >
        {(control) => (
          <textarea {...control} rows={3} className={inputClass('md', 'h-auto py-2')} {...form.register('sells')} />
        )}
      </Field>
      <Field
        label={t('sellerAccess.note')}
        hint={t('sellerAccess.noteHint')}
        announceError
        error={errors.note?.message}
      >
        {(control) => (
          <textarea {...control} rows={3} className={inputClass('md', 'h-auto py-2')} {...form.register('note')} />
        )}
      </Field>
      <FormAlert>{errors.root?.message}</FormAlert>
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('sellerAccess.sending') : t('sellerAccess.submit')}
        </Button>
      </div>
    </form>
  )
}
