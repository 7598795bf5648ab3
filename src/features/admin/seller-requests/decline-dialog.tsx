import * as Dialog from '@radix-ui/react-dialog'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import { Button } from '@/components/ui/button'
import { Field, inputClass } from '@/components/ui/field'
import { FormAlert } from '@/components/ui/form-alert'
import { contractResolver } from '@/components/form/resolver'
import { SellerRequestDeclineInputSchema, type AdminSellerRequest, type SellerRequestDeclineInput } from '@/contract'

/**
 * Declining a request asks why (required): the requester reads the reason in their notice and mail. What
 * was typed stays when the server refuses it.
 */
export function DeclineDialog({
  request,
  onOpenChange,
  onDecline,
}: {
  /** The request being declined; none: closed. */
  request: AdminSellerRequest | null
  onOpenChange: (open: boolean) => void
  onDecline: (reason: string) => Promise<unknown>
}) {
  const { t } = useTranslation('admin')
  const form = useForm<{ reason: string }, unknown, SellerRequestDeclineInput>({
    resolver: contractResolver(SellerRequestDeclineInputSchema),
    defaultValues: { reason: '' },
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await onDecline(reason)
      form.reset({ reason: '' })
    } catch (error) {
      const field = isApiError(error) ? error.fields?.reason : undefined
      if (field) form.setError('reason', { message: field })
      else form.setError('root', { message: isApiError(error) ? error.message : t('sellerRequests.failed') })
    }
  })

  return (
    <Dialog.Root open={!!request} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl bg-white p-5 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">
            {t('sellerRequests.declineTitle', { company: request?.companyName ?? '' })}
          </Dialog.Title>
          <Dialog.Description className="text-sm text-slate-700">
            {t('sellerRequests.declineDescription')}
          </Dialog.Description>
          <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
            <Field label={t('sellerRequests.reason')} required announceError error={errors.reason?.message}>
              {(control) => (
                <textarea
                  {...control}
                  rows={4}
                  className={inputClass('md', 'h-auto py-2')}
                  {...form.register('reason')}
                />
              )}
            </Field>
            <FormAlert>{errors.root?.message}</FormAlert>
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="secondary">{t('sellerRequests.cancel')}</Button>
              </Dialog.Close>
              <Button type="submit" variant="danger" disabled={isSubmitting}>
                {t('sellerRequests.decline')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
