import { expect, expectAccessible, expectAxeClean, test } from './fixtures'
import { apiCall, apiSignIn, createInvitedUser, latestMail, uiSignIn } from './support/api'
import { fillListing, publish, uniqueStreet } from './support/listing-form'

test.describe('seller access by approval', () => {
  test('a buyer asks for seller access, an admin approves it, and the buyer lists a deal', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000)
    // A fresh buyer with a complete profile (set up through the API: not what this test is about).
    const buyer = await createInvitedUser(request, 'buyer')
    const tokens = await apiSignIn(request, buyer.email, buyer.password)
    await apiCall(request, tokens.IdToken, 'PATCH', '/api/profile', {
      firstName: 'Rita',
      lastName: 'Request',
      phoneNumber: '(602) 555-0188',
    })
    await apiCall(request, tokens.IdToken, 'PUT', '/api/profile/preferences', {
      state: 'TX',
      city: 'Austin',
      zipCodes: ['78701'],
    })
    const company = `Rita Homes ${Date.now().toString(36)}`

    // The buyer opens the listing form and is led to the request for seller access.
    await uiSignIn(page, buyer.email, buyer.password)
    await page.goto('/deals/new')
    await expect(page).toHaveURL(/\/profile\?tab=roles&intent=sell/)
    await expect(page.getByText(/Seller access is reviewed: tell us about your business/)).toBeVisible()
    await expectAccessible(page)
    await page.getByLabel(/^Company name/).fill(company)
    await page.getByLabel(/^What you sell/).fill('Wholesale single-family homes in Austin')
    await page.getByRole('button', { name: 'Request seller access' }).click()
    await expect(page.getByText('Your request is under review')).toBeVisible()
    await expectAxeClean(page)

    // The admin approves it in the panel.
    const adminContext = await browser.newContext()
    const admin = await adminContext.newPage()
    await uiSignIn(admin, 'admin@demo.test')
    await admin.goto('/admin/seller-requests')
    const card = admin.getByRole('article', { name: company })
    await expect(card.getByText('Wholesale single-family homes in Austin')).toBeVisible()
    await expectAccessible(admin)
    await card.getByRole('button', { name: `Approve ${company}` }).click()
    await expect(admin.getByText(`${company} is now a seller`, { exact: true })).toBeVisible()
    await admin.getByRole('button', { name: 'Approved' }).click()
    await expect(admin.getByRole('article', { name: company }).getByText(/^By /)).toBeVisible()
    await expectAxeClean(admin)
    await admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Audit log' }).click()
    await expect(admin.getByRole('row').filter({ hasText: buyer.email })).toContainText('Approved seller access')
    await adminContext.close()
    expect((await latestMail(request, buyer.email, 'sellerRequestApproved')).subject).toBe(
      'Your Keyway seller access was approved',
    )

    // After a reload the buyer is a seller and lists a deal.
    await page.reload()
    await expect(page.getByRole('switch', { name: 'Seller' })).toBeChecked()
    await page.goto('/deals/new')
    await expect(page.getByRole('heading', { level: 1, name: 'List a deal' })).toBeVisible()
    const street = uniqueStreet()
    await fillListing(page, street, 'cash')
    await publish(page)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Oak Street')
  })
})
