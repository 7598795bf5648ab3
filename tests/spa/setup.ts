import '@testing-library/jest-dom/vitest'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { cleanup, configure } from '@testing-library/react'
import { setAuthTransport } from '@/api/transport'
import { dismissToast } from '@/components/ui/toast'
import { checkTestOutput, recordConsole, recordUnhandledRequest } from './console-guard'
import { initTestI18n } from './i18n'
import { server } from './msw'

// Pages are lazy chunks: on a busy machine the first one can take more than the default second to arrive.
configure({ asyncUtilTimeout: 4000 })

// jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => {}

// jsdom has no pointer capture; Radix's toast (swipe to dismiss) asks for it when a person presses a toast's button.
Element.prototype.hasPointerCapture ??= () => false
Element.prototype.setPointerCapture ??= () => {}
Element.prototype.releasePointerCapture ??= () => {}

beforeAll(() => server.listen({ onUnhandledRequest: recordUnhandledRequest }))
let consoleSpies: { mockRestore: () => void }[] = []
beforeEach(async () => {
  // Unexpected console errors and warnings fail the test (console-guard.ts); expected ones are announced.
  consoleSpies = [
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => recordConsole('error', args)),
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => recordConsole('warn', args)),
  ]
  localStorage.clear()
  sessionStorage.clear()
  // A fresh browser for each test: no cookie left by the one before (the language, the dashboard's visit).
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; path=/; max-age=0`
  }
  await initTestI18n('en')
})
afterEach(() => {
  cleanup()
  server.resetHandlers()
  setAuthTransport(null)
  dismissToast()
  consoleSpies.forEach((spy) => spy.mockRestore())
  checkTestOutput()
})
afterAll(async () => {
  server.close()
  // A lazy chunk a test started (the map beside the deals, a page) must finish loading while the file's jsdom
  // window still exists: evaluated after teardown, Leaflet throws "window is not defined" into the next file.
  await vi.dynamicImportSettled()
})
