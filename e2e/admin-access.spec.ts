import { expect, expectAccessible, test } from './fixtures'
import { apiCall, apiSignIn, latestMail, uiSignIn, uniqueEmail } from './support/api'

type Settings = {
  betaCapacity: number
  invitationBatchLimit: number
  enableWebinarBanner: boolean
  webinarRegistrationUrl: string | null
}

const WEBINAR = 'https://events.example.com/keyway-webinar'

test('an admin invites a waitlisted person, raises capacity and turns the webinar banner on for buyers', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const admin = await apiSignIn(request, 'admin@demo.test')
  const saved = await apiCall<Settings>(request, admin.IdToken, 'GET', '/api/admin/settings')
  await apiCall(request, admin.IdToken, 'PUT', '/api/admin/settings', { ...saved, betaCapacity: 0 })
  try {
    // With the beta full, a request for access lands on the waitlist (the form itself: identity.spec.ts).
    const email = uniqueEmail('wren')
    const check = await (await request.get('/api/auth/public-human-check')).json()
    const answer = check.operator === '+' ? check.a + check.b : check.a - check.b
    const asked = await request.post('/api/auth/public-request-access', {
      data: {
        firstName: 'Wren',
        lastName: 'Okafor',
        email,
        phone: '2065550177',
        humanCheck: { token: check.token, answer },
      },
    })
    expect(await asked.json()).toEqual({ status: 'waitlisted' })

    // The admin finds them on the waitlist and invites them; the invitation mail carries the sign-up link.
    await uiSignIn(page, 'admin@demo.test')
    await page.goto('/admin/access')
    await expect(page.getByRole('heading', { level: 2, name: 'Members' })).toBeVisible()
    const waitlist = page.getByRole('region', { name: 'Waitlist' })
    await waitlist.getByRole('searchbox', { name: 'Search the waitlist' }).fill(email)
    await expect(waitlist.getByRole('row')).toHaveCount(2)
    await expectAccessible(page)
    await waitlist.getByRole('checkbox', { name: 'Select Wren Okafor' }).check()
    await waitlist.getByRole('button', { name: 'Invite selected (1)' }).click()
    await expect(page.getByText('Invitation sent', { exact: true })).toBeVisible()
    await expect(waitlist.getByRole('row').filter({ hasText: email })).toContainText('Invited')
    const mail = await latestMail(request, email, 'invitation')
    expect(mail.data.link).toMatch(/\/signup\?invitation=[\w-]+$/)
    await expect(
      page.getByRole('region', { name: 'Invitations' }).getByRole('row').filter({ hasText: email }),
    ).toContainText('Pending')

    // Capacity is raised in place.
    const capacity = page.getByRole('textbox', { name: 'Beta capacity' })
    await capacity.fill('1000')
    await page.getByRole('button', { name: 'Save limits' }).click()
    await expect(page.getByText('Limits saved', { exact: true })).toBeVisible()
    await expect(page.getByText(/ of 1,000$/)).toBeVisible()

    // The webinar banner is turned on in Settings, with its preview.
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Settings' }).click()
    await page.getByRole('switch', { name: 'Show the webinar banner' }).click()
    await page.getByRole('textbox', { name: 'Registration link' }).fill(WEBINAR)
    await expect(page.getByRole('main').getByRole('link', { name: /Free live webinar/ })).toHaveAttribute(
      'href',
      WEBINAR,
    )
    await page.getByRole('button', { name: 'Save settings' }).click()
    await expect(page.getByText('Settings saved', { exact: true })).toBeVisible()
    await expectAccessible(page)

    // A buyer now sees the banner under the header.
    const buyerContext = await browser.newContext()
    try {
      const buyer = await buyerContext.newPage()
      await uiSignIn(buyer, 'buyer@demo.test')
      const banner = buyer.getByRole('complementary', { name: 'Webinar' })
      await expect(banner.getByRole('link', { name: /Free live webinar/ })).toHaveAttribute('href', WEBINAR)
    } finally {
      await buyerContext.close()
    }

    // The audit log lists the invitation and both saves, each with what changed.
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Audit log' }).click()
    await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Invited from the waitlist')
    const saves = page.getByRole('row').filter({ hasText: 'Changed settings' })
    await expect(saves.filter({ hasText: 'Beta capacity' }).filter({ hasText: '1000' }).first()).toBeVisible()
    await expect(saves.filter({ hasText: WEBINAR }).first()).toBeVisible()
  } finally {
    await apiCall(request, admin.IdToken, 'PUT', '/api/admin/settings', saved)
  }
})
