import { expect, expectAccessible, test } from './fixtures'
import { apiCall, apiSignIn, latestMail, uiSignIn, uniqueEmail } from './support/api'

test('a seller invites a buyer, who signs up, confirms, completes preferences and reaches the listings', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000)
  // The seller generates an invitation link in the profile's Team invitations tab.
  await uiSignIn(page, 'seller@demo.test')
  await page.goto('/profile?tab=invitations')
  await expect(page.getByRole('heading', { name: 'Team invitations' }).first()).toBeVisible()
  await expectAccessible(page)
  const email = uniqueEmail('new.buyer')
  await page.getByRole('combobox', { name: 'Role' }).selectOption('buyer')
  await page.getByLabel('How many').fill('1')
  await page.getByLabel('Email (optional)').fill(email)
  await page.getByRole('button', { name: 'Generate invitations' }).click()
  const row = page.getByRole('listitem').filter({ hasText: email })
  const link = await row.getByRole('textbox', { name: 'Buyer invitation link' }).inputValue()
  expect(link).toMatch(/\/signup\?invitation=/)

  // A new buyer opens it in their own browser.
  const buyerContext = await browser.newContext()
  const buyer = await buyerContext.newPage()
  await buyer.goto(link)
  await expect(buyer.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible()
  await expect(buyer.getByText("You're joining as:")).toBeVisible()
  await expect(buyer.getByText('Buyer', { exact: true })).toBeVisible()
  await expect(buyer.getByRole('combobox', { name: /role/i })).toHaveCount(0)
  await expectAccessible(buyer)
  await buyer.getByLabel('First name').fill('Rosa')
  await buyer.getByLabel('Last name').fill('Martinez')
  // The invitation was made for this address: the form fixes it.
  await expect(buyer.getByLabel('Email')).toHaveValue(email)
  await buyer.getByLabel('Phone').fill('(512) 555-0188')
  await buyer.getByLabel('Password', { exact: true }).fill('Casa#Nueva2026')
  await buyer.getByLabel('Confirm password').fill('Casa#Nueva2026')
  await buyer.getByRole('checkbox').check()
  await buyer.getByRole('button', { name: 'Create account' }).click()

  // Confirms with the code from the e-mail, and is signed in.
  await expect(buyer).toHaveURL(/\/verify\?email=/)
  const mail = await latestMail(request, email, 'signupCode')
  await buyer.getByLabel('Verification code').fill(mail.data.code!)
  await buyer.getByRole('button', { name: 'Confirm email' }).click()

  // The guard sends the new buyer to their preferences with the notice.
  await expect(buyer).toHaveURL(/\/profile\?tab=preferences/)
  await expect(buyer.getByText('Complete Your Profile', { exact: true })).toBeVisible()
  await expect(
    buyer.getByText('Please complete your profile before accessing other parts of the application.', { exact: true }),
  ).toBeVisible()
  // The toast comes with the redirect; the profile page's own code may still be on its way (a spinner).
  await expect(buyer.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()
  await expectAccessible(buyer)

  // Onboarding: where, what, budget.
  await buyer.getByLabel('State').selectOption('TX')
  await buyer.getByLabel('City').fill('Austin')
  await buyer.getByRole('button', { name: 'Next' }).click()
  await buyer.getByRole('button', { name: 'Next' }).click()
  await buyer.getByRole('button', { name: 'Save preferences' }).click()
  await expect(buyer).toHaveURL(/\/deals$/)

  // The completed profile no longer redirects.
  await buyer.goto('/')
  await expect(buyer).toHaveURL('/')
  await buyerContext.close()
})

test('requesting access with the beta full puts the requester on the waitlist', async ({ page, request }) => {
  const admin = await apiSignIn(request, 'admin@demo.test')
  const settings = await apiCall<Record<string, unknown>>(request, admin.IdToken, 'GET', '/api/admin/settings')
  await apiCall(request, admin.IdToken, 'PUT', '/api/admin/settings', { ...settings, betaCapacity: 0 })
  try {
    await page.goto('/signup/buyer')
    await expect(page.getByRole('heading', { level: 1, name: 'Request a buyer invitation' })).toBeVisible()
    await expectAccessible(page)
    const email = uniqueEmail('waitlisted')
    await page.getByLabel('First name').fill('Lee')
    await page.getByLabel('Last name').fill('Nguyen')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Phone').fill('2065550142')
    const question = await page.getByText(/^What is \d+ [+-] \d+\?$/).textContent()
    const [, a, operator, b] = /What is (\d+) ([+-]) (\d+)\?/.exec(question!)!
    const answer = operator === '+' ? Number(a) + Number(b) : Number(a) - Number(b)
    await page.getByLabel(/What is/).fill(String(answer))
    await page.getByRole('button', { name: 'Request invitation' }).click()
    await expect(page.getByText("Unfortunately we're not able to allow more users at this time").first()).toBeVisible()
    await expect(page.getByText("You're on the waitlist")).toBeVisible()
    await expectAccessible(page)
    await latestMail(request, email, 'waitlisted')
  } finally {
    await apiCall(request, admin.IdToken, 'PUT', '/api/admin/settings', settings)
  }
})
