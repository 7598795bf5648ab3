import { forwardRef, type ReactNode } from 'react'

/** The centred card of the sign-in screens: full width on a phone, 28rem at most. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <div className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">{children}</div>
    </div>
  )
}

/** The card's heading; focusable so a step change can move focus to it (screen readers hear the new step). */
export const CardHeader = forwardRef<HTMLHeadingElement, { title: string; children?: ReactNode }>(function CardHeader(
  { title, children },
  ref,
) {
  return (
    <div className="grid gap-2">
      <h1 ref={ref} tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none">
        {title}
      </h1>
      {children && <div className="grid gap-2 text-sm text-slate-700">{children}</div>}
    </div>
  )
})
