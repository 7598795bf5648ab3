import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { initTestI18n } from './i18n'
import { server } from './msw'
import { renderApp } from './render'
import { buildValidation, humanCheckHandler, validationHandler } from './signup-fixtures'

const TOKEN = 'Zx3kQ9wErTyUiOp_-1'

describe('/signup without an invitation', () => {
  it('offers buying or selling and a box for the invitation link', async () => {
    renderApp({ path: '/signup' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Keyway' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /I want to buy/ })).toHaveAttribute('href', '/signup/buyer')
    expect(screen.getByRole('link', { name: /I have listings/ })).toHaveAttribute('href', '/signup/seller')
  })

  it('continues with a pasted invitation link, and explains what it needs when the paste is not one', async () => {
    server.use(validationHandler(buildValidation()).handler)
    const user = userEvent.setup()
    const { router } = renderApp({ path: '/signup' })
    const box = await screen.findByLabelText('Already invited? Paste your invitation link')
    await user.type(box, 'hello there')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(box).toHaveAccessibleDescription(/That doesn't look like an invitation link\./)
    expect(box).toHaveValue('hello there')

    await user.clear(box)
    await user.type(box, `https://keyway.example/signup?invitation=${TOKEN}`)
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument()
    expect(router.state.location.search).toBe(`?invitation=${TOKEN}`)
  })
})

describe('/signup/buyer-legacy', () => {
  it('takes a typed invitation code and continues to the same sign-up form', async () => {
    server.use(validationHandler(buildValidation({ email: 'old@example.com' })).handler)
    const user = userEvent.setup()
    renderApp({ path: '/signup/buyer-legacy' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Buyer sign-up' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(screen.getByLabelText('Invitation code')).toHaveAccessibleDescription(/Enter your invitation code\.$/)

    await user.type(screen.getByLabelText('Invitation code'), TOKEN)
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveValue('old@example.com')

    await user.click(screen.getByRole('button', { name: 'Use a different code' }))
    expect(screen.getByLabelText('Invitation code')).toHaveValue(TOKEN)
  })

  it('explains an unknown code', async () => {
    server.use(validationHandler({ error: 404, body: { message: 'Not found', code: 'not_found' } }).handler)
    const user = userEvent.setup()
    renderApp({ path: '/signup/buyer-legacy' })
    await user.type(await screen.findByLabelText('Invitation code'), TOKEN)
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation link is not valid')
  })
})

describe('/test-invitation', () => {
  it("shows what the server says about a token and continues to sign-up when it's usable", async () => {
    server.use(
      validationHandler(buildValidation({ role: 'originator', email: null, expiresAt: '2027-02-03T15:30:00.000Z' }))
        .handler,
    )
    const user = userEvent.setup()
    renderApp({ path: '/test-invitation' })
    await user.type(await screen.findByLabelText('Invitation link or token'), `/signup?invitation=${TOKEN}`)
    await user.click(screen.getByRole('button', { name: 'Check invitation' }))

    const result = (await screen.findByRole('heading', { name: 'Result' })).closest('section')!
    await waitFor(() => expect(within(result).getByText('Valid').nextSibling).toHaveTextContent('Yes'))
    expect(within(result).getByText('Role').nextSibling).toHaveTextContent('Seller')
    expect(within(result).getByText('Email').nextSibling).toHaveTextContent('Any email address')
    expect(within(result).getByText('Expires').nextSibling).toHaveTextContent('February 3rd, 2027')
    expect(within(result).getByText('Status').nextSibling).toHaveTextContent('Pending')
    expect(within(result).getByRole('link', { name: 'Continue to sign-up' })).toHaveAttribute(
      'href',
      `/signup?invitation=${TOKEN}`,
    )
  })

  it('formats the expiry in Spanish and offers no sign-up for a used invitation', async () => {
    await initTestI18n('es')
    server.use(
      validationHandler(buildValidation({ valid: false, status: 'used', expiresAt: '2027-02-03T15:30:00.000Z' }))
        .handler,
    )
    const user = userEvent.setup()
    renderApp({ path: '/test-invitation' })
    await user.type(await screen.findByLabelText('Enlace o token de invitación'), TOKEN)
    await user.click(screen.getByRole('button', { name: 'Revisar invitación' }))
    const result = (await screen.findByRole('heading', { name: 'Resultado' })).closest('section')!
    await waitFor(() => expect(within(result).getByText('Vence').nextSibling).toHaveTextContent('3 de febrero de 2027'))
    expect(within(result).getByText('Estado').nextSibling).toHaveTextContent('Usada')
    expect(within(result).queryByRole('link', { name: 'Continuar al registro' })).not.toBeInTheDocument()
  })
})

describe('sign-up screens in Spanish', () => {
  it('shows the buyer request form and its human check in Spanish', async () => {
    await initTestI18n('es')
    server.use(humanCheckHandler())
    renderApp({ path: '/signup/buyer' })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Solicita una invitación de comprador' }),
    ).toBeInTheDocument()
    expect(await screen.findByLabelText('¿Cuánto es 3 + 4?')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Solicitar invitación' })).toBeInTheDocument()
  })
})
