import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { dealDetailServer, LAZY_CHUNK } from './deal-detail-fixtures'
import { offersServer } from './deal-offers-fixtures'
import { buildDeal, buildUser } from './factories'
import { renderApp } from './render'

const buyer = buildUser({ userId: 'buyer-1', firstName: 'Maria', lastName: 'Lopez' })

/** Opens deal-1's offer form as the buyer. */
async function openForm() {
  dealDetailServer({ deal: buildDeal() })
  const api = offersServer()
  renderApp({ path: '/deals/deal-1', user: buyer })
  const section = await screen.findByRole('region', { name: 'Offers' }, LAZY_CHUNK)
  const user = userEvent.setup()
  await user.click(await within(section).findByRole('button', { name: 'Make an offer' }))
  return { api, user, section, form: within(within(section).getByRole('form', { name: 'Make an offer' })) }
}

/** Issue 22 item 11: the amount of the type not chosen traps the form. */
describe('switching the offer type', () => {
  it('forgets a bad amount of the type left behind: the creative offer goes out with only its own amount', async () => {
    const { api, user, section, form } = await openForm()
    const send = form.getByRole('button', { name: 'Send offer' })

    await user.click(form.getByRole('radio', { name: 'Cash' }))
    await user.type(form.getByLabelText('Purchase price (USD)'), '-5')
    await user.click(send)
    // The cash amount's error is shown on its field and focused, and the summary counts what is shown.
    const price = form.getByLabelText('Purchase price (USD)')
    expect(price).toHaveAccessibleDescription('Must be a positive number.')
    expect(form.getByText('Please fill in all required fields (2 errors found)')).toBeInTheDocument()
    expect(price).toHaveFocus()

    await user.click(form.getByRole('radio', { name: 'Creative' }))
    await user.type(form.getByLabelText('Entry fee (USD)'), '15000')
    await user.type(form.getByLabelText('Estimated close of escrow'), '2099-06-30')
    await user.click(send)

    expect(await screen.findByText('Offer sent')).toBeInTheDocument()
    expect(api.requests.submitted).toEqual([
      { type: 'creative', purchasePrice: null, entryFee: 15000, closeOfEscrowDate: '2099-06-30', message: null },
    ])
    expect(within(section).queryByRole('form')).not.toBeInTheDocument()
  }, 30_000)

  it('counts only errors it shows, and focuses the first of them', async () => {
    const { api, user, form } = await openForm()
    const send = form.getByRole('button', { name: 'Send offer' })

    await user.click(form.getByRole('radio', { name: 'Creative' }))
    await user.type(form.getByLabelText('Entry fee (USD)'), 'abc')
    await user.click(form.getByRole('radio', { name: 'Cash' }))
    await user.type(form.getByLabelText('Estimated close of escrow'), '2099-06-30')
    await user.click(send)

    // The entry fee typed for creative is not judged for a cash offer: only the purchase price is missing.
    const price = form.getByLabelText('Purchase price (USD)')
    expect(price).toHaveAccessibleDescription('Enter the purchase price for a cash offer.')
    expect(form.getByText('Please fill in all required fields (1 error found)')).toBeInTheDocument()
    expect(price).toHaveFocus()
    expect(api.requests.submitted).toEqual([])
  }, 30_000)
})
