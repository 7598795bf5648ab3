import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from './msw'
import { renderApp } from './render'
import { humanCheckHandler, requestAccessHandler } from './signup-fixtures'

type User = ReturnType<typeof userEvent.setup>

async function fillRequest(user: User, answer = '7') {
  await user.type(screen.getByLabelText('First name'), 'Luis')
  await user.type(screen.getByLabelText('Last name'), 'Pérez')
  await user.type(screen.getByLabelText('Email'), 'luis@example.com')
  await user.type(screen.getByLabelText('Phone'), '512-555-0199')
  const question = await screen.findByLabelText('What is 3 + 4?')
  if (answer) await user.type(question, answer)
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Request invitation' }))

describe('/signup/buyer', () => {
  it('requests a buyer invitation and says where the link went', async () => {
    const request = requestAccessHandler(() => ({ status: 'invited' }))
    server.use(humanCheckHandler(), request.handler)
    const user = userEvent.setup()
    renderApp({ path: '/signup/buyer' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Request a buyer invitation' })).toBeInTheDocument()

    await fillRequest(user)
    await submit(user)

    const heading = await screen.findByRole('heading', { name: 'Check your email' })
    expect(heading).toHaveFocus()
    expect(screen.getByText('We sent your invitation link to luis@example.com.')).toBeInTheDocument()
    expect(request.bodies).toEqual([
      {
        firstName: 'Luis',
        lastName: 'Pérez',
        email: 'luis@example.com',
        phone: '5125550199',
        role: 'buyer',
        humanCheck: { token: 'hc-1', answer: 7 },
        languagePreference: 'en',
      },
    ])
  })

  it('puts the person on the waitlist when capacity is full, with the spec texts', async () => {
    server.use(humanCheckHandler(), requestAccessHandler(() => ({ status: 'waitlisted' })).handler)
    const user = userEvent.setup()
    renderApp({ path: '/signup/buyer' })
    await fillRequest(user)
    await submit(user)

    expect(await screen.findByRole('heading', { name: "You're on the waitlist" })).toHaveFocus()
    const panel = screen.getByRole('heading', { name: "You're on the waitlist" }).parentElement!
    expect(within(panel).getByText("Unfortunately we're not able to allow more users at this time")).toBeInTheDocument()
    expect(within(panel).getByText(/We added luis@example.com to our waitlist/)).toBeInTheDocument()
    const toast = await screen.findByText('Request Failed')
    expect(toast.parentElement).toHaveTextContent(
      "Request FailedUnfortunately we're not able to allow more users at this time",
    )
  })

  it('requires an answer to the human check and keeps what was typed', async () => {
    const request = requestAccessHandler(() => ({ status: 'invited' }))
    server.use(humanCheckHandler(), request.handler)
    const user = userEvent.setup()
    renderApp({ path: '/signup/buyer' })
    await fillRequest(user, '')
    await submit(user)

    const answer = screen.getByLabelText('What is 3 + 4?')
    await waitFor(() => expect(answer).toHaveAccessibleDescription('Answer the question to show you are not a robot.'))
    expect(answer).toHaveFocus()
    expect(screen.getByLabelText('First name')).toHaveValue('Luis')
    expect(request.bodies).toEqual([])
  })

  it('marks every missing field and puts focus on the first one', async () => {
    server.use(humanCheckHandler())
    const user = userEvent.setup()
    renderApp({ path: '/signup/buyer' })
    await screen.findByLabelText('What is 3 + 4?')
    await submit(user)
    const firstName = screen.getByLabelText('First name')
    await waitFor(() => expect(firstName).toHaveAccessibleDescription('This field is required.'))
    expect(firstName).toHaveFocus()
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address.')
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(/Enter a valid 10-digit phone number\./)
  })

  it('after a wrong answer shows the server message and a new question', async () => {
    server.use(
      humanCheckHandler(),
      requestAccessHandler(() => ({
        error: 400,
        body: {
          message: 'Some of the information you sent is not valid.',
          code: 'invalid_input',
          fields: { humanCheck: 'That answer is not right. Try the new question.' },
        },
      })).handler,
    )
    const user = userEvent.setup()
    renderApp({ path: '/signup/buyer' })
    await fillRequest(user, '8')
    await submit(user)

    const next = await screen.findByLabelText('What is 5 + 6?')
    await waitFor(() => expect(next).toHaveAccessibleDescription('That answer is not right. Try the new question.'))
    expect(next).toHaveValue('')
    expect(screen.getByLabelText('Email')).toHaveValue('luis@example.com')
  })

  it('gives a new question on request', async () => {
    server.use(humanCheckHandler())
    const user = userEvent.setup()
    renderApp({ path: '/signup/buyer' })
    await user.type(await screen.findByLabelText('What is 3 + 4?'), '6')
    await user.click(screen.getByRole('button', { name: 'New question' }))
    expect(await screen.findByLabelText('What is 5 + 6?')).toHaveValue('')
  })

  it('says so when there are too many requests', async () => {
    server.use(
      humanCheckHandler(),
      requestAccessHandler(() => ({ error: 429, body: { message: 'Too many requests.', code: 'rate_limited' } }))
        .handler,
    )
    const user = userEvent.setup()
    renderApp({ path: '/signup/buyer' })
    await fillRequest(user)
    await submit(user)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait a few minutes and try again.',
    )
    expect(screen.getByLabelText('Last name')).toHaveValue('Pérez')
  })

  it('says "Failed to add to waitlist" when the request fails', async () => {
    server.use(humanCheckHandler(), requestAccessHandler(() => ({ error: 500, body: { message: 'boom' } })).handler)
    const user = userEvent.setup()
    renderApp({ path: '/signup/buyer' })
    await fillRequest(user)
    await submit(user)
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to add to waitlist')
  })

  it('tells people when the human check cannot load, and retries', async () => {
    let attempts = 0
    server.use(
      http.get('/api/auth/public-human-check', () => {
        attempts += 1
        return attempts === 1
          ? HttpResponse.json({ message: 'down' }, { status: 503 })
          : HttpResponse.json({ token: 'hc-9', a: 2, b: 2, operator: '+', expiresAt: '2099-01-01T00:00:00.000Z' })
      }),
    )
    const user = userEvent.setup()
    renderApp({ path: '/signup/buyer' })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Human verification unavailable')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByLabelText('What is 2 + 2?')).toBeInTheDocument()
  })
})

describe('/signup/seller', () => {
  it('sends an invited seller to the thank-you page', async () => {
    const request = requestAccessHandler(() => ({ status: 'invited' }))
    server.use(humanCheckHandler(), request.handler)
    const user = userEvent.setup()
    const { router } = renderApp({ path: '/signup/seller' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Request a seller invitation' })).toBeInTheDocument()
    await fillRequest(user)
    await submit(user)

    expect(await screen.findByRole('heading', { level: 1, name: 'Thanks! Your request is in' })).toHaveFocus()
    expect(router.state.location.pathname).toBe('/signup/seller/thank-you')
    expect(screen.getByText('We sent your seller invitation link to luis@example.com.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'What happens next' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Visit the Help Center' })).toHaveAttribute('href', '/help')
    expect(request.bodies[0]?.role).toBe('originator')
  })
})

describe('/requestAccess', () => {
  it('asks buyer or seller, then requests the chosen side', async () => {
    const request = requestAccessHandler(() => ({ status: 'invited' }))
    server.use(humanCheckHandler(), request.handler)
    const user = userEvent.setup()
    renderApp({ path: '/requestAccess' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Request an invitation' })).toBeInTheDocument()
    await fillRequest(user)
    await submit(user)

    const group = screen.getByRole('group', { name: 'I want to join as' })
    expect(group).toHaveAccessibleDescription('Choose whether you want to buy or sell.')
    expect(request.bodies).toEqual([])

    await user.click(within(group).getByRole('radio', { name: /Buyer/ }))
    await submit(user)
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument()
    expect(request.bodies[0]?.role).toBe('buyer')
  })
})
