import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { buildMessage, chatApi, SELLER_ID } from './chat-fixtures'
import { buildUser } from './factories'
import { server } from './msw'
import { renderApp } from './render'

const seller = () =>
  buildUser({ userId: SELLER_ID, firstName: 'Sam', lastName: 'Seller', role: 'originator', roles: ['originator'] })

const HINT = 'Enter sends, Shift+Enter starts a new line'

/** A screen whose primary pointer is `pointer` (a finger: coarse; a mouse: fine). */
function primaryPointer(pointer: 'coarse' | 'fine') {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query === `(pointer: ${pointer})`,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  )
}

async function openThread() {
  server.use(
    http.get('/api/config/feature-flags', () =>
      HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
    ),
  )
  chatApi({ messages: [buildMessage(1, { body: 'Is it still available?' })] })
  renderApp({ path: '/chat/thread-1', user: seller() })
  return screen.findByRole('textbox', { name: 'Message' }, { timeout: 10_000 })
}

afterEach(() => vi.unstubAllGlobals())

/* Issue 22 item 20: a phone's keyboard has no Shift+Enter; the hint is for keyboards and mice. */
describe('the composer\'s "Enter sends" hint', () => {
  it('is not shown (nor read out) on a touch screen', async () => {
    primaryPointer('coarse')
    const box = await openThread()
    expect(screen.queryByText(HINT)).not.toBeInTheDocument()
    expect(box).not.toHaveAccessibleDescription(expect.stringContaining(HINT))
  })

  it('is shown with a mouse', async () => {
    primaryPointer('fine')
    const box = await openThread()
    expect(box).toHaveAccessibleDescription(expect.stringContaining(HINT))
  })
})
