import { forwardRef, type ReactNode } from 'react'

const widths = { md: 'max-w-md', lg: 'max-w-lg' }

/** The centred card a sign-in or sign-up screen sits in: full width on a phone, `width` at most. */
export function FormCard({
  width = 'md',
  children,
}: {
  /** The card's widest: `md` (28rem) or `lg` (32rem). */
  width?: keyof typeof widths
  children: ReactNode
}) {
  return (
    <div className={`mx-auto w-full px-4 py-8 sm:py-12 ${widths[width]}`}>
      <div className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">{children}</div>
    </div>
  )
}

/** The card's heading; focusable so a step change can move focus to it (screen readers hear the new step). */
export const FormCardHeader = forwardRef<HTMLHeadingElement, { title: string; children?: ReactNode }>(
  function FormCardHeader({ title, children }, ref) {
    return (
      <div className="grid gap-2">
        <h1 ref={ref} tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none">
          {title}
        </h1>
        {children && <div className="grid gap-2 text-sm text-slate-700">{children}</div>}
      </div>
    )
  },
)
