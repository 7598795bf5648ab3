import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { apiCashListing, apiSignIn, DEMO_PASSWORD } from './support/api'
import { dayFromToday } from './support/offers'

/**
 * Issue 28: a keyboard-only journey. Past the first address typed in the bar, nothing here uses the mouse or
 * a locator's click/fill: only Tab, Shift+Tab, Enter, Space, Escape and typed text, checking at each step that
 * focus is where a user expects it and is visibly marked.
 */

const BUYER = 'buyer@demo.test'

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement)

/** Focus is on a visibly marked element (an outline or a ring), reached by keyboard (:focus-visible). */
async function expectFocusVisible(page: Page, what: string) {
  const state = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    if (!element || element === document.body) return { focusVisible: false, marked: false }
    const marks = (node: Element) => {
      const style = getComputedStyle(node)
      // An outline, or a ring: a box shadow with no offset or blur and a spread (not a plain drop shadow).
      return (
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
        /0px 0px 0px [1-9]/.test(style.boxShadow)
      )
    }
    // The element's own outline or ring, or a card's (focus-within) around a link that covers it.
    let marked = marks(element)
    for (let node = element.parentElement, depth = 0; !marked && node && depth < 4; node = node.parentElement, depth++)
      marked = node.matches(':focus-within') && marks(node)
    return { focusVisible: element.matches(':focus-visible'), marked }
  })
  expect(state, `focus on ${what} is visible`).toEqual({ focusVisible: true, marked: true })
}

