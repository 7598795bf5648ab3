import { keyFor } from '@/api/queries'
import { createQueryClient } from '@/api/query-client'
import { readBoot } from '@/app/boot-state'
import { browseQuery, endpoints } from '@/contract'
import { listQuery, readBrowseState } from '@/features/deals-browse/browse-params'
import { renderMemberPage } from '@/prerender'
import type { Answer } from '@/contract'

type DealPage = Answer<typeof endpoints.listDeals>
import { buildDealSummary } from './deals-browse-fixtures'
import { buildDeal, buildUser } from './factories'

/** What `GET /api/deals` answers the server's render (its `load`), recording what was asked. */
function loader(items = [buildDealSummary({ purchasePrice: 431000, streetAddress: '77 Ocean Drive' })]) {
  const asked: string[] = []
  const load = (url: string) => {
    asked.push(url)
    const page: DealPage = { items, total: items.length, totalIsEstimate: false, page: 1, pageSize: 20 }
    return Promise.resolve(page)
  }
  return { asked, load }
}

describe("a member's /deals rendered by the server (src/prerender.tsx)", () => {
  it('renders the signed-in page with the listings the URL asks for, and the state to hydrate it from', async () => {
    const user = buildUser({ firstName: 'Rosa' })
    const { asked, load } = loader()
    const page = await renderMemberPage({ url: '/deals?dealCategory=cash&sort=price-asc', user, load })
    expect(asked).toHaveLength(1)
    const query = new URL(asked[0]!, 'http://localhost')
    expect(query.pathname).toBe('/api/deals')
    expect(query.searchParams.get('dealCategory')).toBe('cash')
    expect(query.searchParams.get('sort')).toBe('price-asc')
    expect(page?.language).toBe('en')
    const root = document.createElement('div')
    root.innerHTML = page!.markup
    expect(root.querySelector('h1')?.textContent).toBe('Deals')
    expect(root.textContent).toContain('$431,000')
    expect(root.textContent).toContain('77 Ocean Drive')
    // The signed-in header: the member's own menu, not the visitor's sign-in link.
    expect(root.textContent).toContain('Rosa')
    expect(root.querySelector('a[href="/auth"]')).toBeNull()
    // Both layouts' filters are there (CSS shows one) until the browser knows the screen.
    expect(root.querySelector('aside.hidden')).not.toBeNull()
    // What the SPA starts from: the member, and the answer under the very key its list asks for.
    document.body.innerHTML = `<script type="application/json" id="boot-state">${JSON.stringify(page!.bootState)}</script>`
    const boot = readBoot()
    expect(boot?.user).toEqual(user)
    const client = createQueryClient()
    boot!.seed(client)
    const key = keyFor(endpoints.listDeals, {
      query: browseQuery(listQuery(readBrowseState(new URLSearchParams('dealCategory=cash&sort=price-asc')))),
    })
    expect(client.getQueryData(key)?.items.map((deal) => deal.streetAddress)).toEqual(['77 Ocean Drive'])
  })

  it('renders in the language the browser keeps, else the account’s', async () => {
    const spanish = buildUser({ languagePreference: 'es' })
    const page = await renderMemberPage({ url: '/deals', user: spanish, load: loader().load })
    expect(page?.language).toBe('es')
    expect(page?.markup).toContain('Operaciones')
    const chosen = await renderMemberPage({ url: '/deals', user: spanish, language: 'en', load: loader().load })
    expect(chosen?.language).toBe('en')
    expect(chosen?.markup).toContain('>Deals<')
  })

  it("renders a listing's page from its answer alone, keyed as the SPA asks for it; other paths under /deals are left", async () => {
    const deal = buildDeal({
      id: '6f1c2b7e-3d4a-4b5c-8d9e-0a1b2c3d4e5f',
      streetAddress: '12 Saguaro Way',
      dealDescription: 'Roof replaced in 2024; tenant in place until June.',
    })
    const asked: string[] = []
    const load = (url: string) => {
      asked.push(url)
      return Promise.resolve(deal)
    }
    const page = await renderMemberPage({ url: `/deals/${deal.id}`, user: buildUser(), load })
    expect(asked).toEqual([`/api/deals/${deal.id}`])
    const root = document.createElement('div')
    root.innerHTML = page!.markup
    expect(root.querySelector('h1')?.textContent).toContain('12 Saguaro Way')
    expect(root.textContent).toContain('Roof replaced in 2024; tenant in place until June.')
    document.body.innerHTML = `<script type="application/json" id="boot-state">${JSON.stringify(page!.bootState)}</script>`
    const client = createQueryClient()
    readBoot()!.seed(client)
    expect(client.getQueryData(keyFor(endpoints.getDeal, { params: { id: deal.id } }))).toEqual(deal)
    for (const url of ['/deals/mine', '/deals/new', `/deals/${deal.id}/edit`, '/deals/not-an-id']) {
      asked.length = 0
      expect(await renderMemberPage({ url, user: buildUser(), load }), url).toBeNull()
      expect(asked, url).toEqual([])
    }
  })

  it('leaves to the SPA the pages it does not render: other paths, the phone map, an unfinished profile', async () => {
    for (const [url, user] of [
      ['/profile', buildUser()],
      ['/deals?mode=map', buildUser()],
      ['/deals', buildUser({ profileComplete: false, profileCompleted: false })],
    ] as const) {
      const { asked, load } = loader()
      expect(await renderMemberPage({ url, user, load }), url).toBeNull()
      expect(asked, url).toEqual([])
    }
  })

  it('refuses an answer that is not the contract’s (the page is then left to the SPA by the server)', async () => {
    await expect(
      renderMemberPage({ url: '/deals', user: buildUser(), load: () => Promise.resolve({ items: 'none' }) }),
    ).rejects.toThrow()
  })
})
