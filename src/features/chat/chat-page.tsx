import { useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { usePageTitle } from '@/components/page-title'
import { ThreadList } from './thread-list'
import { ThreadView } from './thread-view'

/**
 * `/chat` and `/chat/:threadId`: the conversations beside the open one. On a phone they are two screens: the
 * list at /chat, the conversation (with a way back) at /chat/{threadId}.
 */
export function ChatPage() {
  const { threadId = null } = useParams()
  const { t } = useTranslation('chat')
  usePageTitle(threadId ? undefined : t('list.title'))
  return (
    // The screen below the header (4rem) and the webinar banner when it shows (its height: --banner-height,
    // set by src/features/banner), so the composer is on the first screen.
    <div className="mx-auto grid h-[calc(100dvh_-_4rem_-_var(--banner-height,0px))] max-w-page md:grid-cols-[22rem_minmax(0,1fr)] md:px-6 md:py-4">
      <section
        aria-labelledby="conversations-title"
        className={clsx(
          'min-h-0 overflow-y-auto border-slate-200 bg-white md:rounded-l-xl md:border',
          threadId ? 'hidden md:block' : 'block',
        )}
      >
        {threadId ? (
          <h2 id="conversations-title" className="border-b border-slate-200 p-3 text-base font-semibold text-slate-900">
            {t('list.title')}
          </h2>
        ) : (
          <h1 id="conversations-title" className="border-b border-slate-200 p-3 text-lg font-semibold text-slate-900">
            {t('list.title')}
          </h1>
        )}
        <ThreadList activeId={threadId} />
      </section>
      <div
        className={clsx(
          'min-h-0 border-slate-200 bg-white md:rounded-r-xl md:border md:border-l-0',
          threadId ? 'flex flex-col' : 'hidden md:flex md:flex-col',
        )}
      >
        {threadId ? (
          <ThreadView key={threadId} threadId={threadId} />
        ) : (
          <div className="m-auto grid max-w-sm gap-2 p-6 text-center">
            <p className="font-medium text-slate-900">{t('list.pickTitle')}</p>
            <p className="text-sm text-slate-600">{t('list.pickBody')}</p>
          </div>
        )}
      </div>
    </div>
  )
}
