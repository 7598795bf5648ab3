import { useTranslation } from 'react-i18next'
import { ROADMAP_COLUMNS, type RoadmapItem, type RoadmapStatus } from '@/contract'
import { Button } from '@/components/ui/button'

export type RowAction = 'up' | 'down' | 'edit' | `to-${RoadmapStatus}`

/** The id of a row's control, so focus can return to it after the list re-renders in its new order. */
export const rowControlId = (id: string, action: RowAction) => `roadmap-item-${id}-${action}`

/** One item in the admin's list: both languages' titles, its votes, and its actions as plain buttons. */
export function RoadmapRow({
  item,
  isFirst,
  isLast,
  busy,
  onMoveUp,
  onMoveDown,
  onMoveTo,
  onEdit,
  onDelete,
}: {
  item: RoadmapItem
  isFirst: boolean
  isLast: boolean
  busy: boolean
  onMoveUp: () => void
  onMoveDown: () => void
  onMoveTo: (status: RoadmapStatus) => void
  onEdit: () => void
  onDelete: () => void
}) {
  const { t } = useTranslation('admin')
  const title = item.titleEn
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 className="font-semibold text-slate-900">{item.titleEn}</h4>
          <p lang="es" className="text-sm text-slate-600">
            {item.titleEs}
          </p>
          <p className="mt-1 text-sm text-slate-700">{item.descriptionEn}</p>
        </div>
        <span className="shrink-0 text-sm text-slate-700">{t('roadmap.votes', { count: item.votes })}</span>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          id={rowControlId(item.id, 'up')}
          variant="secondary"
          size="sm"
          disabled={isFirst || busy}
          aria-label={t('roadmap.moveUpLabel', { title })}
          onClick={onMoveUp}
        >
          <span aria-hidden="true">↑</span> {t('roadmap.moveUp')}
        </Button>
        <Button
          id={rowControlId(item.id, 'down')}
          variant="secondary"
          size="sm"
          disabled={isLast || busy}
          aria-label={t('roadmap.moveDownLabel', { title })}
          onClick={onMoveDown}
        >
          <span aria-hidden="true">↓</span> {t('roadmap.moveDown')}
        </Button>
        {ROADMAP_COLUMNS.filter((column) => column !== item.status).map((column) => (
          <Button
            key={column}
            id={rowControlId(item.id, `to-${column}`)}
            variant="secondary"
            size="sm"
            disabled={busy}
            aria-label={t('roadmap.moveToLabel', { title, column: t(`roadmap.columns.${column}`) })}
            onClick={() => onMoveTo(column)}
          >
            {t('roadmap.moveTo', { column: t(`roadmap.columns.${column}`) })}
          </Button>
        ))}
        <Button
          id={rowControlId(item.id, 'edit')}
          variant="secondary"
          size="sm"
          aria-label={t('roadmap.editLabel', { title })}
          onClick={onEdit}
        >
          {t('roadmap.edit')}
        </Button>
        <Button variant="danger" size="sm" aria-label={t('roadmap.deleteLabel', { title })} onClick={onDelete}>
          {t('roadmap.delete')}
        </Button>
      </div>
    </li>
  )
}
