import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import { useAuth } from '@/auth'
import type { Thread } from '@/contract'
import { CertifiedBadge } from '@/components/ui/certified-badge'
import { usePageTitle } from '@/components/page-title'
import { Button, ButtonLink } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { dealAddress } from '@/lib/deal-address'
import { BlockDialog } from './block-dialog'
import { flattenMessages, useBlockThread, useMessages, useSendMessage, useThread } from './chat-api'
import { Composer } from './composer'
import { DealThumb } from './deal-thumb'
import { languageOf, participantName, threadPlace, useRelativeTime } from './labels'
import { MessageList } from './message-list'
import { useLiveThread } from './use-live-thread'

/** `/chat/:threadId`: the conversation, or "Conversation not found" (404). */
export function ThreadView({ threadId }: { threadId: string }) {
  const { t } = useTranslation('chat')
  const query = useThread(threadId)
  const notFound = isApiError(query.error) && query.error.status === 404
  usePageTitle(notFound ? t('thread.notFoundTitle') : undefined)

  if (query.isPending) return <Spinner className="m-6" label={t('thread.loading')} />
  if (notFound) {
    return (
      <div className="grid justify-items-start gap-3 p-6">
        <h1 className="text-xl font-semibold text-slate-900">{t('thread.notFoundTitle')}</h1>
        <p className="text-sm text-slate-700">{t('thread.notFoundBody')}</p>
        <ButtonLink to="/chat" size="sm">
          {t('thread.backToList')}
        </ButtonLink>
      </div>
    )
  }
  if (query.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 p-6 text-sm">
        <p className="text-slate-800">{t('thread.loadFailed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    )
  }
  return <Conversation thread={query.data} />
}

function Conversation({ thread }: { thread: Thread }) {
  const { t, i18n } = useTranslation('chat')
  const { user } = useAuth()
  const { threadId } = thread
  const messagesQuery = useMessages(threadId, true)
  const messages = flattenMessages(messagesQuery.data)
  const send = useSendMessage(threadId)
  const unblock = useBlockThread(threadId)
  const relative = useRelativeTime()
  const language = languageOf(i18n.resolvedLanguage ?? i18n.language)
  const observer = thread.viewerRole === 'observer'
  const otherSide = thread.viewerRole === 'seller' ? 'buyer' : 'seller'
  const otherName = observer
    ? `${participantName(t, thread, 'buyer')} · ${participantName(t, thread, 'seller')}`
    : participantName(t, thread, otherSide)
  const place = threadPlace(t, thread, (deal) => dealAddress(deal, t('addressUndisclosed')).full)
  usePageTitle(t('thread.pageTitle', { name: otherName }))

  const announcement = useLiveThread(thread, messages, messagesQuery.isSuccess)

  return (
    <section aria-labelledby="thread-title" className="flex h-full min-h-0 flex-col">
      <header className="grid gap-3 border-b border-slate-200 p-3">
        <div className="flex items-center gap-2">
          <Link to="/chat" className="text-sm font-medium text-brand-800 md:hidden">
            <span aria-hidden="true">← </span>
            {t('thread.backToList')}
          </Link>
        </div>
        <div className="flex items-center gap-3">
          <DealThumb deal={thread.deal} />
          <div className="grid min-w-0 flex-1">
            <div className="flex min-w-0 items-center gap-2">
              <h1 id="thread-title" className="truncate text-base font-semibold text-slate-900">
                {otherName}
              </h1>
              {/* The seller's side sees whether the buyer finished the training (spec §3, §4). */}
              {thread.viewerRole !== 'buyer' && thread.buyer.certified && (
                <CertifiedBadge label={t('thread.certifiedBuyer')} />
              )}
            </div>
            <p className="truncate text-xs text-slate-600">{place}</p>
            {thread.deal && (
              <Link
                to={`/deals/${encodeURIComponent(thread.deal.id)}`}
                className="text-xs font-medium text-brand-800 underline-offset-2 hover:underline"
              >
                {t('thread.viewListing')}
              </Link>
            )}
          </div>
          {!observer && !thread.blocked && <BlockDialog threadId={threadId} name={otherName} />}
        </div>
      </header>

      <MessageList
        messages={messages}
        ownId={user?.userId ?? ''}
        loading={messagesQuery.isPending}
        failed={messagesQuery.isError}
        onRetry={() => void messagesQuery.refetch()}
        hasOlder={messagesQuery.hasNextPage}
        loadingOlder={messagesQuery.isFetchingNextPage}
        onLoadOlder={() => void messagesQuery.fetchNextPage()}
        language={language}
        relative={relative}
      />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <footer className="border-t border-slate-200 p-3">
        {thread.blocked ? (
          <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-slate-100 p-3">
            <span className="text-sm font-medium text-slate-900">{t('thread.blocked')}</span>
            {thread.blockedByViewer && (
              <Button size="sm" variant="secondary" disabled={unblock.isPending} onClick={() => unblock.mutate(false)}>
                {t('block.unblock')}
              </Button>
            )}
            {unblock.isError && (
              <p role="alert" className="w-full text-sm text-red-700">
                {t('block.failed')}
              </p>
            )}
          </div>
        ) : observer ? (
          <p className="text-sm text-slate-600">{t('thread.observer')}</p>
        ) : (
          <Composer label={t('composer.label')} onSend={(text) => send.mutateAsync(text)} />
        )}
      </footer>
    </section>
  )
}
