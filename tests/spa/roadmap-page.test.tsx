import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { buildUser } from './factories'
import { initTestI18n } from './i18n'
import { renderApp } from './render'
import { roadmapServer } from './roadmap-fixtures'

const column = (name: string) => screen.findByRole('region', { name: new RegExp(`^${name}`) })

describe('/features', () => {
  it('shows a visitor the three columns with counts, no vote buttons, and a sign-in link back here', async () => {
    const { requests } = roadmapServer()
    renderApp({ path: '/features' })

    expect(await screen.findByRole('heading', { level: 1, name: 'Feature roadmap' })).toBeInTheDocument()
    const planned = await column('Planned')
    expect(within(planned).getByRole('heading', { level: 3, name: 'Match scores' })).toBeInTheDocument()
    expect(within(planned).getByText('3 votes')).toBeInTheDocument()
    expect(within(await column('In progress')).getByText('Help centre')).toBeInTheDocument()
    expect(within(await column('Shipped')).getByText('Offers and acceptance')).toBeInTheDocument()
    // Votes only count on planned items.
    expect(within(await column('Shipped')).queryByText(/vote/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Vote for/ })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in to vote' })).toHaveAttribute('href', '/auth?next=%2Ffeatures')
    // Read without a token, and nobody's votes are asked for.
    expect(requests).toEqual([{ method: 'GET', path: '/api/roadmap', token: false }])
  })

  it('lets a member vote and withdraw, the count changing with each click', async () => {
    const user = userEvent.setup()
    const { state } = roadmapServer()
    renderApp({ path: '/features', user: buildUser({ roles: ['buyer'], role: 'buyer' }) })

    const vote = await screen.findByRole('button', { name: 'Vote for Match scores', pressed: false })
    expect(screen.queryByRole('link', { name: 'Sign in to vote' })).not.toBeInTheDocument()
    await user.click(vote)
    expect(await screen.findByRole('button', { name: 'Vote for Match scores', pressed: true })).toBeInTheDocument()
    expect(await screen.findByText('4 votes, yours included')).toBeInTheDocument()
    expect(state.myVotes.has(state.items[0]!.id)).toBe(true)

    await user.click(screen.getByRole('button', { name: 'Vote for Match scores', pressed: true }))
    expect(await screen.findByRole('button', { name: 'Vote for Match scores', pressed: false })).toBeInTheDocument()
    expect(await screen.findByText('3 votes')).toBeInTheDocument()
    expect(state.myVotes.size).toBe(0)
  })

  it("shows a member's earlier vote as pressed", async () => {
    const { state } = roadmapServer()
    roadmapServer({ items: state.items, myVotes: [state.items[1]!.id] })
    renderApp({ path: '/features', user: buildUser() })
    expect(await screen.findByRole('button', { name: 'Vote for Owners Club', pressed: true })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Vote for Match scores', pressed: false })).toBeInTheDocument()
  })

  it('shows the vote at once, then puts it back and says so when the server refuses it', async () => {
    const user = userEvent.setup()
    let answer = () => {}
    roadmapServer({ failVotes: true, hold: new Promise<void>((resolve) => (answer = resolve)) })
    renderApp({ path: '/features', user: buildUser() })

    await user.click(await screen.findByRole('button', { name: 'Vote for Match scores' }))
    // At once, before the server answers.
    expect(screen.getByRole('button', { name: 'Vote for Match scores', pressed: true })).toBeInTheDocument()
    expect(screen.getByText('4 votes, yours included')).toBeInTheDocument()
    answer()
    expect(await screen.findByText('Your vote could not be saved. Please try again.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Vote for Match scores', pressed: false })).toBeInTheDocument()
    expect(screen.getByText('3 votes')).toBeInTheDocument()
  })

  it('reads in Spanish', async () => {
    await initTestI18n('es')
    roadmapServer()
    renderApp({ path: '/features', user: buildUser() })

    expect(await screen.findByRole('heading', { level: 1, name: 'Hoja de ruta' })).toBeInTheDocument()
    const planned = await column('Planificado')
    expect(within(planned).getByRole('heading', { level: 3, name: 'Puntuación de coincidencia' })).toBeInTheDocument()
    expect(within(planned).getByText('3 votos')).toBeInTheDocument()
    expect(within(planned).getByRole('button', { name: 'Votar por Club de Propietarios' })).toBeInTheDocument()
    expect(await column('En curso')).toHaveTextContent('Centro de ayuda')
    expect(await column('Lanzado')).toHaveTextContent('Ofertas y aceptación')
  })
})
