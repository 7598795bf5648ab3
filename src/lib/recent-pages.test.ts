import {
  RECENT_PAGES_LIMIT,
  type RecentPage,
  getRecentPages,
  isTrackedPath,
  recentPagesKey,
  recordRecentPage,
} from './recent-pages'

const page = (n: number): RecentPage => ({ title: `Page ${n}`, url: `/deals/${n}` })

afterEach(() => {
  vi.restoreAllMocks()
})

describe('recentPagesKey', () => {
  it('namespaces the key by user id', () => {
    expect(recentPagesKey('user-1')).toBe('recentPages:user-1')
  })
})

describe('recordRecentPage / getRecentPages', () => {
  it('starts empty', () => {
    expect(getRecentPages('u1')).toEqual([])
  })

  it('stores pages newest first', () => {
    recordRecentPage('u1', { title: 'Home', url: '/' })
    recordRecentPage('u1', { title: 'Deals', url: '/deals' })
    expect(getRecentPages('u1')).toEqual([
      { title: 'Deals', url: '/deals' },
      { title: 'Home', url: '/' },
    ])
  })

  it('persists as JSON under the per-user key', () => {
    recordRecentPage('u1', { title: 'Home', url: '/' })
    expect(JSON.parse(localStorage.getItem('recentPages:u1') ?? 'null')).toEqual([{ title: 'Home', url: '/' }])
  })

  it('moves a revisited url to the front with its new title and no duplicate', () => {
    recordRecentPage('u1', { title: 'Home', url: '/' })
    recordRecentPage('u1', { title: 'Deals', url: '/deals' })
    recordRecentPage('u1', { title: 'Buyers', url: '/buyers' })
    recordRecentPage('u1', { title: 'Deals (2)', url: '/deals' })
    expect(getRecentPages('u1')).toEqual([
      { title: 'Deals (2)', url: '/deals' },
      { title: 'Buyers', url: '/buyers' },
      { title: 'Home', url: '/' },
    ])
  })

  it('does not let a revisited page push an older distinct page out of a full list', () => {
    for (let n = 1; n <= 10; n++) recordRecentPage('u1', page(n))
    recordRecentPage('u1', page(5))
    const expected = [5, 10, 9, 8, 7, 6, 4, 3, 2, 1].map(page)
    expect(getRecentPages('u1')).toEqual(expected)
    expect(JSON.parse(localStorage.getItem(recentPagesKey('u1')) ?? 'null')).toEqual(expected)
  })

  it('treats urls with different search strings as different pages', () => {
    recordRecentPage('u1', { title: 'Deals', url: '/deals' })
    recordRecentPage('u1', { title: 'Deals', url: '/deals?sort=price' })
    expect(getRecentPages('u1').map((p) => p.url)).toEqual(['/deals?sort=price', '/deals'])
  })

  it('keeps one entry for the profile page whatever tab was open, pointing at the last tab', () => {
    recordRecentPage('u1', { title: 'Profile', url: '/profile' })
    recordRecentPage('u1', { title: 'Deals', url: '/deals' })
    recordRecentPage('u1', { title: 'Profile', url: '/profile?tab=buybox' })
    recordRecentPage('u1', { title: 'Profile', url: '/profile?tab=invitations' })
    expect(getRecentPages('u1')).toEqual([
      { title: 'Profile', url: '/profile?tab=invitations' },
      { title: 'Deals', url: '/deals' },
    ])
  })

  it('shows a profile stored twice by an older build once', () => {
    localStorage.setItem(
      recentPagesKey('u1'),
      JSON.stringify([
        { title: 'Profile', url: '/profile?tab=buybox' },
        { title: 'Profile', url: '/profile' },
        { title: 'Home', url: '/' },
      ]),
    )
    expect(getRecentPages('u1').map((p) => p.url)).toEqual(['/profile?tab=buybox', '/'])
  })

  it(`keeps at most ${RECENT_PAGES_LIMIT} pages, dropping the oldest`, () => {
    expect(RECENT_PAGES_LIMIT).toBe(10)
    for (let n = 1; n <= 12; n++) recordRecentPage('u1', page(n))
    const urls = getRecentPages('u1').map((p) => p.url)
    expect(urls).toHaveLength(10)
    expect(urls[0]).toBe('/deals/12')
    expect(urls[9]).toBe('/deals/3')
  })

  it('returns the updated list', () => {
    recordRecentPage('u1', page(1))
    expect(recordRecentPage('u1', page(2))).toEqual([page(2), page(1)])
  })

  it('keeps each user separate', () => {
    recordRecentPage('alice', { title: 'Deals', url: '/deals' })
    recordRecentPage('bob', { title: 'Profile', url: '/profile' })
    expect(getRecentPages('alice')).toEqual([{ title: 'Deals', url: '/deals' }])
    expect(getRecentPages('bob')).toEqual([{ title: 'Profile', url: '/profile' }])
  })

  it('ignores an empty user id', () => {
    expect(recordRecentPage('', { title: 'Home', url: '/' })).toEqual([])
    expect(localStorage.length).toBe(0)
    expect(getRecentPages('')).toEqual([])
  })

  it('ignores a page without a url', () => {
    recordRecentPage('u1', { title: 'Home', url: '/' })
    recordRecentPage('u1', { title: 'Nothing', url: '' })
    expect(getRecentPages('u1')).toEqual([{ title: 'Home', url: '/' }])
  })

  it.each([
    ['invalid JSON', '{not json'],
    ['an object', '{"title":"Home","url":"/"}'],
    ['a string', '"hello"'],
    ['null', 'null'],
    ['a number', '42'],
  ])('returns [] when storage holds %s', (_label, raw) => {
    localStorage.setItem(recentPagesKey('u1'), raw)
    expect(getRecentPages('u1')).toEqual([])
  })

  it('skips malformed and duplicate entries in a stored array', () => {
    localStorage.setItem(
      recentPagesKey('u1'),
      JSON.stringify([
        { title: 'Home', url: '/', extra: true },
        null,
        'oops',
        { title: 1, url: '/x' },
        { title: 'No url' },
        { title: 'Home again', url: '/' },
        { title: 'Deals', url: '/deals' },
      ]),
    )
    expect(getRecentPages('u1')).toEqual([
      { title: 'Home', url: '/' },
      { title: 'Deals', url: '/deals' },
    ])
  })

  it('caps an oversized stored list when reading', () => {
    localStorage.setItem(recentPagesKey('u1'), JSON.stringify(Array.from({ length: 15 }, (_, i) => page(i))))
    expect(getRecentPages('u1')).toHaveLength(10)
  })

  it('recovers from corrupt storage when recording', () => {
    localStorage.setItem(recentPagesKey('u1'), '{not json')
    recordRecentPage('u1', { title: 'Home', url: '/' })
    expect(getRecentPages('u1')).toEqual([{ title: 'Home', url: '/' }])
  })

  it('swallows quota errors when saving', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    expect(() => recordRecentPage('u1', { title: 'Home', url: '/' })).not.toThrow()
    expect(recordRecentPage('u1', { title: 'Home', url: '/' })).toEqual([{ title: 'Home', url: '/' }])
  })

  it('returns [] when storage cannot be read', () => {
    recordRecentPage('u1', { title: 'Home', url: '/' })
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    expect(getRecentPages('u1')).toEqual([])
  })
})

describe('isTrackedPath', () => {
  it.each([
    '/',
    '/deals',
    '/buyers',
    '/profile',
    '/deals/abc',
    '/deals/abc/edit',
    '/deals/123e4567-e89b-12d3-a456-426614174000',
    '/deals/',
    '/deals/abc/',
    '/deals/abc/edit/',
    '/profile/',
  ])('tracks %s', (path) => {
    expect(isTrackedPath(path)).toBe(true)
  })

  it.each([
    '/deals/new',
    '/deals/new/',
    '/deals/new/edit',
    '/deals/abc/offers',
    '/deals/abc/edit/extra',
    '/deals//edit',
    '/buyers/abc',
    '/profile/settings',
    '/admin',
    '/login',
    '/dealsx',
    '',
    '//',
    '/deals//',
  ])('does not track %s', (path) => {
    expect(isTrackedPath(path)).toBe(false)
  })
})
