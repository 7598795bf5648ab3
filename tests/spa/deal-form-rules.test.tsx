import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { dealFormServer, sellerUser } from './deal-form-fixtures'
import { initTestI18n } from './i18n'
import { renderApp } from './render'

const box = (name: RegExp) => screen.getByRole('textbox', { name })
const errorOf = (element: HTMLElement) => element.getAttribute('aria-invalid') === 'true' && element

async function openNewForm() {
  const user = userEvent.setup()
  const api = dealFormServer()
  renderApp({ path: '/deals/new', user: sellerUser() })
  expect(await screen.findByRole('heading', { name: 'List a deal', level: 1 }, { timeout: 5000 })).toBeInTheDocument()
  const submit = () => user.click(screen.getByRole('button', { name: 'Publish listing' }))
  return { user, api, submit }
}

describe('listing form rules', { timeout: 15_000 }, () => {
  it('sums up the errors, focuses the first wrong field and sends nothing', async () => {
    const { submit, api } = await openNewForm()
    await submit()

    expect(await screen.findByText('Please fill in all required fields (9 errors found)')).toBeInTheDocument()
    expect(box(/^Street address/)).toHaveFocus()
    expect(box(/^Street address/)).toHaveAccessibleDescription('This field is required.')
    expect(screen.getByRole('combobox', { name: /^State/ })).toHaveAccessibleDescription('This field is required.')
    expect(box(/^Purchase price/)).toHaveAccessibleDescription('This field is required.')
    expect(screen.getByText('Choose at least one tag.')).toBeInTheDocument()
    expect(screen.getByText('You must certify your contractual interest in this property.')).toBeInTheDocument()
    expect(api.requests.created).toEqual([])
  })

  it('checks the address, numbers, year built and description, keeping what was typed', async () => {
    const { user, submit } = await openNewForm()
    await user.type(box(/^ZIP code/), '7870')
    await user.type(box(/^Purchase price/), 'abc')
    await user.type(box(/^Year built/), '1750')
    await user.type(box(/^Bedrooms/), '-2')
    await user.type(box(/^Description/), 'Too short')
    await submit()

    expect(await screen.findByText('ZIP code must be exactly 5 digits.')).toBeInTheDocument()
    expect(box(/^Purchase price/)).toHaveAccessibleDescription('Expected a valid number')
    expect(box(/^Year built/)).toHaveAccessibleDescription('Year built must be 1800 or later.')
    expect(box(/^Bedrooms/)).toHaveAccessibleDescription('Must be a positive number.')
    expect(box(/^Description/)).toHaveAccessibleDescription(/Description must be at least 10 characters\./)
    expect(box(/^ZIP code/)).toHaveValue('7870')
    expect(box(/^Purchase price/)).toHaveValue('abc')
    expect(box(/^Description/)).toHaveValue('Too short')
  })

  it('asks a creative listing for its purchase type, then the Subject-To terms', async () => {
    const { user, submit } = await openNewForm()
    await user.click(screen.getByRole('radio', { name: 'Creative' }))
    await submit()
    expect(await screen.findByText('Choose a purchase type for a creative listing.')).toBeInTheDocument()

    await user.click(screen.getByRole('radio', { name: 'Subject-to' }))
    await user.type(box(/^Interest rate/), 'x')
    await submit()
    expect(await screen.findByRole('combobox', { name: /^Loan type/ })).toHaveAccessibleDescription(
      'This field is required.',
    )
    expect(box(/^Interest rate/)).toHaveAccessibleDescription('Expected a valid number')
    for (const name of [/^Loan balance/, /^Monthly PITI/, /^Entry fee/]) {
      expect(box(name)).toHaveAccessibleDescription('This field is required.')
    }
    expect(errorOf(screen.getByLabelText(/^Loan maturity date/))).toBeTruthy()
    // Creative listings carry the automatic tags, so no tag message.
    expect(screen.queryByText('Choose at least one tag.')).not.toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: /Low entry fee/ })).toBeChecked()
  })

  it('asks seller finance for its terms and deed transfer type, hybrid for both', async () => {
    const { user, submit } = await openNewForm()
    await user.click(screen.getByRole('radio', { name: 'Creative' }))
    await user.click(screen.getByRole('radio', { name: 'Seller finance' }))
    await submit()
    expect(await screen.findByRole('combobox', { name: /^Deed transfer type/ })).toHaveAccessibleDescription(
      'This field is required.',
    )
    for (const name of [/^Seller loan amount/, /^Seller interest rate/, /^Monthly principal and interest/]) {
      expect(box(name)).toHaveAccessibleDescription('This field is required.')
    }
    expect(screen.queryByRole('combobox', { name: /^Loan type/ })).not.toBeInTheDocument()

    await user.click(screen.getByRole('radio', { name: 'Hybrid' }))
    await submit()
    expect(await screen.findByRole('combobox', { name: /^Loan type/ })).toHaveAccessibleDescription(
      'This field is required.',
    )
    expect(box(/^Seller loan amount/)).toHaveAccessibleDescription('This field is required.')
  })

  it('asks a lease option for its terms and an option term of at least 1 year; switching types keeps typed values', async () => {
    const { user, submit } = await openNewForm()
    await user.click(screen.getByRole('radio', { name: 'Creative' }))
    await user.click(screen.getByRole('radio', { name: 'Lease option' }))
    await user.type(box(/^Option term/), '0.5')
    await user.type(box(/^Option fee/), '5000')
    await user.click(screen.getByRole('checkbox', { name: /credited toward the price/ }))
    await submit()

    expect(await screen.findByText('Option term must be at least 1 year.')).toBeInTheDocument()
    for (const name of [/^Option sale price/, /^Monthly lease payment/, /^Monthly credit amount/]) {
      expect(box(name)).toHaveAccessibleDescription('This field is required.')
    }
    // The purchase price is not required of a lease option.
    expect(box(/^Purchase price/)).not.toHaveAccessibleDescription('This field is required.')

    await user.click(screen.getByRole('radio', { name: 'Subject-to' }))
    await user.click(screen.getByRole('radio', { name: 'Lease option' }))
    expect(box(/^Option fee/)).toHaveValue('5000')
    expect(box(/^Option term/)).toHaveValue('0.5')

    await user.click(screen.getByRole('radio', { name: 'Cash' }))
    await user.click(screen.getByRole('radio', { name: 'Creative' }))
    expect(screen.getByRole('radio', { name: 'Lease option' })).toBeChecked()
    expect(box(/^Option fee/)).toHaveValue('5000')
  })

  it('takes dates from the date pickers', async () => {
    const { user, submit } = await openNewForm()
    await user.click(screen.getByRole('radio', { name: 'Creative' }))
    await user.click(screen.getByRole('radio', { name: 'Subject-to' }))
    fireEvent.change(screen.getByLabelText(/^Loan maturity date/), { target: { value: '2045-06-01' } })
    await submit()
    await screen.findByText(/errors found/)
    expect(errorOf(screen.getByLabelText(/^Loan maturity date/))).toBe(false)
  })
  it('counts only the errors of the terms on screen after switching back to cash', async () => {
    const { user, submit } = await openNewForm()
    await user.click(screen.getByRole('radio', { name: 'Creative' }))
    await user.click(screen.getByRole('radio', { name: 'Subject-to' }))
    await submit()
    // 9 common errors minus the tags (automatic for creative) plus the 6 Subject-To terms.
    expect(await screen.findByText('Please fill in all required fields (14 errors found)')).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Cash' }))
    expect(await screen.findByText('Please fill in all required fields (8 errors found)')).toBeInTheDocument()
  })

  it('keeps "None" alone among the restrictions, and "Cash only" among the financing a buyer may use', async () => {
    const { user } = await openNewForm()
    const restrictions = within(screen.getByRole('group', { name: 'Restrictions' }))
    await user.click(restrictions.getByRole('checkbox', { name: '55+ community' }))
    await user.click(restrictions.getByRole('checkbox', { name: 'Long-term rental cap' }))
    // None clears the others…
    await user.click(restrictions.getByRole('checkbox', { name: 'None' }))
    expect(restrictions.getByRole('checkbox', { name: 'None' })).toBeChecked()
    expect(restrictions.getByRole('checkbox', { name: '55+ community' })).not.toBeChecked()
    expect(restrictions.getByRole('checkbox', { name: 'Long-term rental cap' })).not.toBeChecked()
    // …and another one clears None.
    await user.click(restrictions.getByRole('checkbox', { name: 'No stays under 30 days' }))
    expect(restrictions.getByRole('checkbox', { name: 'No stays under 30 days' })).toBeChecked()
    expect(restrictions.getByRole('checkbox', { name: 'None' })).not.toBeChecked()

    const financing = within(screen.getByRole('group', { name: /^Qualifies for traditional financing/ }))
    await user.click(financing.getByRole('checkbox', { name: 'FHA' }))
    await user.click(financing.getByRole('checkbox', { name: 'Cash only' }))
    expect(financing.getByRole('checkbox', { name: 'FHA' })).not.toBeChecked()
    await user.click(financing.getByRole('checkbox', { name: 'VA' }))
    expect(financing.getByRole('checkbox', { name: 'Cash only' })).not.toBeChecked()
    expect(financing.getByRole('checkbox', { name: 'VA' })).toBeChecked()
  })

  it('speaks Spanish', async () => {
    await initTestI18n('es')
    const user = userEvent.setup()
    dealFormServer()
    renderApp({ path: '/deals/new', user: sellerUser() })
    expect(
      await screen.findByRole('heading', { name: 'Publicar una operación', level: 1 }, { timeout: 5000 }),
    ).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'Nuevo México' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Publicar' }))
    expect(
      await screen.findByText('Completa todos los campos obligatorios (9 errores encontrados)'),
    ).toBeInTheDocument()
  })
})
