import { Fragment, useLayoutEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import type { Message } from '@/contract'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { formatDate } from '@/lib/format-date'
import { MessageText } from './message-text'

/** Older messages load when the reader scrolls this close to the top. */
const LOAD_OLDER_WITHIN_PX = 80

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
export function MessageList(props: MessageListProps) {
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
