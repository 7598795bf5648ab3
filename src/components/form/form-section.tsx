import type { ReactNode } from 'react'

/** A titled group of fields (a fieldset with its legend). */
export function FormSection({
  title,
  description,
  level = 2,
  children,
}: {
  title: string
  description?: string
  /** The heading level of the title, so the page outline stays in order. */
  level?: 2 | 3
  children: ReactNode
}) {
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <fieldset className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <legend className="px-1">
        <Heading className="text-base font-semibold text-slate-900">{title}</Heading>
      </legend>
      {description && <p className="-mt-2 text-sm text-slate-600">{description}</p>}
      {children}
    </fieldset>
  )
}
