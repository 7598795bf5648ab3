import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { buildUser } from './factories'
import { server } from './msw'
import { renderApp } from './render'
import { buildValidation, signupHandler, validationHandler } from './signup-fixtures'

const TOKEN = 'Zx3kQ9wErTyUiOp_-1'
const PASSWORD = 'Sunny-Day-42'

async function fillForm(user: ReturnType<typeof userEvent.setup>, overrides: Record<string, string> = {}) {
  const values = {
    'First name': 'Ana',
    'Last name': 'Gómez',
    Email: 'Ana.Gomez@Example.com',
    Phone: '(512) 555-0147',
    Password: PASSWORD,
    'Confirm password': PASSWORD,
    ...overrides,
  }
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label, { selector: 'input' })
    if (!(input as HTMLInputElement).readOnly) await user.type(input, value)
  }
  await user.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Service/ }))
}

describe('/signup?invitation=<token>', () => {
  it('signs up with the role fixed by the invitation, without a token, and lands on /verify with the email', async () => {
    const validation = validationHandler(buildValidation({ role: 'originator' }))
    const signup = signupHandler(() => ({
      userId: 'u-1',
      role: 'originator',
      userConfirmed: false,
      codeDestination: 'a***@example.com',
    }))
    server.use(validation.handler, signup.handler)
    const user = userEvent.setup()
    const { router } = renderApp({ path: `/signup?invitation=${TOKEN}` })

    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument()
    expect(await screen.findByText("You're joining as:")).toHaveTextContent("You're joining as: Seller")
    expect(screen.getByText('Your invitation sets this role.')).toBeInTheDocument()
    const form = within(screen.getByRole('button', { name: 'Create account' }).closest('form')!)
    expect(form.queryByRole('combobox')).not.toBeInTheDocument()
    expect(form.queryByRole('radio')).not.toBeInTheDocument()

    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Create account' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/verify'))
    expect(new URLSearchParams(router.state.location.search).get('email')).toBe('ana.gomez@example.com')
    expect(router.state.location.state).toEqual({ password: PASSWORD })
    expect(signup.bodies).toEqual([
      {
        email: 'ana.gomez@example.com',
        password: PASSWORD,
        firstName: 'Ana',
        lastName: 'Gómez',
        phoneNumber: '5125550147',
        invitationToken: TOKEN,
        languagePreference: 'en',
      },
    ])
    expect(validation.seen).toEqual([null])
    expect(signup.headers).toEqual([null])
  })

  it('sends no token even when someone is signed in', async () => {
    const validation = validationHandler(buildValidation())
    // Signed in, the header asks for the feature flags.
    server.use(
      validation.handler,
      http.get('/api/config/feature-flags', () =>
        HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
      ),
    )
    renderApp({ path: `/signup?invitation=${TOKEN}`, user: buildUser() })
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeInTheDocument()
    expect(validation.seen).toEqual([null])
  })

  it('fixes the email when the invitation was made for one address', async () => {
    server.use(validationHandler(buildValidation({ email: 'invited@example.com' })).handler)
    renderApp({ path: `/signup?invitation=${TOKEN}` })
    const email = await screen.findByLabelText('Email')
    expect(email).toHaveValue('invited@example.com')
    expect(email).toHaveAttribute('readonly')
    expect(email).toHaveAccessibleDescription('This invitation is for this email address.')
  })

  it('puts "account exists" on the email field with a sign-in link, keeping everything typed', async () => {
    server.use(
      validationHandler(buildValidation()).handler,
      signupHandler(() => ({
        error: 409,
        body: { message: 'An account with this email already exists', code: 'username_exists' },
      })).handler,
    )
    const user = userEvent.setup()
    const { router } = renderApp({ path: `/signup?invitation=${TOKEN}` })
    await screen.findByRole('button', { name: 'Create account' })
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Create account' }))

    const email = screen.getByLabelText('Email')
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'))
    expect(email).toHaveAccessibleDescription(/An account with this email already exists\./)
    expect(screen.getByRole('link', { name: 'Sign in instead' })).toHaveAttribute(
      'href',
      '/auth?email=ana.gomez%40example.com',
    )
    expect(email).toHaveFocus()
    expect(email).toHaveValue('Ana.Gomez@Example.com')
    expect(screen.getByLabelText('First name')).toHaveValue('Ana')
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveValue(PASSWORD)
    expect(router.state.location.pathname).toBe('/signup')
  })

  it('shows other server field errors on their fields and the server message as an alert', async () => {
    server.use(
      validationHandler(buildValidation()).handler,
      signupHandler(() => ({
        error: 400,
        body: {
          message: 'Some of the information you sent is not valid. Please check the highlighted fields.',
          code: 'invalid_input',
          fields: { lastName: 'Must be at least 2 characters.' },
        },
      })).handler,
    )
    const user = userEvent.setup()
    renderApp({ path: `/signup?invitation=${TOKEN}` })
    await screen.findByRole('button', { name: 'Create account' })
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Create account' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('Some of the information you sent is not valid.')
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Must be at least 2 characters.')
    expect(screen.getByLabelText('Last name')).toHaveValue('Gómez')
  })

  it('falls back to "Failed to sign up with AWS Cognito" when the server says nothing useful', async () => {
    server.use(
      validationHandler(buildValidation()).handler,
      signupHandler(() => ({ error: 502, body: 'Bad gateway' })).handler,
    )
    const user = userEvent.setup()
    renderApp({ path: `/signup?invitation=${TOKEN}` })
    await screen.findByRole('button', { name: 'Create account' })
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to sign up with AWS Cognito')
  })

  it('checks names, phone, password rules, the confirmation and the terms before sending', async () => {
    const signup = signupHandler(() => ({ error: 500, body: {} }))
    server.use(validationHandler(buildValidation()).handler, signup.handler)
    const user = userEvent.setup()
    renderApp({ path: `/signup?invitation=${TOKEN}` })
    await screen.findByRole('button', { name: 'Create account' })

    const password = screen.getByLabelText('Password', { selector: 'input' })
    const checklist = () => within(screen.getByText('Your password needs:').parentElement!)
    expect(checklist().getByText('At least 8 characters')).toHaveTextContent('(missing)')
    await user.type(password, 'abcdefg1')
    expect(checklist().getByText('At least 8 characters')).toHaveTextContent('(done)')
    expect(checklist().getByText('A lowercase letter')).toHaveTextContent('(done)')
    expect(checklist().getByText('A number')).toHaveTextContent('(done)')
    expect(checklist().getByText('An uppercase letter')).toHaveTextContent('(missing)')
    expect(checklist().getByText('A special character')).toHaveTextContent('(missing)')

    await user.type(screen.getByLabelText('First name'), 'A')
    await user.type(screen.getByLabelText('Phone'), '12345')
    await user.type(screen.getByLabelText('Confirm password'), 'something-else')
    await user.click(screen.getByRole('button', { name: 'Create account' }))

    expect(await screen.findByText('Must be at least 2 characters.')).toBeInTheDocument()
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('First name')).toHaveFocus()
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('This field is required.')
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address.')
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(/Enter a valid 10-digit phone number\./)
    expect(password).toHaveAccessibleDescription(/Password must contain an uppercase letter\./)
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords do not match.')
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription(
      'Please agree to the Terms of Service and the Privacy Policy.',
    )
    expect(screen.getByLabelText('First name')).toHaveValue('A')
    expect(password).toHaveValue('abcdefg1')
    expect(signup.bodies).toEqual([])
  })

  it('requires the confirmation', async () => {
    server.use(validationHandler(buildValidation()).handler)
    const user = userEvent.setup()
    renderApp({ path: `/signup?invitation=${TOKEN}` })
    await screen.findByRole('button', { name: 'Create account' })
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), PASSWORD)
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByLabelText('Confirm password')).toHaveAccessibleDescription('This field is required.')
  })

  it('lets people see the password they typed', async () => {
    server.use(validationHandler(buildValidation()).handler)
    const user = userEvent.setup()
    renderApp({ path: `/signup?invitation=${TOKEN}` })
    const password = await screen.findByLabelText('Password', { selector: 'input' })
    expect(password).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    expect(password).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(password).toHaveAttribute('type', 'password')
  })
})

