import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { baseI18nOptions } from '@/i18n/config'

const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
})

const resources: Record<string, Record<string, Record<string, unknown>>> = {}
for (const [file, content] of Object.entries(files)) {
  const [, lng, ns] = /locales\/(\w+)\/(\w+)\.json$/.exec(file) ?? []
  if (!lng || !ns) continue
  ;(resources[lng] ??= {})[ns] = content
}

/** The app's i18next instance, loaded synchronously from locales/ for tests. */
export async function initTestI18n(lng = 'en') {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({ ...baseI18nOptions, resources, lng })
  } else {
    await i18n.changeLanguage(lng)
  }
  return i18n
}
export { resources as testResources }
