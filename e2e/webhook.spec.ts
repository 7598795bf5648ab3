import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import type { Deal, Offer } from '../src/contract'
import { expect, expectAccessible, test } from './fixtures'
import { apiCall, apiSignIn, uiSignIn, apiCashListing } from './support/api'

type Received = { headers: IncomingHttpHeaders; body: string }

/** A webhook receiver on this machine (the e2e server runs with WEBHOOK_ALLOW_PRIVATE_TARGETS=true). */
async function startReceiver() {
  const received: Received[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      res.writeHead(204)
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/keyway-hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The events the receiver got that verify with `secret`, parsed. */
function verified(received: Received[], secret: string) {
  const webhook = new Webhook(secret)
  return received.flatMap((entry) => {
    try {
      const headers = {
        'webhook-id': String(entry.headers['webhook-id']),
        'webhook-timestamp': String(entry.headers['webhook-timestamp']),
        'webhook-signature': String(entry.headers['webhook-signature']),
      }
      return [webhook.verify(entry.body, headers) as { type: string; data: Record<string, { id?: string }> }]
    } catch {
      return []
    }
  })
}

const street = () => `${Math.floor(1000 + Math.random() * 8999)} ${Date.now().toString(36)} Webhook Lane`

test('a seller turns on the offer webhook and a local receiver gets signed test and offer events', async ({
  page,
  request,
}) => {
  const receiver = await startReceiver()
  const sellerToken = (await apiSignIn(request, 'seller@demo.test')).IdToken
  try {
    await uiSignIn(page, 'seller@demo.test')
    await page.goto('/profile?tab=integrations')
    await expect(page.getByRole('heading', { level: 2, name: 'Offer webhook' })).toBeVisible()
    await expectAccessible(page)

    const toggle = page.getByRole('switch', { name: 'Send offer events' })
    if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click()
    await page.getByRole('textbox', { name: 'Webhook URL' }).fill(receiver.url)
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('Your webhook settings were saved.', { exact: true })).toBeVisible()

    await page.getByRole('button', { name: /^(Generate|Rotate) signing secret$/ }).click()
    const secretBox = page.getByRole('textbox', { name: 'New signing secret' })
    await expect(secretBox).toHaveValue(/^whsec_/)
    await expect(page.getByText('you will not see it again')).toBeVisible()
    const secret = await secretBox.inputValue()
    await page.getByRole('button', { name: 'I have copied it' }).click()
    await expect(secretBox).toBeHidden()

    await page.getByRole('button', { name: 'Send test' }).click()
    await expect.poll(() => verified(receiver.received, secret).map((event) => event.type)).toContain('webhook.test')
    // The list polls while a delivery is due: the delivered test shows up by itself.
    const table = page.getByRole('table', { name: 'Recent deliveries' })
    const testRow = table.getByRole('row').filter({ hasText: 'webhook.test' }).first()
    await expect(testRow).toContainText('Delivered')
    await expect(testRow).toContainText('204')
    await expectAccessible(page)

    // A buyer's offer (through the API) on a fresh listing of this seller: a signed offer.created.
    const deal = await apiCashListing<Deal>(request, sellerToken, street(), 'A listing for the webhook test.')
    const buyerToken = (await apiSignIn(request, 'buyer@demo.test')).IdToken
    const offer = await apiCall<Offer>(request, buyerToken, 'POST', `/api/deals/${deal.id}/offers`, {
      type: 'cash',
      purchasePrice: 240000,
      closeOfEscrowDate: '2099-06-30',
    })
    await expect
      .poll(() =>
        verified(receiver.received, secret).some(
          (event) => event.type === 'offer.created' && event.data.offer?.id === offer.id,
        ),
      )
      .toBe(true)
    const created = verified(receiver.received, secret).find((event) => event.data.offer?.id === offer.id)
    expect(created?.data.deal?.id).toBe(deal.id)

    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect(table.getByRole('row').filter({ hasText: 'offer.created' }).first()).toContainText('Delivered')
  } finally {
    // Leave the shared demo seller without a webhook, so other tests' offers queue nothing.
    await apiCall(request, sellerToken, 'PUT', '/api/profile/webhook', { enabled: false, url: null })
    await receiver.close()
  }
})
