import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setAuthTransport } from '@/api/transport'
import i18n from 'i18next'
import { buildUser } from './factories'
import { server } from './msw'
import { renderApp } from './render'
import { humanCheckHandler } from './signup-fixtures'

type Sent = { type: string; comment: string; page: string; ownersClub: string; file: File | null; answer: string }

function feedbackHandler(answer: (sent: Sent) => Response = () => HttpResponse.json(mine(), { status: 201 })) {
  const sent: Sent[] = []
  const handler = http.post('/api/feedback', async ({ request }) => {
    const form = await request.formData()
    const file = form.get('file') as File | string | null
    const entry: Sent = {
      type: String(form.get('type')),
      comment: String(form.get('comment')),
      page: String(form.get('page')),
      ownersClub: String(form.get('ownersClub')),
      answer: String(form.get('humanCheckAnswer')),
      file: file && typeof file === 'object' ? file : null,
    }
    sent.push(entry)
    return answer(entry)
  })
  return { handler, sent }
}

const mine = () => ({
  id: 'f-1',
  type: 'bug',
  comment: 'Broken',
  page: '/terms',
  hasScreenshot: false,
  ownersClub: false,
  status: 'open',
  createdAt: '2026-11-26T10:00:00.000Z',
})

const flags = http.get('/api/config/feature-flags', () =>
  HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
)

async function openWidget(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Send feedback' }))
  return screen.findByRole('dialog', { name: 'Send feedback' })
}

const png = (name = 'screen.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' })

