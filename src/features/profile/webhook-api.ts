import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/call'
import { keyFor, queryFor } from '@/api/queries'
import { endpoints, type WebhookDeliveryList, type WebhookSettingsInput } from '@/contract'

/** React Query hooks for the caller's offer webhook (the integrations tab). */

export const useWebhookSettings = () => useQuery(queryFor(endpoints.getWebhookSettings))

const POLL_MS = 2000
const SOON_MS = 15_000

/**
 * Whether a delivery is about to be tried (never tried yet, or its next attempt within seconds): worth polling
 * for. A first attempt under way shows a next attempt a minute ahead (the worker's claim), so attempts count.
 */
const hasImminent = (list: WebhookDeliveryList | undefined) =>
  list?.items.some(
    (item) =>
      item.status === 'pending' &&
      (item.attempts === 0 ||
        item.nextAttemptAt === null ||
        new Date(item.nextAttemptAt).getTime() - Date.now() < SOON_MS),
  ) ?? false

/** The last 20 deliveries; polled every 2 s while one is about to be tried, so a test's outcome shows by itself. */
export const useWebhookDeliveries = () =>
  useQuery({
    ...queryFor(endpoints.listWebhookDeliveries),
    refetchInterval: (query) => (hasImminent(query.state.data) ? POLL_MS : false),
    refetchIntervalInBackground: false,
  })

type MutationHandlers = { onError?: (error: unknown) => void }

export function useSaveWebhookSettings({ onError }: MutationHandlers = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: WebhookSettingsInput) => call(endpoints.updateWebhookSettings, { body: input }),
    onSuccess: (saved) => queryClient.setQueryData(keyFor(endpoints.getWebhookSettings), saved),
    onError,
  })
}

export function useRotateWebhookSecret({ onError }: MutationHandlers = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call(endpoints.rotateWebhookSecret),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyFor(endpoints.getWebhookSettings) }),
    onError,
  })
}

export function useSendWebhookTest({ onError }: MutationHandlers = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call(endpoints.sendWebhookTest),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyFor(endpoints.listWebhookDeliveries) }),
    onError,
  })
}
