import type { QueryClient } from '@tanstack/react-query'
import { BOOT_STATE_ID, type User } from '@/contract'

/** One answer a member's page was rendered with: its query key, the answer, and when it was read. */
export type BootQuery = { queryKey: readonly unknown[]; data: unknown; updatedAt: number }

/**
 * What a member's page rendered by the server (`/deals`) was rendered with: the member and the query
 * answers it shows (src/prerender.tsx). The SPA starts from it, so its first render is the page's markup.
 */
export type BootState = { user: User; queries: BootQuery[] }

/** The boot state as the SPA starts from it: the member, and how to put the answers into its cache. */
export type Boot = { user: User; seed: (client: QueryClient) => void }

/** The page's boot state, ready to start from, when the server rendered this page for a member. */
export function readBoot(doc: Document = document): Boot | null {
  try {
    // Written by this server beside the markup it describes (escaped for a script element): its shape is the
    // render's own, so only its presence is checked.
    const state = JSON.parse(doc.getElementById(BOOT_STATE_ID)?.textContent ?? 'null') as BootState | null
    if (!state?.user || !Array.isArray(state.queries)) return null
    return {
      user: state.user,
      seed: (client) => {
        for (const { queryKey, data, updatedAt } of state.queries) client.setQueryData(queryKey, data, { updatedAt })
      },
    }
  } catch {
    return null
  }
}
