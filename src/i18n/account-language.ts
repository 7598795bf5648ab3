import i18n from 'i18next'
import { authEvents } from '@/auth'
import { isSupportedLanguage } from './config'

/**
 * At sign-in the language saved on the account wins over the browser's (it may have been chosen on another
 * device); switching it afterwards saves the new choice (spec §8). Returns the unsubscribe function.
 */
export function followAccountLanguage(events = authEvents) {
  return events.on('signedIn', ({ languagePreference }) => {
    if (isSupportedLanguage(languagePreference) && languagePreference !== i18n.resolvedLanguage) {
      void i18n.changeLanguage(languagePreference)
    }
  })
}
