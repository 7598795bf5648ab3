import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Markdown } from '@/components/markdown/markdown'
import { inputClass } from '@/components/ui/field'

/** A Markdown textarea with its live, sanitised preview beside it (under it on a phone). */
export function MarkdownField({
  label,
  value,
  onChange,
  rows = 8,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  rows?: number
}) {
  const { t } = useTranslation('admin')
  const id = useId()
  return (
    <div className="grid gap-2 md:grid-cols-2">
      <div className="grid content-start gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        <textarea
          id={id}
          value={value}
          rows={rows}
          onChange={(event) => onChange(event.target.value)}
          className={inputClass('md', 'h-auto py-2 font-mono')}
        />
      </div>
      <section
        aria-label={t('help.previewOf', { label })}
        className="min-w-0 rounded-md border border-slate-200 bg-white p-3"
      >
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t('help.preview')}</p>
        {value.trim() ? <Markdown source={value} className="mt-2" /> : <p className="mt-2 text-sm text-slate-500">—</p>}
      </section>
    </div>
  )
}

/** A one-line labelled text input. */
export function TextField({
  label,
  value,
  onChange,
}: {
  label: string
  value: string
  onChange: (value: string) => void
}) {
  const id = useId()
  return (
    <div className="grid content-start gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {label}
      </label>
      <input id={id} value={value} onChange={(event) => onChange(event.target.value)} className={inputClass('md')} />
    </div>
  )
}
