import { useTranslation } from 'react-i18next'
import { ROADMAP_COLUMNS, type RoadmapItem, type RoadmapStatus } from '@/contract'
import { Button } from '@/components/ui/button'

export type RowAction = 'up' | 'down' | 'edit' | `to-${RoadmapStatus}`

/** The item's title in the reader's language. */
export const titleIn = (item: RoadmapItem, language: string | undefined) =>
  language?.startsWith('es') ? item.titleEs : item.titleEn

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
  const { t, i18n } = useTranslation('admin')
  // The reader's language first, the other one under it (marked as such for screen readers).
  const spanishFirst = i18n.resolvedLanguage?.startsWith('es') ?? false
  const title = spanishFirst ? item.titleEs : item.titleEn
  const otherTitle = spanishFirst ? item.titleEn : item.titleEs
  const description = spanishFirst ? item.descriptionEs : item.descriptionEn
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <h4 className="font-semibold text-slate-900">{title}</h4>
      <p lang={spanishFirst ? 'en' : 'es'} className="text-sm text-slate-600">
        {otherTitle}
      </p>
      <p className="mt-1 text-sm text-slate-700">{description}</p>
      <p className="mt-1 text-sm font-medium text-slate-700">{t('roadmap.votes', { count: item.votes })}</p>
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
