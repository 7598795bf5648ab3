import { pageWindow } from './pagination'

describe('page numbers', () => {
  it('shows every page when there are few', () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4])
  })

  it('keeps the first, the last and two either side of the current page, with gaps between', () => {
    expect(pageWindow(1, 50)).toEqual([1, 2, 3, null, 50])
    expect(pageWindow(10, 50)).toEqual([1, null, 8, 9, 10, 11, 12, null, 50])
    expect(pageWindow(50, 50)).toEqual([1, null, 48, 49, 50])
    expect(pageWindow(4, 50)).toEqual([1, 2, 3, 4, 5, 6, null, 50])
  })

  it('does not offer an estimated last page, and marks that more follow', () => {
    expect(pageWindow(1, 850, false)).toEqual([1, 2, 3, null])
    expect(pageWindow(10, 850, false)).toEqual([1, null, 8, 9, 10, 11, 12, null])
  })
})
