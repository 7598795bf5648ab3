import { useState } from 'react'
import * as Dialog from '@radix-ui/react-dialog'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import { useAuth } from '@/auth'
import { InterestInputSchema, type InterestInput } from '@/contract'
import { contractResolver } from '@/components/form/resolver'
import { useFieldMessage } from '@/components/form/messages'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { formatPhone } from '@/lib/format-phone'
import { useExpressInterest } from './deal-detail-api'
import { Field, inputClass } from './field'

type Values = { message: string; name: string; phone: string }

type InterestDialogProps = {
  dealId: string
  /** What the buyer sent before: the dialog then changes it (the server keeps one per buyer and listing). */
  previous?: Values | null
}

/**
 * "Express interest": a message plus the buyer's name and phone, prefilled from their profile; or, once
 * sent, "Edit my message" with what they sent.
 */
export function InterestDialog({ dealId, previous }: InterestDialogProps) {
  const { t } = useTranslation('dealDetail')
  const message = useFieldMessage()
  const { user } = useAuth()
  const [open, setOpen] = useState(false)
  const mutation = useExpressInterest(dealId)
  const isEdit = !!previous
  const defaults: Values = previous
    ? { ...previous, phone: formatPhone(previous.phone) }
    : {
        message: '',
        name: [user?.firstName, user?.lastName].filter(Boolean).join(' '),
        phone: formatPhone(user?.phoneNumber ?? ''),
      }
  const form = useForm<Values, unknown, InterestInput>({
    resolver: contractResolver(InterestInputSchema),
    defaultValues: defaults,
  })
  const { errors, submitCount } = form.formState
  const errorCount = ['message', 'name', 'phone'].filter((name) => errors[name as keyof Values]).length

  const submit = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values)
      setOpen(false)
      toast({
        title: t(isEdit ? 'interest.updated' : 'interest.sent'),
        description: t('interest.sentDetail'),
        variant: 'success',
      })
    } catch (error) {
      const fields = isApiError(error) ? error.fields : undefined
      if (fields) {
        for (const [name, text] of Object.entries(fields)) {
          if (name in defaults) form.setError(name as keyof Values, { message: text })
        }
      }
      if (!fields) form.setError('root', { message: isApiError(error) ? error.message : t('interest.failed') })
    }
  })

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (next) form.reset(defaults)
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant={isEdit ? 'secondary' : 'primary'}>{t(isEdit ? 'interest.edit' : 'interest.open')}</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl bg-white p-5 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">
            {t(isEdit ? 'interest.editTitle' : 'interest.title')}
          </Dialog.Title>
          <Dialog.Description className="text-sm text-slate-700">{t('interest.description')}</Dialog.Description>
          <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
            {submitCount > 0 && errorCount > 0 && (
              <p className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
                {t('validation:formSummary', { count: errorCount })}
              </p>
            )}
            <Field label={t('interest.message')} error={message(errors.message?.message)}>
              {(control) => (
                <textarea {...control} {...form.register('message')} rows={4} className={inputClass('py-2')} />
              )}
            </Field>
            <Field label={t('interest.name')} error={message(errors.name?.message)}>
              {(control) => (
                <input {...control} {...form.register('name')} autoComplete="name" className={inputClass('h-10')} />
              )}
            </Field>
            <Field label={t('interest.phone')} error={message(errors.phone?.message)}>
              {(control) => (
                <input
                  {...control}
                  {...form.register('phone')}
                  type="tel"
                  autoComplete="tel"
                  className={inputClass('h-10')}
                />
              )}
            </Field>
            {errors.root?.message && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {errors.root.message}
              </p>
            )}
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="secondary">{t('interest.cancel')}</Button>
              </Dialog.Close>
              <Button type="submit" disabled={form.formState.isSubmitting}>
                {t('interest.submit')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
