import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { clsx } from 'clsx'
import { Button, buttonClass } from '@/components/ui/button'
import type { MyDealSchema } from '@/contract'
import { formatUsd } from '@/lib/format-currency'
import { dealAddressLine } from '@/lib/truncate'
import type { z } from 'zod'
import { DeleteDialog } from './delete-dialog'
import { HistoryDialog } from './history-dialog'
import { nextStatuses, StatusDialog } from './status-dialog'
import { StatusBadge } from './status-badge'
import { useFormatDate } from '@/i18n/use-format-date'
import { offersPath } from '@/features/deal-offers'
import { analyticsPath } from '@/features/deal-analytics'

export type MyDeal = z.infer<typeof MyDealSchema>
type Open = 'status' | 'history' | 'delete' | null

/** A cell that shows its column name above the value when the table lays out as cards (small screens). */
function Cell({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td className={clsx('px-3 py-1 align-top max-md:flex max-md:justify-between max-md:gap-3 md:py-3', className)}>
      <span className="font-medium text-slate-600 md:hidden" aria-hidden="true">
        {label}
      </span>
      <span>{children}</span>
    </td>
  )
}

/** One of the seller's listings with its actions; the dialogs it opens live with it. */
export function ListingRow({ deal }: { deal: MyDeal }) {
  const { t } = useTranslation('myListings')
  const formatDate = useFormatDate()
  const [open, setOpen] = useState<Open>(null)
  const address = dealAddressLine(
    { address: deal.streetAddress, hideAddress: false, city: deal.city, state: deal.state, zip: deal.zipCode },
    t('undisclosed'),
  )
  const type = deal.purchaseType
    ? `${t(`values:dealCategories.${deal.dealCategory}`)} · ${t(`values:purchaseTypes.${deal.purchaseType}`)}`
    : t(`values:dealCategories.${deal.dealCategory}`)
  // The row's address completes each action's name for screen readers ("Edit, 12 Oak Street").
  const named = (action: string) => ({ 'aria-label': `${action}, ${address}` })
  const onOpenChange = (isOpen: boolean) => !isOpen && setOpen(null)

  return (
    <tr className="border-t border-slate-200 max-md:block max-md:rounded-xl max-md:border max-md:bg-white max-md:py-2 max-md:shadow-sm">
      <th scope="row" className="px-3 py-2 text-left align-top font-normal max-md:block md:py-3">
        <Link to={`/deals/${deal.id}`} className="font-semibold text-brand-800 hover:underline">
          {address}
        </Link>
        <div className="text-xs text-slate-600">
          {deal.city}, {deal.state} {deal.zipCode}
        </div>
      </th>
      <Cell label={t('columns.type')}>{type}</Cell>
      <Cell label={t('columns.price')}>{formatUsd(deal.purchasePrice) || '—'}</Cell>
      <Cell label={t('columns.status')}>
        <StatusBadge status={deal.status} />
      </Cell>
      <Cell label={t('columns.interests')} className="md:text-right">
        {deal.interestCount}
      </Cell>
      <Cell label={t('columns.offers')} className="md:text-right">
        {deal.offerCount}
      </Cell>
      <Cell label={t('columns.updated')}>{formatDate(deal.updatedAt)}</Cell>
      <td className="px-3 py-2 align-top max-md:block md:py-3">
        <div className="flex flex-wrap gap-1">
          <Link to={`/deals/${deal.id}`} className={buttonClass('ghost', 'sm')} {...named(t('actions.view'))}>
            {t('actions.view')}
          </Link>
          <Link to={`/deals/${deal.id}/edit`} className={buttonClass('ghost', 'sm')} {...named(t('actions.edit'))}>
            {t('actions.edit')}
          </Link>
          <Link to={offersPath(deal.id)} className={buttonClass('ghost', 'sm')} {...named(t('actions.offers'))}>
            {t('actions.offers')}
          </Link>
          <Link to={analyticsPath(deal.id)} className={buttonClass('ghost', 'sm')} {...named(t('actions.analytics'))}>
            {t('actions.analytics')}
          </Link>
          {nextStatuses(deal.status).length > 0 && (
            <Button size="sm" variant="ghost" onClick={() => setOpen('status')} {...named(t('actions.changeStatus'))}>
              {t('actions.changeStatus')}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => setOpen('history')} {...named(t('actions.history'))}>
            {t('actions.history')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700"
            onClick={() => setOpen('delete')}
            {...named(t('actions.delete'))}
          >
            {t('actions.delete')}
          </Button>
        </div>
        <StatusDialog
          dealId={deal.id}
          address={address}
          status={deal.status}
          open={open === 'status'}
          onOpenChange={onOpenChange}
        />
        <HistoryDialog dealId={deal.id} address={address} open={open === 'history'} onOpenChange={onOpenChange} />
        <DeleteDialog dealId={deal.id} address={address} open={open === 'delete'} onOpenChange={onOpenChange} />
      </td>
    </tr>
  )
}
