import type { ReactNode } from 'react'

/** A form-level error, announced when it appears; renders nothing while empty. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null
  return (
    <div role="alert" className="grid gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      {children}
    </div>
  )
}

/** Good news (code sent, password reset), announced politely; renders nothing while empty. */
export function FormNotice({ children }: { children: ReactNode }) {
  if (!children) return null
  return (
    <div role="status" className="grid gap-1 rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
      {children}
    </div>
  )
}
