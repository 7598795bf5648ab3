import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import type { AdminHelpArticle } from '@/contract'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { ArticleEditor } from './article-editor'
import { useAdminArticles, useDeleteArticle, useUpdateArticle } from './help-admin-api'

type Editing = { kind: 'new' } | { kind: 'edit'; article: AdminHelpArticle } | null

/** Articles: list with publish/unpublish, edit, delete (confirmed), and a new one. */
export function ArticlesTab() {
  const { t, i18n } = useTranslation('admin')
  const articles = useAdminArticles()
  const update = useUpdateArticle()
  const remove = useDeleteArticle()
  const [editing, setEditing] = useState<Editing>(null)
  const [confirming, setConfirming] = useState<string | null>(null)
  const es = i18n.resolvedLanguage === 'es'
  const failed = (error: Error) =>
    toast({ title: isApiError(error) ? error.message : t('help.saveFailed'), variant: 'destructive' })

  if (editing)
    return <ArticleEditor article={editing.kind === 'edit' ? editing.article : null} onDone={() => setEditing(null)} />
  if (articles.isPending) return <Spinner />
  if (articles.isError) return <p role="alert">{t('help.loadFailed')}</p>
  return (
    <div className="grid gap-4">
      <div>
        <Button onClick={() => setEditing({ kind: 'new' })}>{t('help.articles.add')}</Button>
      </div>
      <ul className="grid gap-2">
        {articles.data.articles.map((article) => {
          const title = (es && article.titleEs) || article.titleEn
          return (
            <li key={article.id} className="rounded-lg border border-slate-200 bg-white p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <p className="break-words font-medium text-slate-900">{title}</p>
                  <p className="text-xs text-slate-600">
                    {article.published ? t('help.articles.published') : t('help.articles.draft')} · {article.id} ·{' '}
                    {t('help.articles.stats', { views: article.views, yes: article.helpfulYes, no: article.helpfulNo })}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" variant="secondary" onClick={() => setEditing({ kind: 'edit', article })}>
                    {t('help.edit')}
                    <span className="sr-only">: {title}</span>
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={update.isPending}
                    onClick={() =>
                      update.mutate({ id: article.id, body: { published: !article.published } }, { onError: failed })
                    }
                  >
                    {article.published ? t('help.articles.unpublish') : t('help.articles.publish')}
                    <span className="sr-only">: {title}</span>
                  </Button>
                  {confirming === article.id ? (
                    <>
                      <Button
                        size="sm"
                        variant="danger"
                        onClick={() =>
                          remove.mutate(article.id, {
                            onSuccess: () => toast({ title: t('help.deleted'), variant: 'success' }),
                            onError: failed,
                          })
                        }
                      >
                        {t('help.confirmDelete', { title })}
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                        {t('help.cancel')}
                      </Button>
                    </>
                  ) : (
                    <Button size="sm" variant="ghost" onClick={() => setConfirming(article.id)}>
                      {t('help.delete')}
                      <span className="sr-only">: {title}</span>
                    </Button>
                  )}
                </div>
              </div>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
