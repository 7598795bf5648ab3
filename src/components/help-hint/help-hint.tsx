import { useState, type ReactNode } from 'react'
import * as Dialog from '@radix-ui/react-dialog'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { queryFor } from '@/api/queries'
import { endpoints } from '@/contract'
import { Markdown } from '@/components/markdown/markdown'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { HELP_ENTRY_POINTS, type HelpEntryPointId } from './entry-points'

const languageOf = (language: string | undefined) => (language?.startsWith('es') ? 'es' : 'en')

/** The help article a hint opens, in the page's language (fetched once the panel opens). */
export const helpArticleQuery = (slug: string, lang: 'en' | 'es') =>
  queryFor(endpoints.helpArticle, { params: { id: slug }, query: { lang } })

/**
 * A "?" button beside a field ("Help: Entry fee") that opens the field's help article in a side panel
 * (a Radix dialog as a right-hand sheet, the whole width on a phone). The form under it stays mounted, so
 * nothing typed is lost; Escape or Close returns focus to the "?". Inside another dialog it nests.
 */
export function HelpHint({ entry, className }: { entry: HelpEntryPointId; className?: string }) {
  const { t, i18n } = useTranslation('common')
  const { topic, slug } = HELP_ENTRY_POINTS[entry]
  const [open, setOpen] = useState(false)
  const topicLabel = t(`helpHint.topics.${topic}`)
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          aria-label={t('helpHint.open', { topic: topicLabel })}
          className={clsx(
            'inline-flex size-6 shrink-0 items-center justify-center rounded-full border border-brand-300 bg-white text-xs font-bold text-brand-800 hover:bg-brand-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
            className,
          )}
        >
          <span aria-hidden="true">?</span>
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          className="fixed inset-y-0 right-0 z-50 flex w-full flex-col bg-white shadow-xl sm:max-w-md"
          aria-describedby={undefined}
        >
          {open && <ArticlePanel slug={slug} topic={topicLabel} lang={languageOf(i18n.resolvedLanguage)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function ArticlePanel({ slug, topic, lang }: { slug: string; topic: string; lang: 'en' | 'es' }) {
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

/**
 * A field (or choice group) with its "?" at the top right, level with its label: for fields whose label
 * cannot take a button beside it.
 */
export function WithHelpHint({ entry, children }: { entry: HelpEntryPointId; children: ReactNode }) {
  return (
    <div className="relative">
      {children}
      <HelpHint entry={entry} className="absolute -top-0.5 right-0" />
    </div>
  )
}

/** A section heading with its "?" beside it. */
export function HeadingWithHelpHint({ entry, children }: { entry: HelpEntryPointId; children: ReactNode }) {
  return (
    <div className="flex items-center gap-2">
      {children}
      <HelpHint entry={entry} />
    </div>
  )
}
