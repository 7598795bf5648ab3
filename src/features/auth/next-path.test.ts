import { safeNextPath } from './next-path'

describe('safeNextPath', () => {
  it.each([
    ['/profile?tab=preferences', '/profile?tab=preferences'],
    ['/deals/12#offers', '/deals/12#offers'],
    [null, '/deals'],
    ['', '/deals'],
    ['https://evil.example/x', '/deals'],
    ['//evil.example/x', '/deals'],
    ['/\\evil.example', '/deals'],
    ['/\t/evil.example', '/deals'],
    ['javascript:alert(1)', '/deals'],
    ['/auth?next=/auth', '/deals'],
    ['/verify', '/deals'],
    ['/authors', '/authors'],
  ])('%s → %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected)
  })
})
