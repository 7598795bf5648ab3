import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { HelpArticle } from '@/contract'
import { dealDetailServer, LAZY_CHUNK } from './deal-detail-fixtures'
import { offersServer } from './deal-offers-fixtures'
import { buildDeal, buildUser } from './factories'
import { server } from './msw'
import { renderApp } from './render'

const buyer = buildUser({ userId: 'buyer-1', firstName: 'Maria', lastName: 'Lopez' })

const entryFeeArticle: HelpArticle = {
  id: 'entry-fee',
  categoryId: 'offers',
  categoryName: 'Offers',
  title: 'The entry fee',
  summary: 'What the entry fee pays for.',
  body: '## What it pays for\n\nThe **entry fee** covers the arrears and the seller’s equity.',
  related: [],
  helpfulYes: 0,
  helpfulNo: 0,
  updatedAt: '2026-11-20T15:00:00.000Z',
}

/** The help API: the entry-fee article in English, or a failure; records the languages asked for. */
function helpServer(answer: 'ok' | 'fail' = 'ok') {
  const asked: { slug: string; lang: string | null }[] = []
  server.use(
    http.get('/api/help/articles/:id', ({ params, request }) => {
      asked.push({ slug: String(params.id), lang: new URL(request.url).searchParams.get('lang') })
      if (answer === 'fail') return HttpResponse.json({ message: 'Down', code: 'internal' }, { status: 500 })
      return HttpResponse.json(entryFeeArticle)
    }),
  )
  return asked
}

async function openOfferForm() {
  dealDetailServer({ deal: buildDeal() })
  offersServer()
  renderApp({ path: '/deals/deal-1', user: buyer })
  const section = await screen.findByRole('region', { name: 'Offers' }, LAZY_CHUNK)
  const user = userEvent.setup()
  await user.click(await within(section).findByRole('button', { name: 'Make an offer' }))
  return { user, form: within(within(section).getByRole('form', { name: 'Make an offer' })) }
}

describe('the "?" help hint beside the offer’s entry fee', () => {
  it('opens the entry-fee article in a side panel; Escape closes it, focus returns, the typed offer is kept', async () => {
    const asked = helpServer()
    const { user, form } = await openOfferForm()
    await user.click(form.getByRole('radio', { name: 'Creative' }))
    await user.type(form.getByLabelText('Entry fee (USD)'), '15000')
    await user.type(form.getByLabelText('Message (optional)'), 'Can close in 30 days')

    const hint = form.getByRole('button', { name: 'Help: Entry fee' })
    await user.click(hint)
    const panel = await screen.findByRole('dialog', { name: 'The entry fee' })
    expect(within(panel).getByRole('heading', { name: 'What it pays for' })).toBeInTheDocument()
    expect(within(panel).getByText('entry fee', { selector: 'strong' })).toBeInTheDocument()
    const link = within(panel).getByRole('link', { name: /Open in the help centre/ })
    expect(link).toHaveAttribute('href', '/help/article/entry-fee')
    expect(link).toHaveAttribute('target', '_blank')
    expect(asked).toEqual([{ slug: 'entry-fee', lang: 'en' }])

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(hint).toHaveFocus()
    expect(form.getByLabelText('Entry fee (USD)')).toHaveValue('15000')
    expect(form.getByLabelText('Message (optional)')).toHaveValue('Can close in 30 days')
    expect(form.getByRole('radio', { name: 'Creative' })).toBeChecked()
  }, 30_000)

  it('says when the article cannot be loaded, and closes with its Close button', async () => {
    helpServer('fail')
    const { user, form } = await openOfferForm()
    await user.click(form.getByRole('radio', { name: 'Creative' }))
    const hint = form.getByRole('button', { name: 'Help: Entry fee' })
    await user.click(hint)
    const panel = await screen.findByRole('dialog', { name: 'Entry fee' })
    expect(await within(panel).findByRole('alert')).toHaveTextContent('The help article could not be loaded.')
    await user.click(within(panel).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(hint).toHaveFocus())
  }, 30_000)
})
