import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { AppProviders } from '@/app/providers'
import { readAuthConfig, setAuthConfig } from '@/auth/config'
import { routes } from '@/app/routes'
import { baseI18nOptions, type SupportedLanguage } from '@/i18n/config'

/*
 * The build's prerender (vite.config.ts, `prerenderPages`): the signed-out pages a visitor lands on first, as
 * HTML, so their content paints before any script runs. The SPA hydrates this markup (src/main.tsx): the tree
 * below is the one the browser renders first for a signed-out visitor (the session still starting looks the
 * same as signed out), only with a static router.
 */

const files = import.meta.glob<{ default: Record<string, unknown> }>('/locales/*/*.json', { eager: true })
const resources: Record<string, Record<string, Record<string, unknown>>> = {}
for (const [file, module] of Object.entries(files)) {
  const [, , lng, ns] = file.replace(/\.json$/, '').split('/')
  ;(resources[lng!] ??= {})[ns!] = module.default
}

const signedOut = { status: 'unauthenticated', user: null, signOut: () => Promise.resolve() } as const

/** The markup `#root` holds once the SPA has rendered `path` for a signed-out visitor in `language`. */
export async function prerenderPage(path: string, language: SupportedLanguage): Promise<string> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({ ...baseI18nOptions, resources, lng: language, initAsync: false })
  }
  await i18n.changeLanguage(language)
  // The build's sign-in configuration, as the browser reads it (only whether there is one shows on a page).
  setAuthConfig(readAuthConfig(import.meta.env, 'http://localhost'))
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(new URL(path, 'http://localhost')))
  if (context instanceof Response) throw new Error(`prerender: ${path} answered a redirect`)
  const router = createStaticRouter(handler.dataRoutes, context)
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders auth={signedOut}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  )
  return new Response(prelude).text()
}
