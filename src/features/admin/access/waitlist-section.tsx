import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import type { WaitlistEntry } from '@/contract'
import { formatDate } from '@/lib/format-date'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { useDeclineWaitlist, useInviteWaitlist, useWaitlist } from './access-api'
import { ConfirmDialog, Pager } from './confirm-dialog'
import { Panel } from '@/components/ui/panel'

const isWaiting = (entry: WaitlistEntry) => !entry.invitedAt && !entry.declinedAt

/**
 * The waitlist, oldest first: search by name or e-mail, select waiting people and invite them (at most the
 * batch limit at once), or decline one after a confirmation.
 */
export function WaitlistSection({ batchLimit }: { batchLimit: number }) {
  const { t, i18n } = useTranslation('admin')
  const [q, setQ] = useState('')
  const [page, setPage] = useState(1)
  const [selected, setSelected] = useState<string[]>([])
  const [declining, setDeclining] = useState<WaitlistEntry | null>(null)
  const list = useWaitlist(q.trim(), page)
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: isApiError(error) ? error.message : undefined, variant: 'destructive' })
  const invite = useInviteWaitlist({ onError: failed(t('access.waitlist.inviteFailed')) })
  const decline = useDeclineWaitlist({ onError: failed(t('access.waitlist.declineFailed')) })

  const toggle = (id: string) =>
    setSelected((current) => (current.includes(id) ? current.filter((one) => one !== id) : [...current, id]))
  const tooMany = selected.length > batchLimit
  const sendInvites = () =>
    invite.mutateAsync(selected).then(
      ({ entries }) => {
        setSelected([])
        toast({ title: t('access.waitlist.invited', { count: entries.length }), variant: 'success' })
      },
      () => undefined,
    )
  const confirmDecline = (entry: WaitlistEntry) =>
    decline.mutateAsync(entry.id).then(
      () => {
        setDeclining(null)
        setSelected((current) => current.filter((id) => id !== entry.id))
        toast({ title: t('access.waitlist.declined', { email: entry.email }), variant: 'success' })
      },
      () => undefined,
    )

  const status = (entry: WaitlistEntry) => {
    if (entry.declinedAt) return t('access.waitlist.status.declined')
    if (entry.invitedAt) return t('access.waitlist.status.invited')
    return t('access.waitlist.status.waiting')
  }

  return (
    <Panel
      title={t('access.waitlist.title')}
      tools={
        <label className="grid w-full gap-1 text-sm font-medium text-slate-900 sm:w-72">
          {t('access.waitlist.search')}
          <input
            type="search"
            value={q}
            onChange={(event) => {
              setQ(event.target.value)
              setPage(1)
            }}
            placeholder={t('access.waitlist.searchPlaceholder')}
            className="rounded-md border border-slate-300 px-3 py-2 text-base font-normal"
          />
        </label>
      }
    >
      <div className="flex flex-wrap items-center gap-3" aria-live="polite">
        <Button disabled={selected.length === 0 || tooMany || invite.isPending} onClick={() => void sendInvites()}>
          {t('access.waitlist.invite', { count: selected.length })}
        </Button>
        <span className={tooMany ? 'text-sm font-medium text-red-700' : 'text-sm text-slate-700'}>
          {t('access.waitlist.batchHint', { count: batchLimit })}
        </span>
      </div>
      {list.isPending ? (
        <Spinner label={t('access.loading')} />
      ) : list.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('access.loadFailed')}
        </p>
      ) : list.data.items.length === 0 ? (
        <p className="text-sm text-slate-700">{q ? t('access.waitlist.noMatch') : t('access.waitlist.empty')}</p>
      ) : (
        <div
          // A scrollable region must take keyboard focus (WCAG 2.1.1; axe scrollable-region-focusable).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          role="group"
          aria-labelledby="access-waitlist"
          className="relative -mx-4 min-w-0 overflow-x-auto px-4 focus-visible:outline-2 focus-visible:outline-brand-600 sm:mx-0 sm:px-0"
        >
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-700">
              <tr>
                <th scope="col" className="w-10 py-2">
                  <span className="sr-only">{t('access.waitlist.select')}</span>
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('access.columns.name')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('access.columns.email')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('access.columns.role')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('access.columns.requested')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('access.columns.status')}
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">{t('access.columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((entry) => {
                const name = `${entry.firstName} ${entry.lastName}`
                return (
                  <tr key={entry.id} className="border-b border-slate-100 last:border-0">
                    <td className="py-2">
                      {isWaiting(entry) && (
                        <input
                          type="checkbox"
                          className="size-5"
                          checked={selected.includes(entry.id)}
                          onChange={() => toggle(entry.id)}
                          aria-label={t('access.waitlist.selectOne', { name })}
                        />
                      )}
                    </td>
                    <td className="py-2 pr-3 font-medium text-slate-900">{name}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{entry.email}</td>
                    <td className="py-2 pr-3">{t(`values:roles.${entry.role}`)}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{formatDate(entry.createdAt, i18n.language)}</td>
                    <td className="py-2 pr-3">{status(entry)}</td>
                    <td className="py-2 text-right">
                      {isWaiting(entry) && (
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => setDeclining(entry)}
                          aria-label={t('access.waitlist.declineOne', { name })}
                        >
                          {t('access.waitlist.decline')}
                        </Button>
                      )}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      {list.data && (
        <Pager
          page={page}
          pageSize={list.data.pageSize}
          total={list.data.total}
          onPage={setPage}
          label={t('access.waitlist.pages')}
        />
      )}
      <ConfirmDialog
        open={declining !== null}
        onOpenChange={(open) => !open && setDeclining(null)}
        title={t('access.waitlist.declineTitle')}
        description={t('access.waitlist.declineBody', {
          name: declining ? `${declining.firstName} ${declining.lastName}` : '',
        })}
        confirmLabel={t('access.waitlist.decline')}
        isPending={decline.isPending}
        onConfirm={() => declining && void confirmDecline(declining)}
      />
    </Panel>
  )
}
