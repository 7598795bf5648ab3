import { act } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { fireEvent, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { BrowseToolbar } from '@/features/deals-browse/browse-toolbar'
import { readBrowseState, type BrowseState } from '@/features/deals-browse/browse-params'
import { initTestI18n } from './i18n'

/*
 * The sort list of a member's /deals, which the server renders and the SPA then hydrates (src/prerender.tsx):
 * a choice made while the page's code is still arriving, or while the URL catches up, must stick.
 */

const newest = readBrowseState(new URLSearchParams())

async function toolbar(state: BrowseState, onChange = vi.fn()) {
  const i18n = await initTestI18n('en')
  const tree = (current: BrowseState) => (
    <I18nextProvider i18n={i18n}>
      <BrowseToolbar state={current} onChange={onChange} scored />
    </I18nextProvider>
  )
  return { i18n, onChange, tree }
}

let root: Root | null = null
afterEach(() => {
  act(() => root?.unmount())
  root = null
  document.body.replaceChildren()
})

describe('the browse sort', () => {
  it('keeps "Best match" chosen on the server-rendered page before it hydrated', async () => {
    const { onChange, tree } = await toolbar(newest)
    const container = document.createElement('div')
    container.innerHTML = renderToString(tree(newest))
    document.body.append(container)
    // The visitor picks it while the code is on its way: only the browser's list knows.
    const list = screen.getByLabelText<HTMLSelectElement>('Sort by')
    list.value = 'best-match'
    fireEvent.change(list)
    expect(onChange).not.toHaveBeenCalled()

    await act(async () => {
      root = hydrateRoot(container, tree(newest))
    })
    expect(onChange).toHaveBeenCalledWith({ sort: 'best-match' })
    expect(screen.getByLabelText('Sort by')).toHaveValue('best-match')
  })

  it('shows the choice while the URL catches up, and what the URL says after', async () => {
    const { onChange, tree } = await toolbar(newest)
    const container = document.createElement('div')
    document.body.append(container)
    const { createRoot } = await import('react-dom/client')
    root = createRoot(container)
    act(() => root!.render(tree(newest)))
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'best-match' } })
    expect(onChange).toHaveBeenCalledWith({ sort: 'best-match' })
    // Something else renders the page again before the URL has changed (a query answer, the screen size).
    act(() => root!.render(tree(newest)))
    expect(screen.getByLabelText('Sort by')).toHaveValue('best-match')
    // The URL has it; later a link (back, "Newest" elsewhere) changes it: the list follows the URL.
    act(() => root!.render(tree(readBrowseState(new URLSearchParams('sort=best-match')))))
    expect(screen.getByLabelText('Sort by')).toHaveValue('best-match')
    act(() => root!.render(tree(readBrowseState(new URLSearchParams('sort=price-asc')))))
    expect(screen.getByLabelText('Sort by')).toHaveValue('price-asc')
  })
})
