import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { isApiError } from './errors'

const MAX_QUERY_RETRIES = 3

/** Queries retry up to 3 times, never on 401/403 or on a contract mismatch (spec §7, §9). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && (error.status === 401 || error.status === 403)) return false
  if (error instanceof Error && error.name === 'ContractError') return false
  return failureCount < MAX_QUERY_RETRIES
}

export type QueryErrorHandlers = {
  onQueryError?: (error: unknown) => void
  onMutationError?: (error: unknown) => void
}

export function createQueryClient(handlers: QueryErrorHandlers = {}) {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => handlers.onQueryError?.(error) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        // A mutation with its own onError shows its own message.
        if (!mutation.options.onError) handlers.onMutationError?.(error)
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: shouldRetryQuery,
      },
      mutations: { retry: false },
    },
  })
}
