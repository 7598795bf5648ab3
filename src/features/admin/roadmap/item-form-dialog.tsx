import * as Dialog from '@radix-ui/react-dialog'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import {
  ROADMAP_COLUMNS,
  RoadmapItemCreateSchema,
  type RoadmapItem,
  type RoadmapItemCreate,
  type RoadmapStatus,
} from '@/contract'
import { contractResolver } from '@/components/form/resolver'
import { useFieldMessage } from '@/components/form/messages'
import { Button } from '@/components/ui/button'
import { Field, inputClass } from '@/components/ui/field'

type Values = RoadmapItemCreate
const TEXTAREA_CLASS =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 aria-invalid:border-red-600'
const TEXT_FIELDS = ['titleEn', 'descriptionEn', 'titleEs', 'descriptionEs'] as const

/**
 * Adds an item (with its column) or edits one (its text; the column changes with the move buttons). Every
 * title and description is required in both languages; the server's field messages land on their fields.
 */
export function ItemFormDialog({
  item,
  initialStatus = 'planned',
  onSubmit,
  onClose,
}: {
  /** The item being edited; none to add one. */
  item?: RoadmapItem
  initialStatus?: RoadmapStatus
  onSubmit: (values: Values) => Promise<unknown>
  onClose: () => void
}) {
  const { t } = useTranslation('admin')
  const message = useFieldMessage()
  const form = useForm<Values, unknown, Values>({
    resolver: contractResolver(RoadmapItemCreateSchema),
    defaultValues: item
      ? {
          status: item.status,
          titleEn: item.titleEn,
          titleEs: item.titleEs,
          descriptionEn: item.descriptionEn,
          descriptionEs: item.descriptionEs,
        }
      : { status: initialStatus, titleEn: '', titleEs: '', descriptionEn: '', descriptionEs: '' },
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values)
      onClose()
    } catch (error) {
      const fields = isApiError(error) ? error.fields : undefined
      for (const [name, text] of Object.entries(fields ?? {})) {
        if ((TEXT_FIELDS as readonly string[]).includes(name)) form.setError(name as keyof Values, { message: text })
      }
      if (!fields) form.setError('root', { message: isApiError(error) ? error.message : t('roadmap.saveFailed') })
    }
  })

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl bg-white p-5 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">
            {t(item ? 'roadmap.form.editTitle' : 'roadmap.form.addTitle')}
          </Dialog.Title>
          <Dialog.Description className="text-sm text-slate-700">{t('roadmap.form.description')}</Dialog.Description>
          <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
            {!item && (
              <Field label={t('roadmap.form.column')} required>
                {(control) => (
                  <select {...control} {...form.register('status')} className={inputClass('md')}>
                    {ROADMAP_COLUMNS.map((column) => (
                      <option key={column} value={column}>
                        {t(`roadmap.columns.${column}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              {(['En', 'Es'] as const).map((language) => (
                <fieldset key={language} className="grid content-start gap-3">
                  <legend className="mb-1 text-sm font-semibold text-slate-900">
                    {t(`roadmap.form.language${language}`)}
                  </legend>
                  <Field label={t('roadmap.form.title')} required error={message(errors[`title${language}`]?.message)}>
                    {(control) => (
                      <input {...control} {...form.register(`title${language}`)} className={inputClass('md')} />
                    )}
                  </Field>
                  <Field
                    label={t('roadmap.form.itemDescription')}
                    required
                    error={message(errors[`description${language}`]?.message)}
                  >
                    {(control) => (
                      <textarea
                        {...control}
                        {...form.register(`description${language}`)}
                        rows={4}
                        className={TEXTAREA_CLASS}
                      />
                    )}
                  </Field>
                </fieldset>
              ))}
            </div>
            {errors.root?.message && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {errors.root.message}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="secondary">{t('roadmap.form.cancel')}</Button>
              </Dialog.Close>
              <Button type="submit" disabled={isSubmitting}>
                {t(item ? 'roadmap.form.save' : 'roadmap.form.add')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
