import { useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useAuth } from '@/auth'
import type { Message, Thread } from '@/contract'
import { useRealtime, useRealtimeEvent, useRealtimeResync } from '@/realtime'
import { THREAD_FALLBACK_POLL_MS, catchUpMessages, useMarkThreadRead } from './chat-api'
import { participantName } from './labels'

/**
 * What keeps an open conversation current while it is on screen: it is marked read on open and whenever a
 * message from the other side arrives; after every (re)subscription and on this thread's events it fetches
 * what came after the last id held (nothing lost, nothing twice), and every so often without a live socket.
 * Returns what a screen reader should hear: a message from the other side as it arrives.
 */
export function useLiveThread(thread: Thread, messages: Message[], loaded: boolean) {
  const { t } = useTranslation('chat')
  const { user } = useAuth()
  const queryClient = useQueryClient()
  const { threadId } = thread
  const markRead = useMarkThreadRead(threadId)
  const { status } = useRealtime()
  const observer = thread.viewerRole === 'observer'

  // Reading: on open, and whenever a message from the other side arrives while it is open.
  const newestFromOther = [...messages].reverse().find((message) => message.senderId !== user?.userId)?.id ?? 0
  const readUpTo = useRef(-1)
  const { mutate: markReadNow } = markRead
  useEffect(() => {
    if (observer || !loaded || newestFromOther <= readUpTo.current) return
    readUpTo.current = newestFromOther
    markReadNow()
  }, [observer, loaded, newestFromOther, markReadNow])

  const catchUp = () => {
    if (loaded) void catchUpMessages(queryClient, threadId).catch(() => {})
  }
  useRealtimeResync(catchUp)
  useRealtimeEvent('new-message', (event) => {
    if (event.threadId === threadId) catchUp()
  })
  const live = status === 'live'
  useEffect(() => {
    if (live || !loaded) return
    const timer = window.setInterval(
      () => void catchUpMessages(queryClient, threadId).catch(() => {}),
      THREAD_FALLBACK_POLL_MS,
    )
    return () => window.clearInterval(timer)
  }, [live, loaded, queryClient, threadId])

  // Messages from the other side as they arrive (not the ones already there).
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
  return announcement
}
