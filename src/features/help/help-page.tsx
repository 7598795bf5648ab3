import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { HelpArticleSummary, HelpHome } from '@/contract'
import { usePageTitle } from '@/components/page-title'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { AskQuestion } from './ask-question'
import { useHelpHome, useHelpLang } from './help-api'
import { HelpSearch } from './help-search'

/**
 * /help: the search box, the categories with their articles, popular articles, recent questions and
 * "Ask a question", in the page's language. Public: visitors read, members also ask.
 */
export function HelpPage() {
  const { t } = useTranslation('help')
  usePageTitle(t('title'))
  const lang = useHelpLang()
  const home = useHelpHome(lang)

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-semibold text-slate-900">{t('title')}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{t('intro')}</p>
      <div className="mt-6">
        <HelpSearch lang={lang} />
      </div>
      {home.isPending ? (
        <div className="mt-10 flex justify-center">
          <Spinner />
        </div>
      ) : home.isError ? (
        <div role="alert" className="mt-8 rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
          <p className="font-medium">{t('loadFailed')}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void home.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <div className="mt-8 grid gap-8 lg:grid-cols-3">
          <div className="grid content-start gap-8 lg:col-span-2">
            <Categories home={home.data} />
          </div>
          <div className="grid content-start gap-8">
            <ArticleList title={t('popular')} articles={home.data.popular} />
            <RecentQuestions questions={home.data.questions} />
            <AskQuestion />
          </div>
        </div>
      )}
    </div>
  )
}

function Categories({ home }: { home: HelpHome }) {
  const { t } = useTranslation('help')
  return (
    <section aria-labelledby="help-categories">
      <h2 id="help-categories" className="text-xl font-semibold text-slate-900">
        {t('categories')}
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {home.categories
          .filter((category) => category.articleCount > 0)
          .map((category) => (
            <section
              key={category.id}
              aria-labelledby={`help-category-${category.id}`}
              className="rounded-xl border border-slate-200 bg-white p-4"
            >
              <h3 id={`help-category-${category.id}`} className="font-semibold text-slate-900">
                {category.name}
              </h3>
              {category.description && <p className="mt-1 text-sm text-slate-600">{category.description}</p>}
              <ul className="mt-3 grid gap-1.5">
                {home.articles
                  .filter((article) => article.categoryId === category.id)
                  .map((article) => (
                    <li key={article.id}>
                      <ArticleLink article={article} />
                    </li>
                  ))}
              </ul>
            </section>
          ))}
      </div>
    </section>
  )
}

function ArticleLink({ article }: { article: HelpArticleSummary }) {
  return (
    <Link to={`/help/article/${article.id}`} className="text-sm text-brand-700 underline-offset-2 hover:underline">
      {article.title}
    </Link>
  )
}

export function ArticleList({ title, articles }: { title: string; articles: HelpArticleSummary[] }) {
  if (articles.length === 0) return null
  return (
    <section aria-label={title}>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <ul className="mt-3 grid gap-3">
        {articles.map((article) => (
          <li key={article.id}>
            <ArticleLink article={article} />
            {article.summary && <p className="text-sm text-slate-600">{article.summary}</p>}
          </li>
        ))}
      </ul>
    </section>
  )
}

function RecentQuestions({ questions }: { questions: HelpHome['questions'] }) {
  const { t } = useTranslation('help')
  if (questions.length === 0) return null
  return (
    <section aria-labelledby="help-recent-questions">
      <h2 id="help-recent-questions" className="text-lg font-semibold text-slate-900">
        {t('recentQuestions')}
      </h2>
      <ul className="mt-3 grid gap-2">
        {questions.map((question) => (
          <li key={question.id}>
            <Link to={`/help/qa/${question.id}`} className="text-sm text-brand-700 underline-offset-2 hover:underline">
              {question.question}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
