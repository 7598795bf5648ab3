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

/** A participant's name, or "Buyer" / "Seller" when the account has none yet. */
export function participantName(t: (key: string) => string, thread: Thread, side: 'buyer' | 'seller') {
  return thread[side].name.trim() || t(side === 'buyer' ? 'roles.buyer' : 'roles.seller')
}
