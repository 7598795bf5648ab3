import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import type { Thread } from '@/contract'
import { Button, ButtonLink } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { dealAddress } from '@/lib/deal-address'
import { useThreads } from './chat-api'
import { DealThumb } from './deal-thumb'
import { participantName, threadPlace, useRelativeTime } from './labels'
import { useAuth } from '@/auth'

/** The caller's conversations, newest activity first, more by cursor. */
export function ThreadList({ activeId }: { activeId: string | null }) {
  const { t } = useTranslation('chat')
  const query = useThreads()

  if (query.isPending) return <Spinner className="m-6" label={t('list.loading')} />
  if (query.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 p-4 text-sm">
        <p className="text-slate-800">{t('list.loadFailed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    )
  }
  const threads = query.data.pages.flatMap((page) => page.items)
  if (!threads.length) {
    return (
      <div className="grid justify-items-start gap-3 p-4">
        <p className="font-medium text-slate-900">{t('list.emptyTitle')}</p>
        <p className="text-sm text-slate-700">{t('list.emptyBody')}</p>
        <ButtonLink to="/deals" size="sm">
          {t('list.browse')}
        </ButtonLink>
      </div>
    )
  }
  return (
    <div className="grid content-start">
      <ul aria-label={t('list.label')} className="divide-y divide-slate-200">
        {threads.map((thread) => (
          <li key={thread.threadId}>
            <ThreadRow thread={thread} active={thread.threadId === activeId} />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Button
          variant="ghost"
          size="sm"
          className="m-2"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? t('list.loadingMore') : t('list.loadMore')}
        </Button>
      )}
    </div>
  )
}

function ThreadRow({ thread, active }: { thread: Thread; active: boolean }) {
  const { t } = useTranslation('chat')
  const { user } = useAuth()
  const relative = useRelativeTime()
  const place = threadPlace(t, thread, (deal) => {
    const address = dealAddress(deal, t('addressUndisclosed'))
    return address.locality ? `${address.street}, ${address.locality}` : address.street
  })
  const otherName =
    thread.viewerRole === 'observer'
      ? `${participantName(t, thread, 'buyer')} · ${participantName(t, thread, 'seller')}`
      : participantName(t, thread, thread.viewerRole === 'seller' ? 'buyer' : 'seller')
  const last = thread.lastMessage
  const lastText = last ? (last.senderId === user?.userId ? t('list.you', { text: last.body }) : last.body) : ''
  return (
    <Link
      to={`/chat/${encodeURIComponent(thread.threadId)}`}
      aria-current={active ? 'page' : undefined}
      className={clsx('flex gap-3 p-3 hover:bg-slate-50', active && 'bg-brand-50')}
    >
      <DealThumb deal={thread.deal} />
      <span className="grid min-w-0 flex-1 grid-cols-1 gap-0.5">
        <span className="flex items-baseline justify-between gap-2">
          <span className="truncate text-sm font-semibold text-slate-900">{otherName}</span>
          <time dateTime={thread.lastActivityAt} className="shrink-0 text-xs text-slate-600">
            {relative(thread.lastActivityAt)}
          </time>
        </span>
        <span className="truncate text-xs text-slate-600">{place}</span>
        <span className="flex items-center justify-between gap-2">
          <span
            className={clsx('truncate text-sm', thread.unreadCount ? 'font-medium text-slate-900' : 'text-slate-600')}
          >
            {thread.blocked ? t('thread.blocked') : lastText}
          </span>
          {thread.unreadCount > 0 && (
            <span className="shrink-0 rounded-full bg-brand-700 px-2 text-xs leading-5 font-semibold text-white">
              <span aria-hidden="true">{thread.unreadCount}</span>
              <span className="sr-only">{t('list.unread', { count: thread.unreadCount })}</span>
            </span>
          )}
        </span>
      </span>
    </Link>
  )
}
