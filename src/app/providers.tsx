import { Suspense, useEffect, useState, type ReactNode } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import i18n from 'i18next'
import { createQueryClient } from '@/api/query-client'
import { setRequestLanguage } from '@/api/client'
import { isApiError } from '@/api/errors'
import { AnalyticsIdentity } from '@/analytics'
import { AuthProvider, type AuthState } from '@/auth'
import { Toaster, toast } from '@/components/ui/toast'
import { followAccountLanguage } from '@/i18n/account-language'
import { RealtimeProvider, type RealtimeClientFactory } from '@/realtime'
import type { Boot } from './boot-state'

/** A mutation without its own error handling still tells the user, in their language. */
function showMutationError(error: unknown) {
  toast({
    title: i18n.t('genericError.title'),
    description: isApiError(error) ? error.message : i18n.t('genericError.body'),
    variant: 'destructive',
  })
}

/** The query client the app runs on: a mutation nobody handles still tells the user (tests use it too). */
export const createAppQueryClient = () => createQueryClient({ onMutationError: showMutationError })

function BootSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center" aria-busy="true">
      <span className="size-8 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" />
    </div>
  )
}

export function AppProviders({
  children,
  queryClient,
  auth,
  realtimeClient,
  boot,
}: {
  children: ReactNode
  queryClient?: QueryClient
  auth?: AuthState
  /** Makes the realtime client (pusher-js unless given: tests hand in a fake). */
  realtimeClient?: RealtimeClientFactory
  /** A member's page the server rendered: start as that member, with the answers the page shows. */
  boot?: Boot | null
}) {
  const [client] = useState(() => {
    const created = queryClient ?? createAppQueryClient()
    boot?.seed(created)
    return created
  })
  useEffect(() => {
    // Server messages and screen readers follow the interface language.
    // By the language the page is in (`es`), not the one the browser asked for (`es-MX`).
    const onChange = (lng: string) => {
      const language = i18n.resolvedLanguage ?? lng
      setRequestLanguage(language)
      document.documentElement.lang = language
    }
    onChange(i18n.resolvedLanguage ?? i18n.language)
    i18n.on('languageChanged', onChange)
    return () => i18n.off('languageChanged', onChange)
  }, [])
  useEffect(() => followAccountLanguage(), [])
  return (
    <QueryClientProvider client={client}>
      {/*
        The Cognito session manager; `auth` starts it in a given state instead (tests). Outside the Suspense
        boundary, so the stored session's check starts at once instead of after the translations arrive.
      */}
      <AuthProvider value={auth} resume={boot?.user}>
        <Suspense fallback={<BootSpinner />}>
          <AnalyticsIdentity />
          {/* The realtime connection follows the session (spec §4). */}
          <RealtimeProvider createClient={realtimeClient}>
            {children}
            <Toaster />
          </RealtimeProvider>
        </Suspense>
      </AuthProvider>
    </QueryClientProvider>
  )
}
