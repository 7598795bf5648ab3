import { useEffect, useId, useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Language } from '@/contract'
import { Spinner } from '@/components/ui/spinner'
import { useHelpSearch } from './help-api'
import { Highlighted } from './highlight'

/** How long typing pauses before the search runs. */
export const SEARCH_DEBOUNCE_MS = 250

/** The search box: results as the reader types (debounced), matched words marked, in the page's language. */
export function HelpSearch({ lang }: { lang: Language }) {
  const { t } = useTranslation('help')
  const [text, setText] = useState('')
  const [query, setQuery] = useState('')
  const inputId = useId()
  const resultsId = useId()
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text])
  const search = useHelpSearch(query, lang)
  const hits = query ? (search.data?.hits ?? []) : []

  return (
    <section aria-labelledby={`${inputId}-label`} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <label id={`${inputId}-label`} htmlFor={inputId} className="text-lg font-semibold text-slate-900">
          {t('search.label')}
        </label>
        <input
          id={inputId}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('search.placeholder')}
          aria-controls={resultsId}
          maxLength={200}
          className="mt-2 block w-full rounded-md border border-slate-300 px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600"
        />
      </form>
      <div id={resultsId} aria-live="polite" className="mt-3">
        {query && search.isFetching && !search.data ? (
          <Spinner />
        ) : query && search.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t('search.failed')}
          </p>
        ) : query && search.data ? (
          <>
            <p className="text-sm text-slate-600">
              {hits.length === 0
                ? t('search.none', { query })
                : search.data.fuzzy
                  ? t('search.fuzzy', { count: hits.length })
                  : t('search.count', { count: hits.length })}
            </p>
            {hits.length > 0 && (
              <ul className="mt-2 divide-y divide-slate-100" aria-label={t('search.results')}>
                {hits.map((hit) => (
                  <li key={`${hit.kind}-${hit.id}`} className="py-3">
                    <Link
                      to={hit.kind === 'article' ? `/help/article/${hit.id}` : `/help/qa/${hit.id}`}
                      className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                    >
                      {hit.title}
                    </Link>
                    <span className="ml-2 text-xs uppercase tracking-wide text-slate-500">
                      {t(`search.kind.${hit.kind}`)}
                    </span>
                    <p className="mt-1 text-sm text-slate-700">
                      <Highlighted text={hit.snippet} />
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : null}
      </div>
    </section>
  )
}
