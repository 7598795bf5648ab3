import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { readBrowseState } from '@/features/deals-browse/browse-params'
import { BrowseToolbar } from '@/features/deals-browse/browse-toolbar'
import { CommitInput } from '@/features/deals-browse/commit-input'

/*
 * The URL (and so the state these boxes are given) changes a render after a search is sent. Whatever the
 * person types in that moment must stay in the box; only a change from elsewhere replaces it.
 */
describe('typing while the URL catches up', () => {
  it('keeps what was typed into the search after sending one', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    const state = (query: string) => readBrowseState(new URLSearchParams(query))
    const { rerender } = render(<BrowseToolbar state={state('')} onChange={onChange} scored={false} />)
    const box = screen.getByRole('searchbox', { name: 'Search deals' })
    await user.type(box, 'home{Enter}')
    expect(onChange).toHaveBeenLastCalledWith({ q: 'home' })
    await user.clear(box)
    await user.type(box, 'garage')

    rerender(<BrowseToolbar state={state('q=home')} onChange={onChange} scored={false} />)
    expect(box).toHaveValue('garage')

    // Back to a URL without a search (the back button, "Clear filters"): the box follows.
    rerender(<BrowseToolbar state={state('')} onChange={onChange} scored={false} />)
    expect(box).toHaveValue('')
  })

  it('keeps what was typed into a filter box after committing one', async () => {
    const user = userEvent.setup()
    const onCommit = vi.fn()
    const { rerender } = render(<CommitInput label="City" value="" onCommit={onCommit} />)
    const box = screen.getByRole('textbox', { name: 'City' })
    await user.type(box, 'Phoenix{Enter}')
    expect(onCommit).toHaveBeenLastCalledWith('Phoenix')
    await user.clear(box)
    await user.type(box, 'Tuc')

    rerender(<CommitInput label="City" value="Phoenix" onCommit={onCommit} />)
    expect(box).toHaveValue('Tuc')

    rerender(<CommitInput label="City" value="Mesa" onCommit={onCommit} />)
    expect(box).toHaveValue('Mesa')
  })
})
