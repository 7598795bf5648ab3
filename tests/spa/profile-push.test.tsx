import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { buildUser } from './factories'
import { initTestI18n } from './i18n'
import { server } from './msw'
import { buildPreferences, profileServer } from './profile-fixtures'
import { renderApp } from './render'

// The "Push notification" channel in the buyer's preferences (issue 25): ticking it asks the browser's
// permission and subscribes; a refusal leaves it unticked with a message; unticking unsubscribes.

/** A browser with service workers and the Push API whose permission prompt answers `permission`. */
function fakePushBrowser(permission: NotificationPermission) {
  const unsubscribe = vi.fn(async () => true)
  const subscription = {
    endpoint: 'https://push.example.com/send/abc',
    unsubscribe,
    toJSON: () => ({
      endpoint: 'https://push.example.com/send/abc',
      keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
    }),
  }
  let subscribed = false
  const pushManager = {
    getSubscription: vi.fn(async () => (subscribed ? subscription : null)),
    subscribe: vi.fn(async () => {
      subscribed = true
      return subscription
    }),
  }
  const registration = { pushManager }
  const register = vi.fn(async () => registration)
  vi.stubGlobal('PushManager', class {})
  vi.stubGlobal('Notification', { requestPermission: vi.fn(async () => permission), permission: 'default' })
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register, ready: Promise.resolve(registration), getRegistration: vi.fn(async () => registration) },
  })
  return { register, pushManager, unsubscribe }
}

function pushApi() {
  const saved: unknown[] = []
  const deleted: string[] = []
  server.use(
    http.get('/api/push/key', () => HttpResponse.json({ publicKey: 'BPublicKey_-0123456789' })),
    http.put('/api/push/subscription', async ({ request }) => {
      const body = (await request.json()) as { endpoint: string }
      saved.push(body)
      return HttpResponse.json({ id: 'sub-1', endpoint: body.endpoint, createdAt: '2026-11-26T12:00:00.000Z' })
    }),
    http.delete('/api/push/subscription', ({ request }) => {
      deleted.push(new URL(request.url).searchParams.get('endpoint') ?? '')
      return HttpResponse.json({ deleted: true })
    }),
  )
  return { saved, deleted }
}

afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

// The first test loads the profile page's chunks on a busy machine.
describe('the push notification channel', { timeout: 15_000 }, () => {
  it('says push is blocked and leaves it unticked when the browser permission is denied', async () => {
    const user = userEvent.setup()
    const browser = fakePushBrowser('denied')
    const api = pushApi()
    profileServer({ me: buildUser(), preferences: buildPreferences({ notificationChannels: ['email'] }) })
    renderApp({ path: '/profile?tab=preferences', user: buildUser() })

    const push = await screen.findByRole('checkbox', { name: 'Push notification' }, { timeout: 10_000 })
    await user.click(push)

    expect(await screen.findByText(/Push notifications are blocked for this site/)).toBeInTheDocument()
    expect(push).not.toBeChecked()
    expect(browser.register).not.toHaveBeenCalled()
    expect(api.saved).toEqual([])
  })

  it('says it in Spanish too', async () => {
    await initTestI18n('es')
    const user = userEvent.setup()
    fakePushBrowser('denied')
    profileServer({ me: buildUser(), preferences: buildPreferences({ notificationChannels: ['email'] }) })
    renderApp({ path: '/profile?tab=preferences', user: buildUser() })

    const push = await screen.findByRole('checkbox', { name: 'Notificación push' }, { timeout: 10_000 })
    await user.click(push)

    expect(await screen.findByText(/Las notificaciones push están bloqueadas para este sitio/)).toBeInTheDocument()
    expect(push).not.toBeChecked()
  })

  it('subscribes this browser when allowed, and unsubscribes it when unticked', async () => {
    const user = userEvent.setup()
    const browser = fakePushBrowser('granted')
    const api = pushApi()
    profileServer({ me: buildUser(), preferences: buildPreferences({ notificationChannels: ['email'] }) })
    renderApp({ path: '/profile?tab=preferences', user: buildUser() })

    const push = await screen.findByRole('checkbox', { name: 'Push notification' }, { timeout: 10_000 })
    await user.click(push)

    await vi.waitFor(() => expect(push).toBeChecked())
    expect(browser.register).toHaveBeenCalledWith('/sw.js')
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }))
    expect(api.saved).toEqual([
      { endpoint: 'https://push.example.com/send/abc', keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } },
    ])

    await user.click(push)
    expect(push).not.toBeChecked()
    await vi.waitFor(() => expect(api.deleted).toEqual(['https://push.example.com/send/abc']))
    expect(browser.unsubscribe).toHaveBeenCalled()
  })
})