describe('/signup with an unusable invitation', () => {
  it.each([
    ['unknown', { error: 404, body: { message: 'Not found', code: 'not_found' } }, 'This invitation link is not valid'],
    ['used', buildValidation({ valid: false, status: 'used' }), 'This invitation has already been used'],
    ['expired', buildValidation({ valid: false, status: 'expired' }), 'This invitation has expired'],
    [
      'unreadable',
      { error: 400, body: { message: 'Bad request', code: 'bad_request' } },
      'Failed to validate invitation token',
    ],
  ] as const)('says why an %s invitation cannot be used, alone, with what to do next', async (_, answer, title) => {
    server.use(validationHandler(answer).handler)
    renderApp({ path: `/signup?invitation=${TOKEN}` })
    const alert = await screen.findByRole('alert')
    // The problem is the page: its heading, not "Create your account / You've been invited" above it.
    expect(within(alert).getByRole('heading', { level: 1, name: title })).toHaveFocus()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(screen.queryByText('Create your account')).not.toBeInTheDocument()
    expect(screen.queryByText(/You've been invited/)).not.toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe(`${title} · Keyway`))
    expect(screen.getByRole('link', { name: 'Request an invitation' })).toHaveAttribute('href', '/requestAccess')
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth')
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument()
  })

  it('checks again when the check itself failed and the person asks to try again', async () => {
    let answers = 0
    server.use(
      http.get('/api/auth/validate-invitation/:token', () =>
        ++answers === 1
          ? HttpResponse.json({ message: 'Bad request', code: 'bad_request' }, { status: 400 })
          : HttpResponse.json(buildValidation({ role: 'buyer' })),
      ),
    )
    const user = userEvent.setup()
    renderApp({ path: `/signup?invitation=${TOKEN}` })
    await user.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Create account' })).toBeInTheDocument()
  }, 20_000)

  it('shows a spinner while the invitation is checked', async () => {
    server.use(validationHandler(buildValidation()).handler)
    renderApp({ path: `/signup?invitation=${TOKEN}` })
    expect(await screen.findByRole('status')).toHaveTextContent('Checking your invitation…')
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeInTheDocument()
  })
})
