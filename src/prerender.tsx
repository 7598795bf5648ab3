import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import type { QueryClient } from '@tanstack/react-query'
import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { requestOf } from '@/api/call'
import { keyFor } from '@/api/queries'
import { createQueryClient } from '@/api/query-client'
import { AppProviders } from '@/app/providers'
import type { AuthState } from '@/auth'
import { readAuthConfig, setAuthConfig } from '@/auth/config'
import { routes } from '@/app/routes'
import { endpoints, successSchema, type MemberPageRenderer, type User } from '@/contract'
import { firstDealPageCall } from '@/features/deals-browse'
import { profileGuardDecision } from '@/features/profile'
import { baseI18nOptions, isSupportedLanguage, type SupportedLanguage } from '@/i18n/config'
import type { BootQuery, BootState } from '@/app/boot-state'

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
export function prerenderPage(path: string, language: SupportedLanguage): Promise<string> {
  return render(path, language, signedOut)
}

/** One render at a time: the language is the one i18next instance's, as in the browser. */
let rendering: Promise<unknown> = Promise.resolve()

function render(path: string, language: SupportedLanguage, auth: AuthState, queryClient?: QueryClient) {
  const run = async () => {
    let failure: unknown
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
        <AppProviders auth={auth} queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
      {
        // Every boundary inline and complete: React would otherwise send a large one (a page of listings)
        // apart, with an inline script to put it in place, which the page's CSP refuses.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // A component that fails here would leave its boundary to the browser: the page is not served then.
        onError: (error) => {
          failure ??= error
        },
      },
    )
    if (failure) throw failure instanceof Error ? failure : new Error(String(failure))
    return new Response(prelude).text()
  }
  const next = rendering.then(run, run)
  rendering = next.catch(() => undefined)
  return next
}

/**
 * The member pages the server renders (server/http/spa.ts `MEMBER_PAGES`), each with the calls whose answers
 * it shows first (null: this URL of it is left to the SPA).
 */
const MEMBER_PAGES: Record<
  string,
  (
    search: URLSearchParams,
  ) => { queryKey: readonly unknown[]; url: string; parse: (answer: unknown) => unknown }[] | null
> = {
  '/deals': (search) => {
    const input = firstDealPageCall(search)
    return input && [{ queryKey: keyFor(endpoints.listDeals, input), ...requestOf(endpoints.listDeals, input) }]
  },
}

/**
 * A member's page as the SPA first renders it for them (signed in, its first answers in the cache), for the
 * server to send as HTML: the SPA then hydrates it from the boot state (src/main.tsx) without a request.
 */
export const renderMemberPage: MemberPageRenderer['renderMemberPage'] = async ({
  url,
  user: answer,
  language: stored,
  load,
}) => {
  const target = new URL(url, 'http://localhost')
  const calls = MEMBER_PAGES[target.pathname]?.(target.searchParams)
  const user: User = successSchema(endpoints.me).parse(answer)
  // A member the SPA would send elsewhere first (an unfinished profile) gets the SPA, which does.
  if (!calls || profileGuardDecision(user, target)) return null
  const queryClient = createQueryClient()
  const queries: BootQuery[] = []
  for (const { queryKey, url: callUrl, parse } of calls) {
    const data = parse(await load(callUrl))
    queryClient.setQueryData(queryKey, data)
    queries.push({ queryKey, data, updatedAt: Date.now() })
  }
  // The language the SPA would start in: the browser's stored choice, else the account's (set at sign-in).
  const choice = stored?.slice(0, 2)
  const language = isSupportedLanguage(choice)
    ? choice
    : isSupportedLanguage(user.languagePreference)
      ? user.languagePreference
      : 'en'
  const auth: AuthState = { status: 'authenticated', user, signOut: () => Promise.resolve() }
  const markup = await render(`${target.pathname}${target.search}`, language, auth, queryClient)
  const bootState: BootState = { user, queries }
  return { language, markup, bootState }
}
