import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { Interest } from '@/contract'
import { dealDetailServer, LAZY_CHUNK } from './deal-detail-fixtures'
import { buildDeal, buildUser } from './factories'
import { initTestI18n } from './i18n'
import { server } from './msw'
import { renderApp } from './render'

const seller = buildUser({ roles: ['originator'], role: 'originator' })
const interest: Interest = {
  id: 'i-1',
  dealId: 'deal-1',
  buyerId: 'buyer-9',
  name: 'Ana Diaz',
  phone: '5125550188',
  email: 'ana@example.com',
  message: 'Cash buyer.',
  createdAt: '2026-11-02T10:00:00.000Z',
}
const CSV =
  '\uFEFF"Name","Email","Phone","Message","Date (America/Chicago)"\r\n' +
  '"Ana Diaz","ana@example.com","5125550188","Cash buyer.","Nov 2, 2026, 4:00 AM"\r\n'
const FILENAME = 'interested-buyers-12-oak-st-2026-11-02.csv'

/** What the browser is asked to save: the file name and the bytes of each download. */
function watchDownloads() {
  const saved: { name: string; bytes: Promise<Uint8Array> }[] = []
  const blobs = new Map<string, Blob>()
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = `blob:test/${blobs.size}`
    blobs.set(url, blob as Blob)
    return url
  }
  URL.revokeObjectURL = () => {}
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href)
    if (blob) saved.push({ name: this.download, bytes: blob.arrayBuffer().then((b) => new Uint8Array(b)) })
  })
  return saved
}

afterEach(() => vi.restoreAllMocks())

describe('interested buyers: CSV export', { timeout: 15_000 }, () => {
  it('downloads the CSV the server wrote, BOM and all, under its file name', async () => {
    const user = userEvent.setup()
    const saved = watchDownloads()
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolved.call(this), timeZone: 'America/Chicago' }
    })
    const asked: URL[] = []
    dealDetailServer({ deal: buildDeal({ isOwner: true }), interests: [interest] })
    server.use(
      http.get('/api/deals/:id/interests.csv', ({ request }) => {
        asked.push(new URL(request.url))
        return new HttpResponse(new TextEncoder().encode(CSV), {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="${FILENAME}"; filename*=UTF-8''${FILENAME}`,
          },
        })
      }),
    )
    renderApp({ path: '/deals/deal-1', user: seller })
    const section = await screen.findByRole('region', { name: 'Interested buyers' }, LAZY_CHUNK)
    await user.click(await within(section).findByRole('button', { name: 'Export CSV' }))

    await vi.waitFor(() => expect(saved).toHaveLength(1))
    // The server writes the times in the browser's time zone, in the language of the request.
    expect(asked[0]!.searchParams.get('timeZone')).toBe('America/Chicago')
    expect(saved[0]!.name).toBe(FILENAME)
    const bytes = await saved[0]!.bytes
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(CSV.slice(1))
  })

  it('says "Failed to download CSV" when the download fails', async () => {
    const user = userEvent.setup()
    const saved = watchDownloads()
    dealDetailServer({ deal: buildDeal({ isOwner: true }), interests: [interest] })
    server.use(http.get('/api/deals/:id/interests.csv', () => HttpResponse.json({ message: 'Boom' }, { status: 500 })))
    renderApp({ path: '/deals/deal-1', user: seller })
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }, LAZY_CHUNK))
    expect(await screen.findByText('Failed to download CSV')).toBeInTheDocument()
    expect(saved).toEqual([])
  })

  it('speaks Spanish', async () => {
    await initTestI18n('es')
    dealDetailServer({ deal: buildDeal({ isOwner: true }), interests: [interest] })
    renderApp({ path: '/deals/deal-1', user: seller })
    expect(await screen.findByRole('button', { name: 'Exportar CSV' }, LAZY_CHUNK)).toBeInTheDocument()
  })
})
