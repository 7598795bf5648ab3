import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { initTestI18n } from './i18n'
import { server } from './msw'
import { renderApp } from './render'

const TOKEN = 'payload.signature'

/** The unsubscribe endpoints: `valid` false answers the server's refusal of a forged link. */
function unsubscribeServer({ valid = true, savedSearchName = null as string | null } = {}) {
  const posts: { token: string | null; authorized: boolean }[] = []
  const refusal = () =>
    HttpResponse.json(
      { code: 'unsubscribe_link_invalid', message: 'This unsubscribe link is not valid.' },
      { status: 400 },
    )
  server.use(
    http.get('/api/unsubscribe', () => (valid ? HttpResponse.json({ channel: 'email', savedSearchName }) : refusal())),
    http.post('/api/unsubscribe', ({ request }) => {
      posts.push({
        token: new URL(request.url).searchParams.get('token'),
        authorized: request.headers.has('authorization'),
      })
      return valid ? HttpResponse.json({ unsubscribed: true, channel: 'email', savedSearchName }) : refusal()
    }),
  )
  return { posts }
}

// The first test also loads the lazy page; on a busy machine that alone can take seconds.
describe('/unsubscribe', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await initTestI18n('en')
  })

  it('says what will stop, stops it on confirmation signed out, then says it is done', async () => {
    const user = userEvent.setup()
    const { posts } = unsubscribeServer()
    renderApp({ path: `/unsubscribe?token=${TOKEN}` })

    expect(await screen.findByRole('heading', { level: 1, name: 'Unsubscribe from alerts' })).toBeInTheDocument()
    expect(await screen.findByText('Stop deal alerts by e-mail?')).toBeInTheDocument()
    expect(posts).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Done. You will no longer get deal alerts by e-mail.')
    expect(posts).toEqual([{ token: TOKEN, authorized: false }])
  })

  it('speaks Spanish and names the saved search it turns off', async () => {
    await initTestI18n('es')
    const user = userEvent.setup()
    unsubscribeServer({ savedSearchName: 'Phoenix cash' })
    renderApp({ path: `/unsubscribe?token=${TOKEN}` })

    expect(
      await screen.findByText(
        '¿Dejar de recibir alertas de tu búsqueda guardada «Phoenix cash» por correo electrónico?',
      ),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Darme de baja' }))
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Listo. Ya no recibirás alertas de tu búsqueda guardada «Phoenix cash» por correo electrónico.',
    )
  })

  it("shows the server's refusal of a forged link, with nothing to confirm", async () => {
    unsubscribeServer({ valid: false })
    renderApp({ path: '/unsubscribe?token=forged' })
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.')
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument()
  })
})
