import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { format } from 'date-fns'
import { enUS } from 'date-fns/locale/en-US'
import { es } from 'date-fns/locale/es'
import i18next, { type i18n as I18n } from 'i18next'
import type { Translate } from '../../../src/contract/matching-reasons'
import { SERVER_LANGUAGES, type ServerLanguage } from '../../http/i18n'

/** Every mail the server sends; copy in locales/<lng>/mail.json under the same names. */
export const MAIL_TEMPLATES = [
  'signupCode',
  'signinLink',
  'passwordReset',
  'invitation',
  'waitlisted',
  'waitlistDeclined',
  'alreadyRegistered',
  'emailChangeCode',
  'dealInterest',
  'offerAccepted',
  'offerReceived',
  'offerDeclined',
  'sellerRequestApproved',
  'sellerRequestDeclined',
  'trainingCertified',
  'helpAnswered',
  'matchAlert',
  'matchDigest',
  'listingStale',
  'listingAutoCanceled',
] as const
export type MailTemplate = (typeof MAIL_TEMPLATES)[number]

/** Facts each template needs in `data`; a missing one is a bug, so rendering throws instead of mailing "{{code}}". */
const REQUIRED_DATA: Record<MailTemplate, readonly string[]> = {
  signupCode: ['code'],
  signinLink: ['link'],
  passwordReset: ['code', 'link'],
  invitation: ['link'],
  waitlisted: [],
  waitlistDeclined: [],
  alreadyRegistered: [],
  emailChangeCode: ['code'],
  dealInterest: ['buyerName', 'buyerPhone', 'buyerEmail', 'message', 'address', 'link'],
  offerAccepted: ['address', 'amount', 'closeDate', 'link'],
  offerReceived: ['buyerName', 'address', 'amount', 'closeDate', 'link'],
  // `context: 'reason'` adds the seller's reason (text_reason).
  offerDeclined: ['address', 'amount', 'link'],
  sellerRequestApproved: ['link'],
  sellerRequestDeclined: ['reason', 'link'],
  trainingCertified: ['link'],
  helpAnswered: ['question', 'link'],
  // `reasons`: the top reasons, one line each, already in the reader's words (describeReason).
  matchAlert: ['address', 'score', 'reasons', 'link', 'unsubscribeLink'],
  // `listings`: one block per listing (address, score, reasons, link), best first.
  matchDigest: ['count', 'listings', 'unsubscribeLink'],
  // Freshness: the seller's listing is stale (one-click `confirmLink`), then canceled by the system.
  listingStale: ['address', 'days', 'link', 'confirmLink'],
  listingAutoCanceled: ['address', 'days', 'link'],
}

const LOCALES_DIR = fileURLToPath(new URL('../../../locales/', import.meta.url))

let shared: Promise<I18n> | undefined

/** What mails read: their own copy, the matching reasons they show (`describeReason`) and the value labels. */
const MAIL_NAMESPACES = ['mail', 'matching', 'values'] as const

const readNamespace = (lng: string, ns: string) => JSON.parse(readFileSync(`${LOCALES_DIR}${lng}/${ns}.json`, 'utf8'))

/** Its own i18next instance over the `mail` namespace (and those mails quote), read once. */
function loadMailI18n(): Promise<I18n> {
  shared ??= (async () => {
    const instance = i18next.createInstance()
    await instance.init({
      resources: Object.fromEntries(
        SERVER_LANGUAGES.map((lng) => [
          lng,
          Object.fromEntries(MAIL_NAMESPACES.map((ns) => [ns, readNamespace(lng, ns)])),
        ]),
      ),
      lng: 'en',
      fallbackLng: 'en',
      supportedLngs: [...SERVER_LANGUAGES],
      ns: [...MAIL_NAMESPACES],
      defaultNS: 'mail',
      // Plain-text mail: nothing to escape, and "&" must stay "&".
      interpolation: { escapeValue: false },
    })
    return instance
  })()
  return shared
}

/**
 * One phrase of the mail namespace in `language` (e.g. `offerAccepted.notice_buyer`): the short texts other
 * modules write beside a mail (a notice, a conversation note), so they share its wording.
 */
export async function mailPhrase(language: ServerLanguage, key: string, values: Record<string, string>) {
  return (await loadMailI18n()).getFixedT(language)(key, values)
}

/**
 * A translation function in `language` for `describeReason` (src/contract/matching-reasons.ts): mails and
 * notices word matching reasons as the SPA does.
 */
export async function mailTranslator(language: ServerLanguage): Promise<Translate> {
  const t = (await loadMailI18n()).getFixedT(language)
  return (key, options) => t(key, options)
}

const DATE_LOCALES = { en: enUS, es } satisfies Record<ServerLanguage, unknown>

/**
 * A calendar day ("2099-06-30") as a mail or note in `language` writes it: "June 30th, 2099", "30 de junio de
 * 2099" (the SPA's long date style), never the ISO form.
 */
export function mailDate(language: ServerLanguage, day: string) {
  const [year, month, date] = day.split('-').map(Number)
  return format(new Date(year!, month! - 1, date), 'PPP', { locale: DATE_LOCALES[language] })
}

export type RenderedMail = { subject: string; text: string }

/** Subject and plain-text body in the recipient's language, with greeting and signature. */
export async function renderMail(
  template: MailTemplate,
  language: ServerLanguage,
  data: Record<string, string>,
  appUrl: string,
): Promise<RenderedMail> {
  const missing = REQUIRED_DATA[template].filter((key) => !data[key])
  if (missing.length > 0) throw new Error(`Mail ${template} needs ${missing.join(', ')} in data`)
  const t = (await loadMailI18n()).getFixedT(language)
  const values = { ...data, appUrl, signinUrl: `${appUrl}/auth` }
  const greeting = data.name ? t('greeting', { name: data.name }) : t('greetingNoName')
  const body = t(`${template}.text`, values)
  return {
    subject: t(`${template}.subject`, values),
    text: `${greeting}\n\n${body}\n\n${t('signature', values)}\n`,
  }
}
