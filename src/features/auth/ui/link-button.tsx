import type { ReactNode } from 'react'

/** A button that reads like a link, for switching between sign-in modes without leaving the page. */
export function LinkButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="text-sm font-medium text-brand-800 underline hover:text-brand-900"
    >
      {children}
    </button>
  )
}
