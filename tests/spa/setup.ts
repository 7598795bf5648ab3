import '@testing-library/jest-dom/vitest'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { cleanup, configure } from '@testing-library/react'
import { setAuthTransport } from '@/auth/transport'
import { dismissToast } from '@/components/ui/toast'
import { initTestI18n } from './i18n'
import { server } from './msw'

// Pages are lazy chunks: on a busy machine the first one can take more than the default second to arrive.
configure({ asyncUtilTimeout: 4000 })

// jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => {}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(async () => {
  localStorage.clear()
  sessionStorage.clear()
  await initTestI18n('en')
})
afterEach(() => {
  cleanup()
  server.resetHandlers()
  setAuthTransport(null)
  dismissToast()
})
afterAll(() => server.close())