/** Presses Tab (or Shift+Tab) until the target has focus, as a keyboard user would; fails if it never does. */
async function tabTo(page: Page, target: Locator, what: string, { backwards = false, max = 120 } = {}) {
  await expect(target, what).toBeVisible()
  for (let presses = 0; presses <= max; presses++) {
    if (await isFocused(target)) {
      await expectFocusVisible(page, what)
      return
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
  }
  throw new Error(`${what}: not reached in ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`)
}

const focusInside = (container: Locator) => container.evaluate((element) => element.contains(document.activeElement))

test('without a mouse: sign in, filter deals, open one, express interest, make an offer and send a message', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  // A fresh listing of the demo seller's, so the buyer has no interest, offer or conversation on it yet.
  const seller = await apiSignIn(request, 'seller@demo.test')
  const marker = `Keyboard${Date.now().toString(36)}`
  const street = `${Date.now() % 9000} ${marker} Lane`
  const deal = await apiCashListing<{ id: string }>(request, seller.IdToken, street, `Quiet street. ${marker}.`)

  // Sign in at /auth.
  await page.goto('/auth')
  await tabTo(page, page.getByLabel('Email'), 'the e-mail field')
  await page.keyboard.type(BUYER)
  await tabTo(page, page.getByLabel('Password', { exact: true }), 'the password field')
  await page.keyboard.type(DEMO_PASSWORD)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible()
  await expect(page).not.toHaveURL(/\/auth/)

  // Listings from the header, then a search and a city filter.
  await tabTo(page, page.getByRole('banner').getByRole('link', { name: 'Listings', exact: true }), 'Listings')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/deals$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Deals' })).toBeVisible()
  await tabTo(page, page.getByRole('searchbox', { name: 'Search deals' }), 'the search box')
  await page.keyboard.type(marker)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`q=${marker}`))
  await tabTo(page, page.getByRole('textbox', { name: 'City', exact: true }), 'the city filter')
  await page.keyboard.type('Phoenix')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/city=Phoenix/)

  // Open the deal.
  const dealLink = page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(street) })
    .first()
  await tabTo(page, dealLink, 'the deal in the results')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/deals/${deal.id}$`))
  await expect(page.getByRole('heading', { level: 1 })).toContainText(street)

  // Express interest: the dialog takes focus, Escape gives it back to its button; then sent for real.
  const interest = page.getByRole('button', { name: 'Express interest' })
  await tabTo(page, interest, 'Express interest')
  await page.keyboard.press('Enter')
  const interestDialog = page.getByRole('dialog', { name: 'Express interest' })
  await expect(interestDialog).toBeVisible()
  expect(await focusInside(interestDialog), 'focus moves into the opened dialog').toBe(true)
  await page.keyboard.press('Escape')
  await expect(interestDialog).toBeHidden()
  expect(await isFocused(interest), 'focus returns to the button that opened the dialog').toBe(true)
  await page.keyboard.press('Space')
  await expect(interestDialog).toBeVisible()
  await tabTo(page, interestDialog.getByRole('textbox', { name: 'Message' }), 'the interest message')
  await page.keyboard.type('I buy in Phoenix and can close quickly.')
  await tabTo(page, interestDialog.getByRole('button', { name: 'Send' }), 'Send')
  await page.keyboard.press('Enter')
  await expect(interestDialog).toBeHidden()
  await expect(page.getByText('Interest sent', { exact: true })).toBeVisible()
  // Its button is gone: focus goes to the message that replaces it, not back to the top of the page.
  const expressed = page.getByRole('status').filter({ hasText: 'You expressed interest' })
  await expect(expressed).toBeVisible()
  await expect.poll(() => isFocused(expressed), 'focus on "You expressed interest" after sending').toBe(true)
  await expect(page.getByRole('button', { name: 'Edit my message' })).toBeVisible()

  // Make an offer: the form opens with focus in it; a radio by Space, the fields by typing.
  const offers = page.getByRole('region', { name: 'Offers' })
  await tabTo(page, offers.getByRole('button', { name: 'Make an offer' }), 'Make an offer')
  await page.keyboard.press('Enter')
  const offerForm = offers.getByRole('form')
  await expect(offerForm).toBeVisible()
  await expect.poll(() => focusInside(offerForm), 'focus moves into the opened offer form').toBe(true)
  await tabTo(page, offerForm.getByRole('radio', { name: 'Cash' }), 'the Cash offer type')
  await page.keyboard.press('Space')
  await expect(offerForm.getByRole('radio', { name: 'Cash' })).toBeChecked()
  await tabTo(page, offerForm.getByLabel('Purchase price (USD)'), 'the purchase price')
  await page.keyboard.type('240000')
  const closeDate = dayFromToday(21)
  await tabTo(page, offerForm.getByLabel('Estimated close of escrow'), 'the close of escrow date')
  const [year, month, day] = closeDate.split('-')
  await page.keyboard.type(`${month}${day}${year}`)
  await expect(offerForm.getByLabel('Estimated close of escrow')).toHaveValue(closeDate)
  await tabTo(page, offerForm.getByRole('button', { name: 'Send offer' }), 'Send offer')
  await page.keyboard.press('Enter')
  await expect(offerForm).toBeHidden()
  await expect(page.getByText('Offer sent', { exact: true })).toBeVisible()
  await expect(offers).toContainText('$240,000')

  // Message the seller: the dialog, then the conversation's composer, where Enter sends.
  const messageSeller = page.getByRole('button', { name: 'Message the seller' })
  await tabTo(page, messageSeller, 'Message the seller', { backwards: true })
  await page.keyboard.press('Enter')
  const messageDialog = page.getByRole('dialog', { name: 'Message the seller' })
  await expect(messageDialog).toBeVisible()
  expect(await focusInside(messageDialog), 'focus moves into the opened dialog').toBe(true)
  await tabTo(page, messageDialog.getByRole('textbox', { name: 'Your message' }), 'the message')
  const opening = `Is ${street} still available?`
  await page.keyboard.type(opening)
  await tabTo(page, messageDialog.getByRole('button', { name: 'Send' }), 'Send')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/)
  const messages = page.getByTestId('message-list')
  await expect(messages.getByText(opening)).toBeVisible()
  const composer = page.getByRole('textbox', { name: 'Message', exact: true })
  await tabTo(page, composer, 'the composer')
  await page.keyboard.type('I could close in three weeks.')
  await page.keyboard.press('Enter')
  await expect(messages.getByText('I could close in three weeks.')).toBeVisible()
})
