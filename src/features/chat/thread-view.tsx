import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { isApiError } from '@/api/errors'
import { useAuth } from '@/auth'
import type { Message, Thread } from '@/contract'
import { usePageTitle } from '@/components/page-title'
import { Button, ButtonLink } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { dealAddress } from '@/lib/deal-address'
import { formatDate } from '@/lib/format-date'
import { useRealtime, useRealtimeEvent, useRealtimeResync } from '@/realtime'
import { BlockDialog } from './block-dialog'
import {
  THREAD_FALLBACK_POLL_MS,
  catchUpMessages,
  flattenMessages,
  useBlockThread,
  useMarkThreadRead,
  useMessages,
  useSendMessage,
  useThread,
} from './chat-api'
import { Composer } from './composer'
import { DealThumb } from './deal-thumb'
import { languageOf, participantName, useRelativeTime } from './labels'
import { MessageText } from './message-text'

/** Older messages load when the reader scrolls this close to the top. */
const LOAD_OLDER_WITHIN_PX = 80

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
  const queryClient = useQueryClient()
  const { threadId } = thread
  const messagesQuery = useMessages(threadId, true)
  const messages = flattenMessages(messagesQuery.data)
  const send = useSendMessage(threadId)
  const markRead = useMarkThreadRead(threadId)
  const unblock = useBlockThread(threadId)
  const { status } = useRealtime()
  const relative = useRelativeTime()
  const language = languageOf(i18n.resolvedLanguage ?? i18n.language)
  const observer = thread.viewerRole === 'observer'
  const otherSide = thread.viewerRole === 'seller' ? 'buyer' : 'seller'
  const otherName = observer
    ? `${participantName(t, thread, 'buyer')} · ${participantName(t, thread, 'seller')}`
    : participantName(t, thread, otherSide)
  const address = dealAddress(thread.deal, t('addressUndisclosed'))
  usePageTitle(t('thread.pageTitle', { name: otherName }))

  // Reading: on open, and whenever a message from the other side arrives while it is open.
  const newestFromOther = [...messages].reverse().find((message) => message.senderId !== user?.userId)?.id ?? 0
  const readUpTo = useRef(-1)
  const { mutate: markReadNow } = markRead
  useEffect(() => {
    if (observer || !messagesQuery.isSuccess || newestFromOther <= readUpTo.current) return
    readUpTo.current = newestFromOther
    markReadNow()
  }, [observer, messagesQuery.isSuccess, newestFromOther, markReadNow])

  // Nothing lost, nothing twice: after every (re)subscription and on this thread's events, fetch what came
  // after the last id held; without a live socket, ask every so often.
  const catchUp = () => {
    if (messagesQuery.isSuccess) void catchUpMessages(queryClient, threadId).catch(() => {})
  }
  useRealtimeResync(catchUp)
  useRealtimeEvent('new-message', (event) => {
    if (event.threadId === threadId) catchUp()
  })
  const live = status === 'live'
  const ready = messagesQuery.isSuccess
  useEffect(() => {
    if (live || !ready) return
    const timer = window.setInterval(
      () => void catchUpMessages(queryClient, threadId).catch(() => {}),
      THREAD_FALLBACK_POLL_MS,
    )
    return () => window.clearInterval(timer)
  }, [live, ready, queryClient, threadId])

  // A screen reader hears messages from the other side as they arrive (not the ones already there).
  const [announcement, setAnnouncement] = useState('')
  const announcedUpTo = useRef<number | null>(null)
  const newest = messages.at(-1)
  useEffect(() => {
    if (!newest) return
    if (announcedUpTo.current !== null && newest.id > announcedUpTo.current && newest.senderId !== user?.userId) {
      const sender =
        user?.userId === thread.buyer.id ? participantName(t, thread, 'seller') : participantName(t, thread, 'buyer')
      setAnnouncement(t('thread.announce', { sender, text: newest.body }))
    }
    announcedUpTo.current = Math.max(announcedUpTo.current ?? 0, newest.id)
  }, [newest, user?.userId, thread, t])

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
            <h1 id="thread-title" className="truncate text-base font-semibold text-slate-900">
              {otherName}
            </h1>
            <p className="truncate text-xs text-slate-600">{address.full}</p>
            <Link
              to={`/deals/${encodeURIComponent(thread.deal.id)}`}
              className="text-xs font-medium text-brand-800 underline-offset-2 hover:underline"
            >
              {t('thread.viewListing')}
            </Link>
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

