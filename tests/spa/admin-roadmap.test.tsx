import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { buildUser } from './factories'
import { initTestI18n } from './i18n'
import { renderApp } from './render'
import { roadmapAdminServer } from './roadmap-fixtures'

const admin = () => buildUser({ roles: ['admin'], role: 'admin' })
const column = (name: string) => screen.findByRole('region', { name: new RegExp(`^${name}`) })
/** Types a whole value at once (a paste), as typing it key by key only adds time. */
const fill = async (user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) => {
  await user.click(field)
  await user.paste(value)
}
const titlesIn = async (name: string) =>
  within(await column(name))
    .getAllByRole('heading', { level: 4 })
    .map((heading) => heading.textContent)

describe('Admin → Roadmap', () => {
  it('lists the items by column with their votes', async () => {
    roadmapAdminServer()
    renderApp({ path: '/admin/roadmap', user: admin() })

    expect(await screen.findByRole('heading', { level: 2, name: 'Roadmap' })).toBeInTheDocument()
    expect(await titlesIn('Planned')).toEqual(['Match scores', 'Owners Club'])
    expect(within(await column('Planned')).getByText('3 votes')).toBeInTheDocument()
    expect(await titlesIn('Shipped')).toEqual(['Offers and acceptance'])
    expect(screen.getByRole('link', { name: 'Roadmap' })).toHaveAttribute('aria-current', 'page')
  })

  it('moves an item down and to another column with buttons, focus staying on the moved item', async () => {
    const user = userEvent.setup()
    const { writes } = roadmapAdminServer()
    renderApp({ path: '/admin/roadmap', user: admin() })

    expect(await screen.findByRole('button', { name: 'Move up: Match scores' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Move down: Match scores' }))
    expect(await screen.findByText('Moved “Match scores”.')).toBeInTheDocument()
    expect(await titlesIn('Planned')).toEqual(['Owners Club', 'Match scores'])
    // Now last: "Move down" is off, so focus goes to the item's Edit button.
    expect(screen.getByRole('button', { name: 'Edit: Match scores' })).toHaveFocus()

    await user.click(screen.getByRole('button', { name: 'Move to In progress: Owners Club' }))
    expect(await titlesIn('In progress')).toEqual(['Help centre', 'Owners Club'])
    expect(await titlesIn('Planned')).toEqual(['Match scores'])
    expect(writes.map(({ body }) => body)).toEqual([
      { status: 'planned', position: 1 },
      { status: 'in_progress', position: 1 },
    ])
  })

  it('adds an item with its column and both languages', async () => {
    const user = userEvent.setup()
    const { writes } = roadmapAdminServer()
    renderApp({ path: '/admin/roadmap', user: admin() })

    await user.click(await screen.findByRole('button', { name: 'Add item' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a roadmap item' })
    const english = within(within(dialog).getByRole('group', { name: 'English' }))
    const spanish = within(within(dialog).getByRole('group', { name: 'Spanish' }))
    await user.selectOptions(within(dialog).getByLabelText(/Column/), 'Shipped')
    await fill(user, english.getByLabelText(/Title/), 'Dark mode')
    await fill(user, english.getByLabelText(/Description/), 'A darker look.')
    await fill(user, spanish.getByLabelText(/Title/), 'Modo oscuro')
    await fill(user, spanish.getByLabelText(/Description/), 'Un aspecto más oscuro.')
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }))

    expect(await screen.findByText('Item added.')).toBeInTheDocument()
    expect(writes[0]?.body).toEqual({
      status: 'shipped',
      titleEn: 'Dark mode',
      titleEs: 'Modo oscuro',
      descriptionEn: 'A darker look.',
      descriptionEs: 'Un aspecto más oscuro.',
    })
    expect(await titlesIn('Shipped')).toEqual(['Offers and acceptance', 'Dark mode'])
  })

  it('refuses an item while a language is blank, sending nothing', async () => {
    const user = userEvent.setup()
    const { writes } = roadmapAdminServer()
    renderApp({ path: '/admin/roadmap', user: admin() })

    await user.click(await screen.findByRole('button', { name: 'Add item' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a roadmap item' })
    const english = within(within(dialog).getByRole('group', { name: 'English' }))
    await fill(user, english.getByLabelText(/Title/), 'Dark mode')
    await fill(user, english.getByLabelText(/Description/), 'A darker look.')
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }))

    const spanish = within(within(dialog).getByRole('group', { name: 'Spanish' }))
    expect(await spanish.findAllByText('This field is required.')).toHaveLength(2)
    expect(spanish.getByLabelText(/Title/)).toHaveAttribute('aria-invalid', 'true')
    expect(writes).toEqual([])
  })

  it("shows the server's field messages on their fields", async () => {
    const user = userEvent.setup()
    roadmapAdminServer({ invalid: { titleEs: 'Too long.' } })
    renderApp({ path: '/admin/roadmap', user: admin() })

    await user.click(await screen.findByRole('button', { name: 'Add item' }))
    const dialog = await screen.findByRole('dialog')
    for (const field of within(dialog).getAllByRole('textbox')) await fill(user, field, 'x')
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }))
    const spanish = within(within(dialog).getByRole('group', { name: 'Spanish' }))
    expect(await spanish.findByText('Too long.')).toBeInTheDocument()
    expect(spanish.getByLabelText(/Title/)).toHaveAttribute('aria-invalid', 'true')
  })

  it("edits an item's text", async () => {
    const user = userEvent.setup()
    const { writes } = roadmapAdminServer()
    renderApp({ path: '/admin/roadmap', user: admin() })

    await user.click(await screen.findByRole('button', { name: 'Edit: Owners Club' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit roadmap item' })
    const title = within(within(dialog).getByRole('group', { name: 'English' })).getByLabelText(/Title/)
    await user.clear(title)
    await fill(user, title, 'Owners Club directory')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('heading', { level: 4, name: 'Owners Club directory' })).toBeInTheDocument()
    expect(writes).toMatchObject([
      { method: 'PATCH', body: { titleEn: 'Owners Club directory', titleEs: 'Club de Propietarios' } },
    ])
  })

  it('deletes an item only after confirming', async () => {
    const user = userEvent.setup()
    const { writes } = roadmapAdminServer()
    renderApp({ path: '/admin/roadmap', user: admin() })

    await user.click(await screen.findByRole('button', { name: 'Delete: Match scores' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this item?' })
    expect(confirm).toHaveTextContent('“Match scores” and its 3 votes will be removed')
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    expect(writes).toEqual([])
    await user.click(within(confirm).getByRole('button', { name: 'Delete item' }))
    expect(await screen.findByText('Item deleted.')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { level: 4, name: 'Match scores' })).not.toBeInTheDocument()
    expect(writes).toMatchObject([{ method: 'DELETE' }])
  })

  it('reads in Spanish', async () => {
    await initTestI18n('es')
    roadmapAdminServer()
    renderApp({ path: '/admin/roadmap', user: admin() })

    expect(await screen.findByRole('heading', { level: 2, name: 'Hoja de ruta' })).toBeInTheDocument()
    // Each item's Spanish title first, the English one under it.
    expect(await titlesIn('Planificado')).toEqual(['Puntuación de coincidencia', 'Club de Propietarios'])
    expect(within(await column('Planificado')).getByText('Match scores')).toHaveAttribute('lang', 'en')
    expect(screen.getByRole('button', { name: 'Mover a Lanzado: Club de Propietarios' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Añadir elemento' })).toBeInTheDocument()
  })
})
