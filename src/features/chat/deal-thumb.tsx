import type { ThreadDeal } from '@/contract'

/**
 * The deal's cover photo, or a plain tile when it has none (decorative: the address says which deal); for an
 * Owners Club conversation (no deal), a people tile.
 */
export function DealThumb({ deal, size = 'size-12' }: { deal: ThreadDeal | null; size?: string }) {
  if (!deal)
    return (
      <span aria-hidden="true" className={`${size} flex shrink-0 items-center justify-center rounded-md bg-brand-50`}>
        <svg viewBox="0 0 24 24" className="size-5 text-brand-700" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="9" cy="8" r="3" />
          <path d="M3 20a6 6 0 0 1 12 0M16 11a3 3 0 1 0 0-6M21 20a6 6 0 0 0-4-5.6" strokeLinecap="round" />
        </svg>
      </span>
    )
  return deal.coverPhotoUrl ? (
    <img src={deal.coverPhotoUrl} alt="" className={`${size} shrink-0 rounded-md object-cover`} />
  ) : (
    <span aria-hidden="true" className={`${size} flex shrink-0 items-center justify-center rounded-md bg-slate-100`}>
      <svg viewBox="0 0 24 24" className="size-5 text-slate-400" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M3 11 12 4l9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" strokeLinejoin="round" />
      </svg>
    </span>
  )
}
