import * as Dialog from '@radix-ui/react-dialog'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Markdown } from '@/components/markdown/markdown'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { helpArticleQuery } from './article-query'

/** The side panel's content: the article in the page's language, loading and error states, and a link
 * to the same article in the help centre (a new tab, so the form stays as it is). */
export function ArticlePanel({ slug, topic, lang }: { slug: string; topic: string; lang: 'en' | 'es' }) {
  const { t } = useTranslation('common')
  const article = useQuery(helpArticleQuery(slug, lang))
  return (
    <>
      <div className="flex items-start justify-between gap-3 border-b border-slate-200 p-4">
        <Dialog.Title className="text-lg font-semibold text-slate-900">{article.data?.title ?? topic}</Dialog.Title>
        <Dialog.Close asChild>
          <Button variant="secondary" size="sm">
            {t('helpHint.close')}
          </Button>
        </Dialog.Close>
      </div>
      <div className="flex-1 overflow-y-auto p-4">
        {article.isPending && <Spinner label={t('helpHint.loading')} />}
        {article.isError && (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p>{t('helpHint.failed')}</p>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void article.refetch()}>
              {t('helpHint.retry')}
            </Button>
          </div>
        )}
        {article.data && <Markdown source={article.data.body} />}
      </div>
      <div className="border-t border-slate-200 p-4">
        <a
          href={`/help/article/${slug}`}
          target="_blank"
          rel="noopener"
          className="text-sm font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
        >
          {t('helpHint.openInHelpCentre')}
          <span className="sr-only"> {t('helpHint.newTab')}</span>
        </a>
      </div>
    </>
  )
}
