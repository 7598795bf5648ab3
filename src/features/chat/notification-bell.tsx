import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { isPrivileged, useAuth } from '@/auth'
import type { Notification } from '@/contract'
import { useMenuHandoff, type MenuHandoff } from '@/components/ui/deferred'
import { dealAddressLine } from '@/lib/truncate'
import { realtimeUserId, useRealtime } from '@/realtime'
import {
  BUYER_POLL_MS,
  PRIVILEGED_POLL_MS,
  notificationsKey,
  useMarkNotificationRead,
  useNotifications,
} from './chat-api'
import { useChatEvents } from './chat-events'
import { notificationTitle, useRelativeTime } from './labels'
import { isLiveNotification } from './live-notifications'

/** Spec §2/§9: the badge says 99+ above 99. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count))

const itemClass =
  'flex w-full cursor-pointer select-none flex-col items-start gap-0.5 rounded px-3 py-2 text-left text-sm outline-none data-[highlighted]:bg-slate-100'

/**
 * The notification bell (spec §2): the unread badge, a dropdown of unread notifications that scrolls
 * (about 400 px), and "View all conversations". Polled every 60 s for privileged users and 15 s for
 * buyer-only users; opening it connects a buyer-only user's realtime socket on demand (spec §4). It also
 * carries the chat's realtime event handling, since it is there on every page for a signed-in user. The
 * header loads it after the first paint, in place of a plain stand-in (`handoff`: see useMenuHandoff).
 */
export function NotificationBell({ handoff }: { handoff?: MenuHandoff }) {
  const { t } = useTranslation('chat')
  const { user } = useAuth()
  const userId = realtimeUserId(user)
  const privileged = isPrivileged(user)
  const { connectOnDemand } = useRealtime()
  const query = useNotifications(userId, privileged ? PRIVILEGED_POLL_MS : BUYER_POLL_MS)
  const markRead = useMarkNotificationRead()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const relative = useRelativeTime()
  const { open, setOpen, trigger, onContentFocus } = useMenuHandoff(handoff)
  useChatEvents()

  const unread = (query.data?.notifications ?? []).filter((item) => item.readAt === null)
  const count = query.data?.unreadCount ?? 0

  const openItem = (item: Notification) => {
    // A live item (from an event) has no server id yet: opening the thread marks it read with the thread.
    if (!isLiveNotification(item)) markRead.mutate(item.notificationId)
    const target = notificationTarget(item)
    // A listing page opened from a notice says the listing is gone rather than "not found" (it existed).
    if (target) void navigate(target, { state: { fromNotice: true } })
    else void queryClient.invalidateQueries({ queryKey: notificationsKey() })
  }

  return (
    // Not modal: the page behind stays in the accessibility tree (a modal menu hides #root, which holds the
    // focused trigger); Escape, a click outside and Tab still close it.
    <DropdownMenu.Root
      modal={false}
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (next) connectOnDemand()
      }}
    >
      <DropdownMenu.Trigger
        ref={trigger}
        className="relative inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
        aria-label={count > 0 ? t('bell.labelUnread', { count: badgeText(count) }) : t('bell.label')}
      >
        <BellIcon />
        {count > 0 && (
          <span
            aria-hidden="true"
            data-testid="bell-badge"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-semibold text-white"
          >
            {badgeText(count)}
          </span>
        )}
      </DropdownMenu.Trigger>
      {/* Rendered in place (no portal): the open list stays inside the header's landmark. */}
      <DropdownMenu.Content
        onFocus={onContentFocus}
        align="end"
        sideOffset={8}
        className="z-50 w-[min(22rem,calc(100vw-1rem))] rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
      >
        <DropdownMenu.Label className="flex items-center justify-between px-3 py-2">
          <span className="text-sm font-semibold text-slate-900">{t('bell.title')}</span>
          {count > 0 && (
            <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
              {t('bell.newBadge', { count })}
            </span>
          )}
        </DropdownMenu.Label>
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
        {/* Focusable so a keyboard can scroll a long list as well as move through its items. */}
        <div
          role="group"
          aria-label={t('bell.title')}
          // A scrollable region must take keyboard focus (WCAG 2.1.1; axe scrollable-region-focusable).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="max-h-[400px] overflow-y-auto focus-visible:outline-2 focus-visible:outline-brand-600"
          data-testid="bell-list"
        >
          {query.isPending ? (
            <p role="status" className="px-3 py-6 text-center text-sm text-slate-600">
              {t('bell.loading')}
            </p>
          ) : unread.length === 0 ? (
            <div className="px-3 py-6 text-center">
              <p className="text-sm font-medium text-slate-900">{t('bell.emptyTitle')}</p>
              <p className="mt-1 text-sm text-slate-600">{t('bell.emptyBody')}</p>
            </div>
          ) : (
            unread.map((item) => (
              <DropdownMenu.Item key={item.notificationId} className={itemClass} onSelect={() => openItem(item)}>
                <span className="font-medium text-slate-900">{notificationTitle(t, item)}</span>
                {item.dealInfo && (
                  <span className="text-xs text-slate-600">
                    {dealAddressLine(item.dealInfo, t('addressUndisclosed'))}
                  </span>
                )}
                <time dateTime={item.createdAt} className="text-xs text-slate-600">
                  {relative(item.createdAt)}
                </time>
              </DropdownMenu.Item>
            ))
          )}
        </div>
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
        <DropdownMenu.Item
          className="flex cursor-pointer items-center justify-center rounded px-3 py-2 text-sm font-medium text-brand-800 outline-none data-[highlighted]:bg-slate-100"
          onSelect={() => void navigate('/chat')}
        >
          {t('bell.viewAll')}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  )
}

function BellIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

/**
 * Where a notice leads: its conversation; a feedback notice to the feedback review or list; a seller request
 * to its list or its author's Roles tab; else the listing it is about, a new offer to that listing's offers
 * table; else nowhere (it is only marked read).
 */
function notificationTarget(item: Notification): string | null {
  if (item.threadId) return `/chat/${encodeURIComponent(item.threadId)}`
  if (item.path) return item.path
  // Feedback notices: new feedback to the admins' review, a resolved report to the sender's own list.
  if (item.type === 'feedback_received') return '/admin/feedback'
  if (item.type === 'feedback_resolved') return '/feedback'
  // Seller access by approval: a new request (admins), a decision about one's own (the requester).
  if (item.type === 'seller_request') return '/admin/seller-requests'
  if (item.type === 'seller_request_approved' || item.type === 'seller_request_declined') return '/profile?tab=roles'
  if (item.type === 'training_certified') return '/training'
  // The help centre: a new question (admins); an answered one names its page (`path`), else My questions.
  if (item.type === 'help_question') return '/admin/help'
  if (item.type === 'help_answered') return '/help'
  if (!item.dealId) return null
  const deal = `/deals/${encodeURIComponent(item.dealId)}`
  return item.type === 'offer_received' ? `${deal}/offers` : deal
}
