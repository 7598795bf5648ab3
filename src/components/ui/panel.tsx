import { useId, type ReactNode } from 'react'

const gaps = { 3: 'gap-3', 4: 'gap-4' }

/**
 * A titled white card of a page (a settings card, a list with its tools): the section is named by its h2;
 * a sentence under the title, tools (a search box) beside it.
 */
export function Panel({
  title,
  description,
  tools,
  gap = 3,
  children,
}: {
  title: ReactNode
  description?: ReactNode
  tools?: ReactNode
  /** The space between the title and the parts below it (Tailwind's 3 or 4). */
  gap?: keyof typeof gaps
  children: ReactNode
}) {
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className={`grid min-w-0 grid-cols-1 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 ${gaps[gap]}`}
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description && <p className="text-sm text-slate-700">{description}</p>}
        </div>
        {tools}
      </div>
      {children}
    </section>
  )
}
