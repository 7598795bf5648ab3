import i18n from 'i18next'
import { toast } from '@/lib/toast'
import { rememberNotice, takeNotice, type SessionNotice } from './storage'

/**
 * Tells the person why their session ended ("Session Error", "Account Deactivated"). A forced sign-out ends
 * in a full page load, so the notice is also kept for the next page to show.
 */
export function showNotice(notice: SessionNotice, { survivesReload = false } = {}) {
  if (survivesReload) rememberNotice(notice)
  // At startup the auth translations may still be on their way.
  void i18n.loadNamespaces('auth').then(() =>
    toast({
      title: i18n.t(`auth:notices.${notice}.title`),
      description: i18n.t(`auth:notices.${notice}.description`),
      variant: 'destructive',
    }),
  )
}

/** The notice the previous page kept before its reload, shown once. */
export function showRememberedNotice() {
  const notice = takeNotice()
  if (notice) showNotice(notice)
}