type MessageListProps = {
  messages: Message[]
  ownId: string
  loading: boolean
  failed: boolean
  onRetry: () => void
  hasOlder: boolean
  loadingOlder: boolean
  onLoadOlder: () => void
  language: 'en' | 'es'
  relative: (value: string) => string
}

/**
 * Messages oldest first with day separators. Scrolling near the top loads older ones (by cursor) and keeps
 * what the reader was looking at in place; a new message scrolls down only when the reader was at the bottom.
 */
function MessageList(props: MessageListProps) {
  const { messages, ownId, loading, failed, onRetry, hasOlder, loadingOlder, onLoadOlder, language, relative } = props
  const { t } = useTranslation('chat')
  const box = useRef<HTMLDivElement>(null)
  const fromBottom = useRef<number | null>(null)
  const atBottom = useRef(true)
  const firstId = messages[0]?.id
  const lastId = messages.at(-1)?.id

  const loadOlder = () => {
    const element = box.current
    if (!element || !hasOlder || loadingOlder) return
    // Remember the distance from the bottom: older messages grow the list above what is shown.
    fromBottom.current = element.scrollHeight - element.scrollTop
    onLoadOlder()
  }

  useLayoutEffect(() => {
    const element = box.current
    if (!element) return
    if (fromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - fromBottom.current
      fromBottom.current = null
    } else if (atBottom.current) {
      element.scrollTop = element.scrollHeight
    }
  }, [firstId, lastId])

  if (loading) return <Spinner className="m-6" label={t('thread.loading')} />
  if (failed) {
    return (
      <div role="alert" className="grid flex-1 justify-items-start gap-3 p-4 text-sm">
        <p className="text-slate-800">{t('thread.messagesFailed')}</p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('retry')}
        </Button>
      </div>
    )
  }

  return (
    <div
      ref={box}
      data-testid="message-list"
      className="min-h-0 flex-1 overflow-y-auto p-3"
      onScroll={(event) => {
        const element = event.currentTarget
        atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 40
        if (element.scrollTop <= LOAD_OLDER_WITHIN_PX) loadOlder()
      }}
    >
      {hasOlder && (
        <div className="mb-2 flex justify-center">
          <Button variant="ghost" size="sm" disabled={loadingOlder} onClick={loadOlder}>
            {loadingOlder ? t('thread.loadingOlder') : t('thread.loadOlder')}
          </Button>
        </div>
      )}
      {messages.length === 0 ? (
        <p className="p-6 text-center text-sm text-slate-600">{t('thread.empty')}</p>
      ) : (
        <ol aria-label={t('thread.messagesLabel')} className="grid gap-2">
          {messages.map((message, index) => {
            const day = formatDate(message.createdAt, language, 'longDate')
            const previous = messages[index - 1]
            const newDay = !previous || formatDate(previous.createdAt, language, 'longDate') !== day
            const own = message.senderId === ownId
            return (
              <Fragment key={message.id}>
                {newDay && <li className="my-2 text-center text-xs font-medium text-slate-600">{day}</li>}
                <li className={clsx('flex', own ? 'justify-end' : 'justify-start')}>
                  <div
                    className={clsx(
                      'grid max-w-[80%] gap-1 rounded-2xl px-3 py-2',
                      own ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-900',
                    )}
                  >
                    <span className="sr-only">{own ? t('thread.you') : t('thread.them')}</span>
                    <MessageText text={message.body} />
                    <time
                      dateTime={message.createdAt}
                      title={formatDate(message.createdAt, language, 'longDateTime')}
                      className={clsx('text-[11px]', own ? 'text-white' : 'text-slate-600')}
                    >
                      {relative(message.createdAt)}
                    </time>
                  </div>
                </li>
              </Fragment>
            )
          })}
        </ol>
      )}
    </div>
  )
}
