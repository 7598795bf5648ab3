import { lazy, Suspense, useState, type ReactNode } from 'react'
import * as Dialog from '@radix-ui/react-dialog'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { Spinner } from '@/components/ui/spinner'
import { HELP_ENTRY_POINTS, type HelpEntryPointId } from './entry-points'

// The panel (with the Markdown renderer) loads when a hint is first opened, not with the form.
const ArticlePanel = lazy(() => import('./article-panel').then((module) => ({ default: module.ArticlePanel })))

const languageOf = (language: string | undefined) => (language?.startsWith('es') ? 'es' : 'en')

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
          {open && (
            <Suspense
              fallback={
                <div className="flex items-start justify-between gap-3 border-b border-slate-200 p-4">
                  <Dialog.Title className="text-lg font-semibold text-slate-900">{topicLabel}</Dialog.Title>
                  <Spinner label={t('helpHint.loading')} />
                </div>
              }
            >
              <ArticlePanel slug={slug} topic={topicLabel} lang={languageOf(i18n.resolvedLanguage)} />
            </Suspense>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
