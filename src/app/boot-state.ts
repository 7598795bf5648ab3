import type { DehydratedState } from '@tanstack/react-query'
import { BOOT_STATE_ID, type User } from '@/contract'

/**
 * What a member's page rendered by the server (`/deals`) was rendered with: the member and the query
 * answers it shows (src/prerender.tsx). The SPA starts from it, so its first render is the page's markup.
 */
export type BootState = { user: User; queries: DehydratedState }

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/** The page's boot state, when the server rendered it for a member and it is whole; otherwise null. */
export function readBootState(doc: Document = document): BootState | null {
  const text = doc.getElementById(BOOT_STATE_ID)?.textContent
  if (!text) return null
  try {
    const state: unknown = JSON.parse(text)
    if (!isObject(state) || !isObject(state.user) || !isObject(state.queries)) return null
    // Written by this server for this page, beside the markup it describes: its shape is the render's.
    const { user, queries } = state as { user: unknown; queries: { queries?: unknown; mutations?: unknown } }
    if (typeof (user as { userId?: unknown }).userId !== 'string' || !Array.isArray(queries.queries)) return null
    return state as BootState
  } catch {
    return null
  }
}
