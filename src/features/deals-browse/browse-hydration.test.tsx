import { act } from 'react'
import { renderToString } from 'react-dom/server'
import { hydrateRoot } from 'react-dom/client'
import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { readBrowseState } from './browse-params'
import { BrowseToolbar } from './browse-toolbar'
import { FilterFields } from './filter-fields'

const state = readBrowseState(new URLSearchParams('state=TX'))

function Controls({ onChange }: { onChange: () => void }) {
  return (
    <>
      <BrowseToolbar state={state} onChange={onChange} scored />
      <FilterFields state={state} onChange={onChange} />
    </>
  )
}

describe('the browse controls in the server’s markup', () => {
  it('are disabled until the page has hydrated, so a choice made before cannot be reset unseen', async () => {
    const onChange = vi.fn()
    const container = document.createElement('div')
    container.innerHTML = renderToString(<Controls onChange={onChange} />)
    document.body.append(container)

    expect(screen.getByRole('combobox', { name: 'Sort by' })).toBeDisabled()
    expect(screen.getByRole('searchbox', { name: 'Search deals' })).toBeDisabled()
    expect(screen.getByRole('combobox', { name: 'State' })).toBeDisabled()
    expect(screen.getByRole('checkbox', { name: 'Condo' })).toBeDisabled()

    const root = await act(async () => hydrateRoot(container, <Controls onChange={onChange} />))
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toBeEnabled()
    expect(screen.getByRole('searchbox', { name: 'Search deals' })).toBeEnabled()
    expect(screen.getByRole('combobox', { name: 'State' })).toBeEnabled()
    expect(screen.getByRole('checkbox', { name: 'Condo' })).toBeEnabled()
    act(() => root.unmount())
    container.remove()
  })
})
