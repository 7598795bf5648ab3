import { Link, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import { Markdown } from '@/components/markdown/markdown'
import { usePageTitle } from '@/components/page-title'
import { Spinner } from '@/components/ui/spinner'
import { useHelpLang, useHelpQa } from './help-api'
import { HelpNotFound } from './not-found'

/** /help/qa/{id}: a published question and its answer (in the other language when only that one exists). */
export function QaPage() {
  const { t } = useTranslation('help')
  const { id = '' } = useParams()
  const lang = useHelpLang()
  const qa = useHelpQa(id, lang)
  usePageTitle(qa.data?.question ?? t('title'))

  if (qa.isPending)
    return (
      <div className="mt-16 flex justify-center">
        <Spinner />
      </div>
    )
  if (qa.isError) {
    if (isApiError(qa.error) && qa.error.status === 404) return <HelpNotFound />
    return (
      <div role="alert" className="mx-auto mt-8 max-w-3xl rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
        {t('loadFailed')}
      </div>
    )
  }
  const data = qa.data
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <nav aria-label={t('breadcrumb')} className="text-sm">
        <Link to="/help" className="text-brand-700 underline">
          {t('title')}
        </Link>
      </nav>
      <article className="mt-4" lang={data.language}>
        <p className="text-sm font-semibold uppercase tracking-wide text-slate-600">{t('qa.question')}</p>
        <h1 className="mt-1 text-2xl font-semibold text-slate-900">{data.question}</h1>
        {data.language !== lang && <p className="mt-2 text-sm text-slate-600">{t('qa.otherLanguage')}</p>}
        <h2 className="mt-6 text-sm font-semibold uppercase tracking-wide text-slate-600">{t('qa.answer')}</h2>
        <Markdown source={data.answer} className="mt-2" />
      </article>
    </div>
  )
}
