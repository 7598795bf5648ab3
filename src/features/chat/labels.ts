import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import type { Notification, Thread } from '@/contract'
import { formatRelativeTime } from '@/lib/relative-time'

/** The interface language as the date helpers take it. */
export const languageOf = (language: string | undefined): 'en' | 'es' => (language?.startsWith('es') ? 'es' : 'en')

/** "5 minutes ago" / "hace 5 minutos" in the interface language (spec §9 rules). */
export function useRelativeTime() {
  const { t, i18n } = useTranslation('chat')
  const language = languageOf(i18n.resolvedLanguage ?? i18n.language)
  const justNow = t('justNow')
  return useCallback(
    (value: string, now?: Date) => formatRelativeTime(value, { language, justNow, now }),
    [language, justNow],
  )
}

/** The bell's item title (spec §2) in the reader's language; other types show their message (written in it). */
export function notificationTitle(t: (key: string, options?: Record<string, unknown>) => string, item: Notification) {
  switch (item.type) {
    case 'new_message':
      return item.senderName ? t('bell.newMessageFrom', { sender: item.senderName }) : t('bell.newMessage')
    case 'new_thread':
      return t('bell.newConversation')
    case 'thread_blocked':
      return t('bell.conversationBlocked')
    // The listing's address is the item's second line (as the reader may see it), not its title as well.
    case 'deal_match':
      return t('bell.dealMatch')
    case 'deal_match_priority':
      return t('bell.dealMatchPriority')
    default:
      return item.message
  }
}

/** A participant's name, or "Buyer" / "Seller" ("Member" between Owners Club members) when the account has none yet. */
export function participantName(t: (key: string) => string, thread: Thread, side: 'buyer' | 'seller') {
  const fallback = thread.deal ? t(side === 'buyer' ? 'roles.buyer' : 'roles.seller') : t('roles.member')
  return thread[side].name.trim() || fallback
}

/**
 * The line under a conversation's name: the listing's address, or for an Owners Club conversation "Owners Club"
 * with the other member's company (both members' companies for an observer).
 */
export function threadPlace(
  t: (key: string, options?: Record<string, unknown>) => string,
  thread: Thread,
  address: (deal: NonNullable<Thread['deal']>) => string,
) {
  if (thread.deal) return address(thread.deal)
  const sides =
    thread.viewerRole === 'observer'
      ? (['buyer', 'seller'] as const)
      : ([thread.viewerRole === 'seller' ? 'buyer' : 'seller'] as const)
  const company = sides
    .map((side) => thread[side].companyName?.trim())
    .filter(Boolean)
    .join(' · ')
  return company ? t('thread.ownersClubCompany', { company }) : t('thread.ownersClub')
}
