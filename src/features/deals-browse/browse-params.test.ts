import { toQueryString } from '@/api/query-string'
import { browseQuery } from '@/contract'
import { activeFilterCount, clearFilters, listQuery, patchParams, readBrowseState } from './browse-params'

describe('browse state in the URL', () => {
  it('reads every filter, the view, the sort and the page', () => {
    const state = readBrowseState(
      new URLSearchParams(
        'q=pool&state=tx&city=Austin&zipCode=78701&dealCategory=creative&purchaseType=SubTo&purchaseType=Hybrid' +
          '&propertyType=condo&minPrice=100000&maxPrice=300000&minBeds=3&minBaths=2&tags=wholesale&interested=true' +
          '&sort=price-desc&page=3&bbox=-98,30,-97,31',
      ),
    )
    expect(state).toEqual({
      q: 'pool',
      state: 'TX',
      city: 'Austin',
      zipCode: '78701',
      dealCategory: 'creative',
      purchaseType: ['SubTo', 'Hybrid'],
      propertyType: ['condo'],
      minPrice: 100000,
      maxPrice: 300000,
      minBeds: 3,
      minBaths: 2,
      tags: ['wholesale'],
      view: 'interested',
      sort: 'price-desc',
      page: 3,
      bbox: { west: -98, south: 30, east: -97, north: 31 },
    })
    expect(activeFilterCount(state)).toBe(14)
    expect(listQuery(state)).toMatchObject({ interested: true, favorites: undefined, page: 3, pageSize: 20 })
    // Written back as the API reads it: the same values, in the wire's own forms.
    expect(toQueryString(browseQuery(listQuery(state)))).toBe(
      '?q=pool&state=TX&city=Austin&zipCode=78701&dealCategory=creative&purchaseType=SubTo&purchaseType=Hybrid' +
        '&propertyType=condo&minPrice=100000&maxPrice=300000&minBeds=3&minBaths=2&tags=wholesale&interested=true' +
        '&bbox=-98%2C30%2C-97%2C31&sort=price-desc&page=3&pageSize=20',
    )
  })

  it('drops what a hand-edited link cannot use instead of failing', () => {
    const state = readBrowseState(
      new URLSearchParams(
        'state=Texas&zipCode=123&dealCategory=barter&tags=nope&minPrice=-5&sort=random&page=0&bbox=x',
      ),
    )
    expect(state).toMatchObject({ state: undefined, zipCode: undefined, dealCategory: undefined, minPrice: undefined })
    expect(state).toMatchObject({ tags: [], sort: 'newest', page: 1, bbox: undefined, view: 'all' })
    expect(activeFilterCount(state)).toBe(0)
  })

  it('reads numbers only as plain decimals, and counts a radius as one filter', () => {
    const state = readBrowseState(
      new URLSearchParams('minPrice=0x10&maxPrice=1e5&minBeds=%203&minBaths=1.5&radiusMiles=20&lat=30.2&lng=-97.7'),
    )
    expect(state).toMatchObject({ minPrice: undefined, maxPrice: undefined, minBeds: undefined, minBaths: 1.5 })
    expect(state).toMatchObject({ radiusMiles: 20, lat: 30.2, lng: -97.7 })
    expect(activeFilterCount(state)).toBe(2)
    expect(clearFilters(new URLSearchParams('radiusMiles=20&lat=30.2&lng=-97.7&sort=oldest')).toString()).toBe(
      'sort=oldest',
    )
  })

  it('goes back to page 1 on any change but paging, and clears filters but keeps sort, view and mode', () => {
    const current = new URLSearchParams('city=Austin&page=4&sort=oldest&favorites=true&mode=map')
    expect(patchParams(current, { tags: ['wholesale', 'off-market'] }).toString()).toBe(
      'city=Austin&sort=oldest&favorites=true&mode=map&tags=wholesale&tags=off-market',
    )
    expect(patchParams(current, { page: 5 }).get('page')).toBe('5')
    expect(patchParams(current, { page: 1 }).has('page')).toBe(false)
    expect(patchParams(current, { city: '' }).has('city')).toBe(false)
    expect(clearFilters(current).toString()).toBe('sort=oldest&favorites=true&mode=map')
  })
})
