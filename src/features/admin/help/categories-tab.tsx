import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import type { AdminHelpCategory } from '@/contract'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { useAdminCategories, useCreateCategory, useDeleteCategory, useUpdateCategory } from './help-admin-api'
import { TextField } from './markdown-field'

/** Categories: names and descriptions in both languages; add, edit, delete (confirmed; articles stay). */
export function CategoriesTab() {
  const { t } = useTranslation('admin')
  const categories = useAdminCategories()
  const remove = useDeleteCategory()
  const [editing, setEditing] = useState<AdminHelpCategory | 'new' | null>(null)
  const [confirming, setConfirming] = useState<string | null>(null)
  if (categories.isPending) return <Spinner />
  if (categories.isError) return <p role="alert">{t('help.loadFailed')}</p>
  if (editing) return <CategoryForm category={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
  return (
    <div className="grid gap-4">
      <div>
        <Button onClick={() => setEditing('new')}>{t('help.categories.add')}</Button>
      </div>
      <ul className="grid gap-2">
        {categories.data.categories.map((category) => (
          <li
            key={category.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3"
          >
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {category.nameEn} / {category.nameEs}
              </p>
              <p className="text-xs text-slate-600">{t('help.categories.count', { count: category.articleCount })}</p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => setEditing(category)}>
                {t('help.edit')}
                <span className="sr-only">: {category.nameEn}</span>
              </Button>
              {confirming === category.id ? (
                <>
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() =>
                      remove.mutate(category.id, {
                        onSuccess: () => toast({ title: t('help.deleted'), variant: 'success' }),
                      })
                    }
                  >
                    {t('help.confirmDelete', { title: category.nameEn })}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                    {t('help.cancel')}
                  </Button>
                </>
              ) : (
                <Button size="sm" variant="ghost" onClick={() => setConfirming(category.id)}>
                  {t('help.delete')}
                  <span className="sr-only">: {category.nameEn}</span>
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}

function CategoryForm({ category, onDone }: { category: AdminHelpCategory | null; onDone: () => void }) {
  const { t } = useTranslation('admin')
  const create = useCreateCategory()
  const update = useUpdateCategory()
  const [form, setForm] = useState({
    slug: category?.id ?? '',
    nameEn: category?.nameEn ?? '',
    nameEs: category?.nameEs ?? '',
    descriptionEn: category?.descriptionEn ?? '',
    descriptionEs: category?.descriptionEs ?? '',
  })
  const set = (key: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [key]: value }))
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const { slug, ...body } = form
    const handlers = {
      onSuccess: () => {
        toast({ title: t('help.saved'), variant: 'success' })
        onDone()
      },
      onError: (error: Error) =>
        toast({ title: (isApiError(error) && error.message) || t('help.saveFailed'), variant: 'destructive' }),
    }
    if (category) update.mutate({ id: category.id, body }, handlers)
    else create.mutate({ ...body, slug }, handlers)
  }
  return (
    <form
      onSubmit={onSubmit}
      className="grid gap-3"
      aria-label={category ? t('help.categories.editTitle') : t('help.categories.add')}
    >
      {!category && <TextField label={t('help.slug')} value={form.slug} onChange={set('slug')} />}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t('help.categories.nameEn')} value={form.nameEn} onChange={set('nameEn')} />
        <TextField label={t('help.categories.nameEs')} value={form.nameEs} onChange={set('nameEs')} />
        <TextField
          label={t('help.categories.descriptionEn')}
          value={form.descriptionEn}
          onChange={set('descriptionEn')}
        />
        <TextField
          label={t('help.categories.descriptionEs')}
          value={form.descriptionEs}
          onChange={set('descriptionEs')}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending || update.isPending}>
          {t('help.save')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('help.cancel')}
        </Button>
      </div>
    </form>
  )
}
