import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from './render'

// A slow link: the Terms page's code arrives only when the test says so.
const chunk = vi.hoisted(() => {
  let release = () => {}
  const arrived = new Promise<void>((resolve) => (release = resolve))
  return { arrived, release: () => release() }
})
vi.mock('@/features/legal/terms-page', async (importOriginal) => {
  await chunk.arrived
  return importOriginal()
})

describe('moving to a page whose code has not arrived yet (spec §2: lazy pages load with a spinner)', () => {
  it('shows the spinner at once in place of the page left, then the page', async () => {
    const user = userEvent.setup()
    renderApp({ path: '/' })
    // The home page's own code takes a while on a busy machine.
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 })).toBeInTheDocument()

    await user.click(screen.getByRole('link', { name: 'Terms of Service' }))
    expect(await within(screen.getByRole('main')).findByRole('status')).toHaveTextContent('Loading…')
    expect(within(screen.getByRole('main')).queryByRole('heading', { level: 1 })).not.toBeInTheDocument()

    chunk.release()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms of Service' }, { timeout: 15_000 }),
    ).toBeInTheDocument()
    expect(within(screen.getByRole('main')).queryByRole('status')).not.toBeInTheDocument()
  }, 40_000)
})
