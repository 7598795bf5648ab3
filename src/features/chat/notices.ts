import { useEffect, useRef } from 'react'
import { useQuery } from '@tanstack/react-query'
import { queryFor } from '@/api/queries'
import { endpoints, type Notification } from '@/contract'
import { useRealtimeEvent } from '@/realtime'

/**
 * Runs `onNew` when a notice `matches` arrives: at once from its `notification` event, or, without a live
 * socket, when the bell's poll brings it (the bell's cache is read, never fetched here). Each notice counts
 * once, whichever way it came first; those the bell held when the page opened do not count. A page keeps
 * what it shows current with it (the seller's offers and interested buyers, the buyer's own offers).
 */
export function useNoticesAbout(matches: (notice: Notification) => boolean, onNew: () => void) {
  const latest = useRef({ matches, onNew })
  useEffect(() => {
    latest.current = { matches, onNew }
  })
  const handled = useRef<Set<string> | null>(null)
  const take = (ids: string[]) => {
    const known = (handled.current ??= new Set())
    const fresh = ids.filter((id) => !known.has(id))
    for (const id of fresh) known.add(id)
    return fresh.length > 0
  }

  useRealtimeEvent('notification', (notice) => {
    if (latest.current.matches(notice) && take([notice.notificationId])) latest.current.onNew()
  })

  const { data: polled } = useQuery({
    ...queryFor(endpoints.notifications),
    enabled: false,
    select: (list) =>
      list.notifications
        .filter((notice) => latest.current.matches(notice))
        .map((notice) => notice.notificationId)
        .join(' '),
  })
  useEffect(() => {
    if (polled === undefined) return
    const ids = polled ? polled.split(' ') : []
    // The first list the page sees is where it starts from: those notices are already on screen.
    if (handled.current === null) {
      take(ids)
      return
    }
    if (take(ids)) latest.current.onNew()
  }, [polled])
}
