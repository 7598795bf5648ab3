import { toQueryString } from './query-string'

describe('toQueryString', () => {
  it('repeats arrays, skips null and undefined, keeps zero and false', () => {
    expect(
      toQueryString({ tags: ['a', 'b c'], city: null, state: undefined, page: 0, favorites: false, q: 'x&y' }),
    ).toBe('?tags=a&tags=b+c&page=0&favorites=false&q=x%26y')
  })

  it('is empty with nothing to send', () => {
    expect(toQueryString(undefined)).toBe('')
    expect(toQueryString({ a: null, b: [] })).toBe('')
  })

  it('skips null entries inside arrays and writes dates as ISO text', () => {
    expect(toQueryString({ ids: [1, null, 3], since: new Date('2026-01-02T03:04:05Z') })).toBe(
      '?ids=1&ids=3&since=2026-01-02T03%3A04%3A05.000Z',
    )
  })
})
