import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { fakeIdp, type FakeUser } from './auth-idp'
import { buildUser } from './factories'
import { server } from './msw'
import { renderApp } from './render'

const ana: FakeUser = { email: 'ana@example.com', password: 'Secret1!x', sub: 'sub-ana' }

function serveSignedIn() {
  server.use(
    http.get('/api/auth/me', () => HttpResponse.json(buildUser({ userId: 'sub-ana', email: ana.email }))),
    http.get('/api/config/feature-flags', () =>
      HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
    ),
  )
}

async function chooseNewPassword(password = 'Brand1new!') {
  const user = userEvent.setup()
  await user.type(await screen.findByLabelText('New password'), password)
  await user.type(screen.getByLabelText('Confirm new password'), password)
  await user.click(screen.getByRole('button', { name: 'Reset password and sign in' }))
  return user
}

describe('/reset-password', () => {
  it('says the link is incomplete when the e-mail or code is missing', async () => {
    renderApp({ path: '/reset-password?code=123456' })
    expect(await screen.findByRole('heading', { level: 1, name: 'This reset link is incomplete' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Email me a new reset link' })).toHaveAttribute('href', '/auth?mode=forgot')
  })

  it('says the link is not valid when its code is malformed', async () => {
    renderApp({ path: '/reset-password?email=ana%40example.com&code=12ab' })
    expect(await screen.findByRole('heading', { level: 1, name: 'This reset link is not valid' })).toBeInTheDocument()
  })

  it('sets the new password from the link and signs in', async () => {
    const idp = fakeIdp({ users: [ana] })
    serveSignedIn()
    const { router } = renderApp({ path: '/reset-password?email=ana%40example.com&code=123456' })
    expect(await screen.findByText('Choose a new password for ana@example.com.')).toBeInTheDocument()
    await chooseNewPassword()
    await waitFor(() => expect(router.state.location.pathname).toBe('/deals'))
    expect(idp.user(ana.email)?.password).toBe('Brand1new!')
  })

  it('ticks the password rules while typing and says when the confirmation does not match', async () => {
    const user = userEvent.setup()
    renderApp({ path: '/reset-password?email=ana%40example.com&code=123456' })
    await user.type(await screen.findByLabelText('New password'), 'abc')
    expect(screen.getByText('A lowercase letter')).toHaveTextContent('(done)')
    expect(screen.getByText('At least 8 characters')).toHaveTextContent('(not yet)')
    await user.type(screen.getByLabelText('Confirm new password'), 'abd')
    await user.click(screen.getByRole('button', { name: 'Reset password and sign in' }))
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription('Passwords do not match.')
  })

  it('explains an expired link and sends a new one', async () => {
    const idp = fakeIdp({ users: [ana] })
    renderApp({ path: '/reset-password?email=ana%40example.com&code=000000' })
    const user = await chooseNewPassword()
    expect(await screen.findByRole('heading', { level: 1, name: 'This reset link has expired' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Email me a new reset link' }))
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a new reset link to ana@example.com.')
    expect(idp.operations()).toEqual(['ConfirmForgotPassword', 'ForgotPassword'])
  })

  it('explains a link whose code is wrong', async () => {
    fakeIdp({ users: [ana] })
    renderApp({ path: '/reset-password?email=ana%40example.com&code=222222' })
    await chooseNewPassword()
    expect(await screen.findByRole('heading', { level: 1, name: 'This reset link is not valid' })).toBeInTheDocument()
  })

  it('tells the user when the reset failed for another reason, keeping the form', async () => {
    fakeIdp({ users: [ana] })
    renderApp({ path: '/reset-password?email=ana%40example.com&code=999999' })
    await chooseNewPassword()
    expect(await screen.findByText('Reset Failed')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to reset password. Please try again.')
    expect(screen.getByLabelText('New password')).toHaveValue('Brand1new!')
  })
})

describe('/verify', () => {
  it('confirms the code and signs in with the password handed over by sign-up', async () => {
    const idp = fakeIdp({ users: [{ ...ana, confirmed: false }] })
    serveSignedIn()
    const user = userEvent.setup()
    const { router } = renderApp({ path: '/' })
    act(() => void router.navigate('/verify?email=ana%40example.com', { state: { password: ana.password } }))

    expect(await screen.findByLabelText('Email')).toHaveValue(ana.email)
    await user.type(screen.getByLabelText('Verification code'), '123456')
    await user.click(screen.getByRole('button', { name: 'Confirm email' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/deals'))
    expect(idp.operations()).toEqual(['ConfirmSignUp', 'InitiateAuth'])
  })

  it('without the password, sends the person to sign in with the e-mail filled in', async () => {
    fakeIdp({ users: [{ ...ana, confirmed: false }] })
    const user = userEvent.setup()
    const { router } = renderApp({ path: '/verify?email=ana%40example.com' })
    await user.type(await screen.findByLabelText('Verification code'), '123456')
    await user.click(screen.getByRole('button', { name: 'Confirm email' }))
    expect(await screen.findByText('Your email is confirmed. Sign in to continue.')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveValue(ana.email)
    expect(router.state.location.pathname).toBe('/auth')
  })

  it('marks a wrong code on the code field and keeps it', async () => {
    fakeIdp({ users: [{ ...ana, confirmed: false }] })
    const user = userEvent.setup()
    renderApp({ path: '/verify?email=ana%40example.com' })
    await user.type(await screen.findByLabelText('Verification code'), '654321')
    await user.click(screen.getByRole('button', { name: 'Confirm email' }))
    const code = screen.getByLabelText('Verification code')
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(
        'The 6-digit code from the email. That code is not right. Check the email and try again.',
      ),
    )
    expect(code).toHaveValue('654321')
  })

  it('sends a new code', async () => {
    const idp = fakeIdp({ users: [{ ...ana, confirmed: false }] })
    const user = userEvent.setup()
    renderApp({ path: '/verify?email=ana%40example.com' })
    await user.click(await screen.findByRole('button', { name: 'Resend code' }))
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a new code to ana@example.com.')
    expect(idp.operations()).toEqual(['ResendConfirmationCode'])
  })
})

describe('/verify-email-change', () => {
  it('confirms the code sent to the new address and shows the new e-mail from fresh tokens', async () => {
    const idp = fakeIdp({ users: [ana] })
    let email = ana.email
    server.use(
      http.get('/api/auth/me', () => HttpResponse.json(buildUser({ userId: 'sub-ana', email }))),
      http.get('/api/config/feature-flags', () =>
        HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
      ),
    )
    const user = userEvent.setup()
    const { router } = renderApp({ path: '/auth' })
    await user.type(await screen.findByLabelText('Email'), ana.email)
    await user.type(screen.getByLabelText('Password'), ana.password)
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/deals'))

    act(() => void router.navigate('/verify-email-change?email=new%40example.com'))
    expect(await screen.findByText(/We sent a 6-digit code to new@example.com/)).toBeInTheDocument()
    await user.type(screen.getByLabelText('Verification code'), '000111')
    await user.click(screen.getByRole('button', { name: 'Confirm new email' }))
    expect(await screen.findByLabelText('Verification code')).toHaveAccessibleDescription(
      'That code is not right. Check the email and try again.',
    )

    email = 'new@example.com'
    await user.clear(screen.getByLabelText('Verification code'))
    await user.type(screen.getByLabelText('Verification code'), '123456')
    await user.click(screen.getByRole('button', { name: 'Confirm new email' }))
    expect(await screen.findByText('Your email address is now new@example.com.')).toBeInTheDocument()
    expect(idp.calls.filter((call) => call.body.AuthFlow === 'REFRESH_TOKEN_AUTH')).toHaveLength(1)
  })

  it('sends a signed-out visitor to sign in first, with the way back', async () => {
    const { router } = renderApp({ path: '/verify-email-change?email=new%40example.com' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'))
    expect(router.state.location.search).toBe('?next=%2Fverify-email-change%3Femail%3Dnew%2540example.com')
  })
})
