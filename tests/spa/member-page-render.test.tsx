import { keyFor } from '@/api/queries'
import { createQueryClient } from '@/api/query-client'
import { readBoot } from '@/app/boot-state'
import { browseQuery, endpoints } from '@/contract'
import { listQuery, readBrowseState } from '@/features/deals-browse/browse-params'
import { renderMemberPage } from '@/prerender'
import type { Answer } from '@/contract'

type DealPage = Answer<typeof endpoints.listDeals>
import { buildDealSummary } from './deals-browse-fixtures'
import { buildUser } from './factories'

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
