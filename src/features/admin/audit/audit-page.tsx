import { useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { queryFor } from '@/api/queries'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { AUDIT_TARGET_TYPES, AuditQuerySchema, endpoints, type AuditEntry } from '@/contract'
import { useFormatDate } from '@/i18n/use-format-date'
import { Pager } from '../pager'
import { KNOWN_AUDIT_ACTIONS, actionInWords, valueInWords } from './audit-values'

const FILTERS = ['action', 'targetType', 'actorEmail', 'targetId', 'from', 'to'] as const
type Filter = (typeof FILTERS)[number]
const fieldClass = 'h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900'

/** The filters and page from the URL; a hand-edited value the API would refuse is left out. */
function readQuery(params: URLSearchParams) {
  const query: Record<string, unknown> = {}
  for (const key of [...FILTERS, 'page'] as const) {
    const parsed = AuditQuerySchema.shape[key].safeParse(params.get(key) ?? undefined)
    if (parsed.success && parsed.data) query[key] = parsed.data
  }
  return AuditQuerySchema.parse(query)
}

/** `/admin/audit`: every admin action, newest first, filtered; read-only. */
export function AuditPage() {
  const { t } = useTranslation(['admin', 'values'])
  const formatDate = useFormatDate()
  const [params, setParams] = useSearchParams()
  const query = readQuery(params)
  const entries = useQuery(queryFor(endpoints.adminAudit, { query }))
  const [draft, setDraft] = useState<Record<Filter, string>>(
    () => Object.fromEntries(FILTERS.map((key) => [key, params.get(key) ?? ''])) as Record<Filter, string>,
  )

  const apply = (event: FormEvent) => {
    event.preventDefault()
    const next = new URLSearchParams()
    for (const key of FILTERS) if (draft[key].trim()) next.set(key, draft[key].trim())
    setParams(next, { replace: true })
  }
  const clear = () => {
    setDraft(Object.fromEntries(FILTERS.map((key) => [key, ''])) as Record<Filter, string>)
    setParams(new URLSearchParams(), { replace: true })
  }
  const input = (key: Filter, type: 'text' | 'date' | 'email' = 'text', list?: string) => (
    <label className="grid gap-1 text-sm font-medium text-slate-900">
      {t(`audit.filters.${key}`)}
      <input
        type={type}
        list={list}
        className={fieldClass}
        value={draft[key]}
        onChange={(event) => setDraft((current) => ({ ...current, [key]: event.target.value }))}
      />
    </label>
  )

  return (
    <section aria-labelledby="admin-audit-heading" className="grid gap-4">
      <h2 id="admin-audit-heading" className="text-xl font-semibold text-slate-900">
        {t('audit.title')}
      </h2>
      <p className="text-sm text-slate-700">{t('audit.subtitle')}</p>
      <form onSubmit={apply} aria-label={t('audit.filters.label')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {input('action', 'text', 'audit-actions')}
        <datalist id="audit-actions">
          {KNOWN_AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {actionInWords(t, action)}
            </option>
          ))}
        </datalist>
        <label className="grid gap-1 text-sm font-medium text-slate-900">
          {t('audit.filters.targetType')}
          <select
            className={fieldClass}
            value={draft.targetType}
            onChange={(event) => setDraft((current) => ({ ...current, targetType: event.target.value }))}
          >
            <option value="">{t('audit.filters.allTargets')}</option>
            {AUDIT_TARGET_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`audit.targets.${type}`)}
              </option>
            ))}
          </select>
        </label>
        {input('actorEmail')}
        {input('targetId')}
        {input('from', 'date')}
        {input('to', 'date')}
        <div className="flex gap-2 sm:col-span-2 lg:col-span-3">
          <Button type="submit">{t('audit.filters.apply')}</Button>
          <Button variant="secondary" onClick={clear}>
            {t('audit.filters.clear')}
          </Button>
        </div>
      </form>
      {entries.isPending ? (
        <Spinner label={t('audit.loading')} />
      ) : entries.isError ? (
        <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4">
          <p className="text-sm text-red-800">{t('audit.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void entries.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : entries.data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
          {t('audit.empty')}
        </p>
      ) : (
        <>
          <p className="text-sm font-medium text-slate-700" aria-live="polite">
            {t('audit.count', { count: entries.data.total })}
          </p>
          <table className="w-full text-sm max-md:block">
            <caption className="sr-only">{t('audit.caption')}</caption>
            <thead className="text-left text-xs tracking-wide text-slate-600 uppercase max-md:sr-only">
              <tr>
                {(['when', 'who', 'action', 'target', 'change', 'reason'] as const).map((column) => (
                  <th key={column} scope="col" className="px-3 py-2">
                    {t(`audit.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="max-md:grid max-md:gap-3">
              {entries.data.items.map((entry) => (
                <tr
                  key={entry.id}
                  className="border-t border-slate-200 align-top max-md:grid max-md:gap-1 max-md:rounded-xl max-md:border max-md:p-4"
                >
                  <td className="px-3 py-2 whitespace-nowrap text-slate-700 max-md:p-0">
                    {formatDate(entry.createdAt, 'dateTime')}
                  </td>
                  <td className="px-3 py-2 wrap-break-word text-slate-800 max-md:p-0">{entry.actorEmail}</td>
                  <td className="px-3 py-2 font-medium text-slate-900 max-md:p-0">{actionInWords(t, entry.action)}</td>
                  <td className="px-3 py-2 wrap-break-word max-md:p-0">
                    <Target entry={entry} />
                  </td>
                  <td className="px-3 py-2 text-slate-800 max-md:p-0">
                    <span className="md:sr-only">{t('audit.columns.change')}: </span>
                    {valueInWords(t, entry.before)} → {valueInWords(t, entry.after)}
                  </td>
                  <td className="px-3 py-2 text-slate-800 max-md:p-0">
                    {entry.reason && <span className="md:sr-only">{t('audit.columns.reason')}: </span>}
                    {entry.reason ?? ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={entries.data.page} total={entries.data.total} pageSize={entries.data.pageSize} />
        </>
      )}
    </section>
  )
}

function Target({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin')
  const label = entry.targetLabel ?? entry.targetId ?? ''
  const type = t(`audit.targets.${entry.targetType}`, { defaultValue: entry.targetType })
  if (entry.targetType === 'user' && entry.targetId) {
    return (
      <>
        <span className="text-slate-600">{type}: </span>
        <Link to={`/admin/users/${entry.targetId}`} className="text-brand-800 underline underline-offset-2">
          {label}
        </Link>
      </>
    )
  }
  return (
    <span className="text-slate-800">
      <span className="text-slate-600">{type}</span>
      {label && `: ${label}`}
    </span>
  )
}
