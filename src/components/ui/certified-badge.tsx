/** The Certified Buyer badge (the buyer finished the training course) beside a buyer's name. */
export function CertifiedBadge({ label }: { label: string }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-emerald-900">
      <span aria-hidden="true">✓</span>
      {label}
    </span>
  )
}
