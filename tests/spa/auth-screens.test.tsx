import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setAuthConfig } from '@/auth/config'
import type { User } from '@/contract'
import { fakeIdp, type FakeUser } from './auth-idp'
import { buildUser } from './factories'
import { initTestI18n } from './i18n'
import { server } from './msw'
import { renderApp } from './render'

const ana: FakeUser = { email: 'ana@example.com', password: 'Secret1!x', sub: 'sub-ana' }

/** The server side of a signed-in session: the user call and the banner's flags. */
function serveSignedIn(user: User = buildUser({ userId: 'sub-ana', email: ana.email, firstName: 'Ana' })) {
  server.use(
    http.get('/api/auth/me', () => HttpResponse.json(user)),
    http.get('/api/config/feature-flags', () =>
      HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
    ),
  )
  return user
}

const path = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`

describe('/auth: password sign-in', () => {
  it('signs in and goes on to the next page', async () => {
    fakeIdp({ users: [ana] })
    serveSignedIn()
    const user = userEvent.setup()
    const { router } = renderApp({ path: '/auth?next=%2Fterms' })

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument()
    await user.type(screen.getByLabelText('Email'), ana.email)
    await user.type(screen.getByLabelText('Password'), ana.password)
    await user.click(screen.getByRole('button', { name: 'Sign in' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument()
    expect(path(router)).toBe('/terms')
    expect(screen.getByRole('button', { name: 'Account menu for Ana Lopez' })).toBeInTheDocument()
  })

  it('goes to the listings when next is missing or points off-site', async () => {
    fakeIdp({ users: [ana] })
    serveSignedIn()
    const user = userEvent.setup()
    const { router } = renderApp({ path: '/auth?next=https%3A%2F%2Fevil.example' })
    await user.type(await screen.findByLabelText('Email'), ana.email)
    await user.type(screen.getByLabelText('Password'), ana.password)
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/deals'))
  })

  it('shows a wrong password in plain words and keeps what was typed', async () => {
    fakeIdp({ users: [ana] })
    const user = userEvent.setup()
    renderApp({ path: '/auth' })
    await user.type(await screen.findByLabelText('Email'), ana.email)
    await user.type(screen.getByLabelText('Password'), 'wrong-one')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password.')
    expect(screen.getByLabelText('Email')).toHaveValue(ana.email)
    expect(screen.getByLabelText('Password')).toHaveValue('wrong-one')
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled()
  })

  it('tells a deactivated person their account is deactivated ("User is disabled." from the IdP)', async () => {
    server.use(
      http.post('/cognito-idp/', () =>
        HttpResponse.json({ __type: 'NotAuthorizedException', message: 'User is disabled.' }, { status: 400 }),
      ),
    )
    const user = userEvent.setup()
    renderApp({ path: '/auth' })
    await user.type(await screen.findByLabelText('Email'), ana.email)
    await user.type(screen.getByLabelText('Password'), ana.password)
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Account Deactivated: contact support')
  })

  it('says it in Spanish for a Spanish-speaking person', async () => {
    await initTestI18n('es')
    fakeIdp({ users: [ana] })
    const user = userEvent.setup()
    renderApp({ path: '/auth' })
    await user.type(await screen.findByLabelText('Correo electrónico'), ana.email)
    await user.type(screen.getByLabelText('Contraseña'), 'wrong-one')
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Correo electrónico o contraseña incorrectos.')
  })

  it('flags empty and malformed fields on the fields themselves', async () => {
    const user = userEvent.setup()
    renderApp({ path: '/auth' })
    await user.type(await screen.findByLabelText('Email'), 'not-an-email')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    const email = screen.getByLabelText('Email')
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription('Enter a valid email address.')
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('This field is required.')
  })

  it('offers to confirm the e-mail when the account is not confirmed yet', async () => {
    fakeIdp({ users: [{ ...ana, confirmed: false }] })
    const user = userEvent.setup()
    renderApp({ path: '/auth' })
    await user.type(await screen.findByLabelText('Email'), ana.email)
    await user.type(screen.getByLabelText('Password'), ana.password)
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Your email address is not confirmed yet.')
    expect(within(alert).getByRole('link', { name: 'Confirm your email' })).toHaveAttribute(
      'href',
      '/verify?email=ana%40example.com',
    )
  })

  it('asks for the authenticator code when the account has two-step verification', async () => {
    fakeIdp({ users: [{ ...ana, challenge: 'SOFTWARE_TOKEN_MFA' }] })
    serveSignedIn()
    const user = userEvent.setup()
    const { router } = renderApp({ path: '/auth' })
    await user.type(await screen.findByLabelText('Email'), ana.email)
    await user.type(screen.getByLabelText('Password'), ana.password)
    await user.click(screen.getByRole('button', { name: 'Sign in' }))

    const heading = await screen.findByRole('heading', { level: 1, name: 'Two-step verification' })
    expect(heading).toHaveFocus()
    await user.type(screen.getByLabelText('Verification code'), '123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/deals'))
  })

  it('sends a signed-in visitor on', async () => {
    serveSignedIn()
    const { router } = renderApp({ path: '/auth?next=%2Fprivacy', user: buildUser() })
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/privacy')
  })

  it('says so when sign-in is not configured', async () => {
    setAuthConfig(null)
    try {
      const user = userEvent.setup()
      renderApp({ path: '/auth' })
      expect(await screen.findByRole('alert')).toHaveTextContent('AWS Cognito is not properly configured')
      await user.type(screen.getByLabelText('Email'), ana.email)
      await user.type(screen.getByLabelText('Password'), ana.password)
      await user.click(screen.getByRole('button', { name: 'Sign in' }))
      expect(await screen.findAllByText('AWS Cognito is not properly configured')).toHaveLength(2)
    } finally {
      setAuthConfig(undefined)
    }
  })

  it('links to sign-up and request access', async () => {
    renderApp({ path: '/auth' })
    await screen.findByRole('heading', { level: 1, name: 'Sign in' })
    const main = screen.getByRole('main')
    expect(within(main).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup')
    expect(within(main).getByRole('link', { name: 'Request access' })).toHaveAttribute('href', '/requestAccess')
  })
})

describe('/legacy-auth', () => {
  it('is the older screen with the 6-character rule, signing in the same way', async () => {
    fakeIdp({ users: [{ ...ana, password: 'abc123' }] })
    serveSignedIn()
    const user = userEvent.setup()
    const { router } = renderApp({ path: '/legacy-auth' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in (older screen)' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Use the new sign-in screen' })).toHaveAttribute('href', '/auth')
    await user.type(screen.getByLabelText('Email'), ana.email)
    await user.type(screen.getByLabelText('Password'), 'abc')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password must be at least 6 characters.')
    await user.type(screen.getByLabelText('Password'), '123')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/deals'))
  })
})

describe('/auth: e-mailed sign-in link', () => {
  it('asks for a link without saying whether the account exists', async () => {
    let body: unknown
    server.use(
      http.post('/api/auth/public-signin-link', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ status: 'accepted' }, { status: 202 })
      }),
    )
    const user = userEvent.setup()
    renderApp({ path: '/auth' })
    await user.click(await screen.findByRole('button', { name: 'Email me a sign-in link' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in with an email link' })).toHaveFocus()
    await user.type(screen.getByLabelText('Email'), 'Someone@Example.com')
    await user.click(screen.getByRole('button', { name: 'Email me a link' }))
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Check your email. If there is an account for someone@example.com, we sent it a sign-in link.',
    )
    expect(body).toEqual({ email: 'someone@example.com', languagePreference: 'en' })
  })

  it('completes the link on arrival and goes on', async () => {
    const idp = fakeIdp({ users: [ana] })
    idp.issueSignInCode(ana.email, '424242')
    serveSignedIn()
    const { router } = renderApp({ path: '/auth?signin=424242&email=ana%40example.com' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/deals'))
    expect(idp.operations()).toEqual(['InitiateAuth', 'RespondToAuthChallenge'])
  })

  it('tells a deactivated person so when their link is answered "User is disabled."', async () => {
    server.use(
      http.post('/cognito-idp/', async ({ request }) => {
        const body = (await request.json()) as { AuthFlow?: string }
        if (body.AuthFlow === 'CUSTOM_AUTH')
          return HttpResponse.json({ ChallengeName: 'CUSTOM_CHALLENGE', Session: 's', ChallengeParameters: {} })
        return HttpResponse.json(
          { __type: 'NotAuthorizedException', message: 'User is disabled.' },
          { status: 400, headers: { 'x-amzn-errortype': 'NotAuthorizedException' } },
        )
      }),
    )
    renderApp({ path: '/auth?signin=424242&email=ana%40example.com' })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Account Deactivated: contact support')
    expect(alert).not.toHaveTextContent("can't be used")
  })

  it('explains a used or expired link and offers a new one', async () => {
    fakeIdp({ users: [ana] })
    const user = userEvent.setup()
    const { router } = renderApp({ path: '/auth?signin=111111&email=ana%40example.com' })
    expect(await screen.findByRole('alert')).toHaveTextContent("This sign-in link can't be used")
    await user.click(screen.getByRole('button', { name: 'Email me a new link' }))
    expect(await screen.findByLabelText('Email')).toHaveValue(ana.email)
    expect(path(router)).toBe('/auth?mode=link&email=ana%40example.com')
  })
})

describe('/auth: forgot password', () => {
  it('shows the spec message, then resets with the code and signs in', async () => {
    const idp = fakeIdp({ users: [ana] })
    serveSignedIn()
    const user = userEvent.setup()
    const { router } = renderApp({ path: '/auth' })
    await user.type(await screen.findByLabelText('Email'), ana.email)
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveValue(ana.email)
    await user.click(screen.getByRole('button', { name: 'Send instructions' }))

    expect(await screen.findByText('Please check your email for further instructions')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Verification code'), '123456')
    await user.type(screen.getByLabelText('New password'), 'Brand1new!')
    await user.type(screen.getByLabelText('Confirm new password'), 'Brand1new!')
    await user.click(screen.getByRole('button', { name: 'Reset password' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/deals'))
    expect(idp.user(ana.email)?.password).toBe('Brand1new!')
  })

  it('does not reveal an unknown address', async () => {
    server.use(
      http.post('/cognito-idp/', () =>
        HttpResponse.json({ __type: 'UserNotFoundException', message: 'Username not found' }, { status: 400 }),
      ),
    )
    const user = userEvent.setup()
    renderApp({ path: '/auth?mode=forgot' })
    await user.type(await screen.findByLabelText('Email'), 'nobody@example.com')
    await user.click(screen.getByRole('button', { name: 'Send instructions' }))
    expect(await screen.findByText('Please check your email for further instructions')).toBeInTheDocument()
  })
})