// Several steps each, on a machine shared with other suites.
describe('feedback widget', { timeout: 20_000 }, () => {
  it('is there for signed-in users only', async () => {
    server.use(flags)
    renderApp({ path: '/terms' })
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByRole('button', { name: 'Send feedback' })).not.toBeInTheDocument()
  })

  it('walks type → form → success, records the page it was opened on, trims the comment and sends the screenshot', async () => {
    const feedback = feedbackHandler()
    server.use(flags, humanCheckHandler(), feedback.handler)
    const user = userEvent.setup()
    renderApp({ path: '/terms?from=footer', user: buildUser() })
    const dialog = await openWidget(user)
    expect(within(dialog).getByRole('heading', { name: 'What would you like to tell us?' })).toBeInTheDocument()
    for (const name of [/Bug Report/, /Feature Idea/, /Question/]) {
      expect(within(dialog).getByRole('button', { name })).toBeInTheDocument()
    }

    await user.click(within(dialog).getByRole('button', { name: /Bug Report/ }))
    expect(within(dialog).getByRole('heading', { name: 'Bug Report' })).toHaveFocus()
    const send = within(dialog).getByRole('button', { name: 'Send Feedback' })
    expect(send).toBeDisabled()
    const comment = within(dialog).getByRole('textbox', { name: /Your feedback/ })
    await user.type(comment, '   ')
    expect(send).toBeDisabled()
    await user.type(comment, 'The map is blank  ')
    expect(within(dialog).getByText('21/500 characters')).toBeInTheDocument()
    await user.upload(within(dialog).getByLabelText('Screenshot (optional)'), png())
    expect(within(dialog).getByText('screen.png')).toBeInTheDocument()
    await user.type(await within(dialog).findByLabelText('What is 3 + 4?'), '7')
    await user.click(send)

    expect(await within(dialog).findByRole('heading', { name: 'Feedback sent!' })).toHaveFocus()
    const toast = await screen.findByText('Feedback submitted!')
    expect(toast.parentElement).toHaveTextContent("Thank you for your feedback. We'll review it soon.")
    expect(feedback.sent).toHaveLength(1)
    expect(feedback.sent[0]).toMatchObject({
      type: 'bug',
      comment: 'The map is blank',
      page: '/terms?from=footer',
      ownersClub: 'false',
      answer: '7',
    })
    // The image went in the `file` part (jsdom's File does not cross into the test's FormData intact).
    expect(feedback.sent[0]!.file).not.toBeNull()

    await user.click(within(dialog).getByRole('button', { name: 'Send More Feedback' }))
    expect(within(dialog).getByRole('heading', { name: 'What would you like to tell us?' })).toBeInTheDocument()
  })

  it('goes back to the type step with the back arrow, and a non-bug type clears the screenshot', async () => {
    server.use(flags, humanCheckHandler())
    const user = userEvent.setup()
    renderApp({ path: '/terms', user: buildUser() })
    const dialog = await openWidget(user)
    await user.click(within(dialog).getByRole('button', { name: /Bug Report/ }))
    await user.upload(within(dialog).getByLabelText('Screenshot (optional)'), png())
    await user.click(within(dialog).getByRole('button', { name: 'Back to feedback types' }))
    expect(within(dialog).getByRole('heading', { name: 'What would you like to tell us?' })).toHaveFocus()

    await user.click(within(dialog).getByRole('button', { name: /Feature Idea/ }))
    expect(within(dialog).queryByLabelText('Screenshot (optional)')).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Back to feedback types' }))
    await user.click(within(dialog).getByRole('button', { name: /Bug Report/ }))
    expect(within(dialog).queryByText('screen.png')).not.toBeInTheDocument()
  })

  it('refuses a file that is not an image, and one of 10MB or more, with the spec texts', async () => {
    server.use(flags, humanCheckHandler())
    const user = userEvent.setup({ applyAccept: false })
    renderApp({ path: '/terms', user: buildUser() })
    const dialog = await openWidget(user)
    await user.click(within(dialog).getByRole('button', { name: /Bug Report/ }))
    const input = within(dialog).getByLabelText('Screenshot (optional)')

    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }))
    const invalid = await screen.findByText('Invalid file type')
    expect(invalid.parentElement).toHaveTextContent('Please select an image file.')
    expect(within(dialog).queryByText('notes.txt')).not.toBeInTheDocument()

    const big = png('big.png')
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 })
    await user.upload(input, big)
    const large = await screen.findByText('File too large')
    expect(large.parentElement).toHaveTextContent('Please select an image smaller than 10MB.')
    expect(within(dialog).queryByText('big.png')).not.toBeInTheDocument()
  })

  it('caps the comment at 500 characters', async () => {
    server.use(flags, humanCheckHandler())
    const user = userEvent.setup()
    renderApp({ path: '/terms', user: buildUser() })
    const dialog = await openWidget(user)
    await user.click(within(dialog).getByRole('button', { name: /Question/ }))
    const comment = within(dialog).getByRole('textbox', { name: /Your feedback/ })
    await user.click(comment)
    await user.paste('a'.repeat(520))
    expect(comment).toHaveValue('a'.repeat(500))
    expect(within(dialog).getByText('500/500 characters')).toBeInTheDocument()
  })

  it('toasts the server’s message on failure, and "Authentication required" without a stored token', async () => {
    const feedback = feedbackHandler(() => HttpResponse.json({ message: 'Database is down' }, { status: 503 }))
    server.use(flags, humanCheckHandler(), feedback.handler)
    const user = userEvent.setup()
    renderApp({ path: '/terms', user: buildUser() })
    const dialog = await openWidget(user)
    await user.click(within(dialog).getByRole('button', { name: /Question/ }))
    await user.type(within(dialog).getByRole('textbox', { name: /Your feedback/ }), 'How do offers work?')
    await user.type(await within(dialog).findByLabelText('What is 3 + 4?'), '7')
    await user.click(within(dialog).getByRole('button', { name: 'Send Feedback' }))
    const error = await screen.findByText('Error submitting feedback')
    expect(error.parentElement).toHaveTextContent('Database is down')
    // Still on the form, with a new question, to try again.
    expect(await within(dialog).findByLabelText('What is 5 + 6?')).toHaveValue('')

    setAuthTransport({
      getFreshToken: () => Promise.resolve(null),
      forceRefresh: () => Promise.resolve(null),
      onSessionExpired: () => {},
      onDeactivated: () => {},
    })
    await user.type(within(dialog).getByLabelText('What is 5 + 6?'), '11')
    await user.click(within(dialog).getByRole('button', { name: 'Send Feedback' }))
    await waitFor(() =>
      expect(screen.getByText('Error submitting feedback').parentElement).toHaveTextContent('Authentication required'),
    )
    expect(feedback.sent).toHaveLength(1)
  })

  it('starts over at the type step after it is closed', async () => {
    server.use(flags, humanCheckHandler())
    const user = userEvent.setup()
    renderApp({ path: '/terms', user: buildUser() })
    let dialog = await openWidget(user)
    await user.click(within(dialog).getByRole('button', { name: /Question/ }))
    await user.type(within(dialog).getByRole('textbox', { name: /Your feedback/ }), 'Half written')
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send feedback' })).toHaveFocus()

    // The widget forgets its content once its closing is over (spec §9: 300 ms).
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)))
    dialog = await openWidget(user)
    expect(within(dialog).getByRole('heading', { name: 'What would you like to tell us?' })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: /Question/ }))
    expect(within(dialog).getByRole('textbox', { name: /Your feedback/ })).toHaveValue('')
  })

  it('speaks Spanish', async () => {
    server.use(flags, humanCheckHandler())
    await i18n.changeLanguage('es')
    const user = userEvent.setup()
    renderApp({ path: '/terms', user: buildUser({ languagePreference: 'es' }) })
    await user.click(await screen.findByRole('button', { name: 'Enviar comentarios' }))
    const dialog = await screen.findByRole('dialog', { name: 'Enviar comentarios' })
    expect(within(dialog).getByRole('heading', { name: '¿Qué te gustaría contarnos?' })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: /Reporte de error/ }))
    expect(within(dialog).getByRole('button', { name: 'Enviar comentario' })).toBeDisabled()
    expect(within(dialog).getByText('0/500 caracteres')).toBeInTheDocument()
  })
})
