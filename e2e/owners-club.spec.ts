import { expect, expectAccessible, test } from './fixtures'
import { apiCall, apiSignIn, createInvitedUser, uiSignIn } from './support/api'

/*
 * Issue 26, the Owners Club: the demo seller lists themselves from the profile; another seller finds them in
 * the directory beside the members' map and messages them (a conversation about no listing); the demo
 * seller reads it; the demo buyer is refused the club.
 */

type Me = { userId: string; firstName: string; lastName: string; phoneNumber: string; companyName: string | null }

test('a seller opts in, another finds and messages them, the buyer is refused', async ({ page, browser, request }) => {
  test.setTimeout(120_000)
  // Whatever the demo data or an earlier run left, the demo seller starts unlisted: this journey opts them in.
  const demo = await apiSignIn(request, 'seller@demo.test')
  const me = await apiCall<Me>(request, demo.IdToken, 'GET', '/api/auth/me')
  const company = me.companyName ?? 'Delgado Creative Homes'
  await apiCall(request, demo.IdToken, 'PATCH', '/api/profile', {
    firstName: me.firstName,
    lastName: me.lastName,
    phoneNumber: me.phoneNumber,
    companyName: company,
    ownersClubListed: false,
  })
  // A second seller with a complete profile, set up through the API.
  const other = await createInvitedUser(request, 'originator')
  const otherTokens = await apiSignIn(request, other.email, other.password)
  const otherName = `Pia ${Date.now().toString(36)}`
  await apiCall(request, otherTokens.IdToken, 'PATCH', '/api/profile', {
    firstName: otherName,
    lastName: 'Partner',
    phoneNumber: '(602) 555-0177',
    companyName: 'Partner Homes',
  })
  await apiCall(request, otherTokens.IdToken, 'PUT', '/api/profile/seller-preferences', { states: ['AZ'] })

  await uiSignIn(page, 'seller@demo.test')
  await page.goto('/profile?tab=company')
  const listMe = page.getByRole('checkbox', { name: 'List me in the Owners Club directory' })
  await expect(listMe).not.toBeChecked()
  await listMe.check()
  const section = page.locator('form').filter({ has: listMe })
  await section.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Your Owners Club listing was updated.').first()).toBeVisible()

  const otherContext = await browser.newContext()
  try {
    const otherPage = await otherContext.newPage()
    await uiSignIn(otherPage, other.email, other.password)
    await otherPage.goto('/owners')
    await expect(otherPage.getByRole('heading', { level: 1, name: 'Owners Club' })).toBeVisible()
    const map = otherPage.getByRole('region', { name: "Members' markets" })
    await expect(map.getByRole('button', { name: /; zoom in$/ }).first()).toBeVisible()
    const card = otherPage.getByRole('article', { name: company })
    await expect(card).toBeVisible()
    await expectAccessible(otherPage)
    const memberName = `${me.firstName} ${me.lastName}`
    await card.getByRole('button', { name: `Message ${memberName}` }).click()
    const dialog = otherPage.getByRole('dialog', { name: `Message ${memberName}` })
    const text = `Shall we partner on Phoenix deals? ${Date.now().toString(36)}`
    await dialog.getByRole('textbox').fill(text)
    await dialog.getByRole('button', { name: 'Send' }).click()
    await expect(otherPage).toHaveURL(/\/chat\/[0-9a-f-]{36}$/)
    await expect(otherPage.getByTestId('message-list').getByText(text)).toBeVisible()
  } finally {
    await otherContext.close()
  }

  await page.goto('/chat')
  const thread = page.getByRole('link', { name: new RegExp(otherName) })
  await expect(thread).toBeVisible()
  await thread.click()
  await expect(page.getByRole('heading', { name: `${otherName} Partner` })).toBeVisible()
  const conversation = page.getByRole('region', { name: `${otherName} Partner` })
  await expect(conversation.getByText('Owners Club · Partner Homes')).toBeVisible()
  await expect(conversation.getByTestId('message-list').getByText(/Shall we partner on Phoenix deals/)).toBeVisible()

  const buyerContext = await browser.newContext()
  try {
    const buyerPage = await buyerContext.newPage()
    await uiSignIn(buyerPage, 'buyer@demo.test')
    await buyerPage.goto('/owners')
    await expect(buyerPage.getByText("You don't have access to the Owners Club")).toBeVisible()
  } finally {
    await buyerContext.close()
  }
})
