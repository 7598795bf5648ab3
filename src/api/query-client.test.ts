import { QueryObserver } from '@tanstack/react-query'
import { ApiError } from './errors'
import { createQueryClient, shouldRetryQuery } from './query-client'

describe('query retries', () => {
  it('retries up to 3 times, never on 401 or 403', () => {
    const serverError = new ApiError(500, 'Server Error', null)
    expect([0, 1, 2, 3].map((n) => shouldRetryQuery(n, serverError))).toEqual([true, true, true, false])
    expect(shouldRetryQuery(0, new ApiError(401, 'Unauthorized', null))).toBe(false)
    expect(shouldRetryQuery(0, new ApiError(403, 'Forbidden', null))).toBe(false)
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true)
  })

  it('makes 4 attempts for a failing query and 1 for a 403', async () => {
    const client = createQueryClient()
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } })
    let attempts = 0
    await client
      .fetchQuery({
        queryKey: ['flaky'],
        queryFn: () => {
          attempts += 1
          throw new ApiError(503, 'Unavailable', null)
        },
        retry: client.getDefaultOptions().queries?.retry,
      })
      .catch(() => {})
    expect(attempts).toBe(4)

    attempts = 0
    await client
      .fetchQuery({
        queryKey: ['forbidden'],
        queryFn: () => {
          attempts += 1
          throw new ApiError(403, 'Forbidden', null)
        },
        retry: client.getDefaultOptions().queries?.retry,
      })
      .catch(() => {})
    expect(attempts).toBe(1)
  })

  it('keeps data fresh for 5 minutes and does not refetch on focus', () => {
    const client = createQueryClient()
    const observer = new QueryObserver(client, { queryKey: ['x'], queryFn: () => 1 })
    expect(observer.options.staleTime).toBe(5 * 60 * 1000)
    expect(observer.options.refetchOnWindowFocus).toBe(false)
    expect(client.getDefaultOptions().mutations?.retry).toBe(false)
  })
})
