import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import type { AdminHelpArticle } from '@/contract'
import { Button } from '@/components/ui/button'
import { inputClass } from '@/components/ui/field'
import { toast } from '@/components/ui/toast'
import { useAdminCategories, useCreateArticle, useUpdateArticle } from './help-admin-api'
import { MarkdownField, TextField } from './markdown-field'

/** Creates or edits an article, per language, with a live preview of each body. */
export function ArticleEditor({ article, onDone }: { article: AdminHelpArticle | null; onDone: () => void }) {
  const { t } = useTranslation('admin')
  const categories = useAdminCategories()
  const create = useCreateArticle()
  const update = useUpdateArticle()
  const categoryId = useId()
  const [form, setForm] = useState({
    slug: article?.id ?? '',
    categoryId: article?.categoryId ?? '',
    titleEn: article?.titleEn ?? '',
    titleEs: article?.titleEs ?? '',
    summaryEn: article?.summaryEn ?? '',
    summaryEs: article?.summaryEs ?? '',
    bodyEn: article?.bodyEn ?? '',
    bodyEs: article?.bodyEs ?? '',
  })
  const set = (key: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [key]: value }))
  const pending = create.isPending || update.isPending

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const { slug, ...fields } = form
    const body = { ...fields, categoryId: fields.categoryId || null }
    const handlers = {
      onSuccess: () => {
        toast({ title: t('help.saved'), variant: 'success' })
        onDone()
      },
      onError: (error: Error) => {
        const fieldsMessage = isApiError(error) && error.fields ? Object.values(error.fields).join(' ') : ''
        toast({
          title: (isApiError(error) && error.message) || t('help.saveFailed'),
          description: fieldsMessage,
          variant: 'destructive',
        })
      },
    }
    if (article) update.mutate({ id: article.id, body }, handlers)
    else create.mutate({ ...body, slug }, handlers)
  }

  return (
    <form
      onSubmit={onSubmit}
      className="grid gap-5"
      aria-label={article ? t('help.articles.editTitle') : t('help.articles.add')}
    >
      <h3 className="text-lg font-semibold text-slate-900">
        {article ? t('help.articles.editTitle') : t('help.articles.add')}
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        {article ? (
          <p className="text-sm text-slate-700">
            {t('help.slug')}: <code>{article.id}</code>
          </p>
        ) : (
          <TextField label={t('help.slug')} value={form.slug} onChange={set('slug')} />
        )}
        <div className="grid content-start gap-1">
          <label htmlFor={categoryId} className="text-sm font-medium text-slate-900">
            {t('help.articles.category')}
          </label>
          <select
            id={categoryId}
            value={form.categoryId}
            onChange={(event) => set('categoryId')(event.target.value)}
            className={inputClass('md')}
          >
            <option value="">—</option>
            {categories.data?.categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.nameEn}
              </option>
            ))}
          </select>
        </div>
      </div>
      {(['En', 'Es'] as const).map((lang) => (
        <fieldset key={lang} className="grid gap-3 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-900">
            {t(lang === 'En' ? 'help.english' : 'help.spanish')}
          </legend>
          <TextField
            label={t(`help.articles.title${lang}`)}
            value={form[`title${lang}`]}
            onChange={set(`title${lang}`)}
          />
          <TextField
            label={t(`help.articles.summary${lang}`)}
            value={form[`summary${lang}`]}
            onChange={set(`summary${lang}`)}
          />
          <MarkdownField
            label={t(`help.articles.body${lang}`)}
            value={form[`body${lang}`]}
            onChange={set(`body${lang}`)}
            rows={14}
          />
        </fieldset>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {t('help.save')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('help.cancel')}
        </Button>
      </div>
    </form>
  )
}
