import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import { Markdown } from '@/components/markdown/markdown'
import { usePageTitle } from '@/components/page-title'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useHelpArticle, useHelpfulVote, useHelpLang } from './help-api'
import { ArticleList } from './help-page'
import { HelpNotFound } from './not-found'

/** /help/article/{id}: breadcrumb, the article, related articles and "Was this helpful?". */
export function ArticlePage() {
  const { t } = useTranslation('help')
  const { id = '' } = useParams()
  const lang = useHelpLang()
  const article = useHelpArticle(id, lang)
  usePageTitle(article.data?.title ?? t('title'))

  if (article.isPending)
    return (
      <div className="mt-16 flex justify-center">
        <Spinner />
      </div>
    )
  if (article.isError) {
    if (isApiError(article.error) && article.error.status === 404) return <HelpNotFound />
    return (
      <div role="alert" className="mx-auto mt-8 max-w-3xl rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
        {t('loadFailed')}
      </div>
    )
  }
  const data = article.data
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <nav aria-label={t('breadcrumb')} className="text-sm text-slate-600">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to="/help" className="text-brand-700 underline">
              {t('title')}
            </Link>
          </li>
          {data.categoryName && (
            <li>
              <span aria-hidden="true"> / </span>
              {data.categoryName}
            </li>
          )}
        </ol>
      </nav>
      <article className="mt-4">
        <h1 className="text-3xl font-semibold text-slate-900">{data.title}</h1>
        {data.summary && <p className="mt-2 text-lg text-slate-700">{data.summary}</p>}
        <Markdown source={data.body} className="mt-6" />
      </article>
      <Helpful id={data.id} />
      <div className="mt-10">
        <ArticleList title={t('related')} articles={data.related} />
      </div>
    </div>
  )
}

function Helpful({ id }: { id: string }) {
  const { t } = useTranslation('help')
  const vote = useHelpfulVote(id)
  const [answer, setAnswer] = useState<boolean | null>(null)
  const send = (helpful: boolean) => {
    setAnswer(helpful)
    vote.mutate(helpful)
  }
  return (
    <section aria-labelledby="help-helpful" className="mt-10 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h2 id="help-helpful" className="font-semibold text-slate-900">
        {t('helpful.question')}
      </h2>
      <div className="mt-3 flex gap-3">
        <Button
          variant={answer === true ? 'primary' : 'secondary'}
          aria-pressed={answer === true}
          onClick={() => send(true)}
        >
          {t('helpful.yes')}
        </Button>
        <Button
          variant={answer === false ? 'primary' : 'secondary'}
          aria-pressed={answer === false}
          onClick={() => send(false)}
        >
          {t('helpful.no')}
        </Button>
      </div>
      <div aria-live="polite">
        {vote.isSuccess && (
          <p className="mt-3 text-sm text-slate-700">{t('helpful.thanks', { count: vote.data.helpfulYes })}</p>
        )}
        {vote.isError && <p className="mt-3 text-sm text-red-700">{t('helpful.failed')}</p>}
      </div>
    </section>
  )
}
