import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import { queryFor } from '@/api/queries'
import { endpoints, ROADMAP_COLUMNS, type RoadmapItem, type RoadmapStatus } from '@/contract'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { DeleteItemDialog } from './delete-item-dialog'
import { ItemFormDialog } from './item-form-dialog'
import { RoadmapRow, rowControlId, titleIn, type RowAction } from './roadmap-row'
import { useRoadmapWrites } from './roadmap-admin-api'

type Editing = { kind: 'add'; status: RoadmapStatus } | { kind: 'edit'; item: RoadmapItem } | null

/**
 * Admin → Roadmap: the public roadmap by column, with add, edit, move up and down, move to another column
 * and delete (confirmed). Every control is a button, so the keyboard does all of it; after a move, focus
 * stays on the moved item's control.
 */
export function RoadmapSection() {
  const { t, i18n } = useTranslation('admin')
  const roadmap = useQuery(queryFor(endpoints.roadmap))
  const { create, update, move, remove } = useRoadmapWrites()
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<RoadmapItem | null>(null)
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: string; action: RowAction } | null>(null)

  useEffect(() => {
    if (!focusAfterMove) return
    const wanted = document.getElementById(rowControlId(focusAfterMove.id, focusAfterMove.action))
    const target =
      wanted && !(wanted as HTMLButtonElement).disabled
        ? wanted
        : document.getElementById(rowControlId(focusAfterMove.id, 'edit'))
    target?.focus()
  }, [focusAfterMove, roadmap.data])

  const items = roadmap.data?.items ?? []
  const columnOf = (status: RoadmapStatus) => items.filter((item) => item.status === status)

  const moveItem = (item: RoadmapItem, to: { status: RoadmapStatus; position: number }, action: RowAction) => {
    move.mutate(
      { id: item.id, to },
      {
        onSuccess: () => {
          setFocusAfterMove({ id: item.id, action })
          toast({ title: t('roadmap.moved', { title: titleIn(item, i18n.resolvedLanguage) }), variant: 'success' })
        },
        onError: () => toast({ title: t('roadmap.moveFailed'), variant: 'destructive' }),
      },
    )
  }

  if (roadmap.isPending) return <Spinner />
  if (roadmap.isError) {
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
        <p className="font-medium">{t('roadmap.loadFailed')}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void roadmap.refetch()}>
          {t('roadmap.retry')}
        </Button>
      </div>
    )
  }

  return (
    <section aria-labelledby="admin-roadmap-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="admin-roadmap-heading" className="text-xl font-semibold text-slate-900">
            {t('roadmap.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t('roadmap.intro')}</p>
        </div>
        <Button onClick={() => setEditing({ kind: 'add', status: 'planned' })}>{t('roadmap.add')}</Button>
      </div>

      <div className="mt-6 grid gap-8">
        {ROADMAP_COLUMNS.map((status) => {
          const column = columnOf(status)
          return (
            <section key={status} aria-labelledby={`admin-roadmap-${status}`}>
              <h3 id={`admin-roadmap-${status}`} className="text-lg font-semibold text-slate-900">
                {t(`roadmap.columns.${status}`)}{' '}
                <span className="text-sm font-normal text-slate-600">({column.length})</span>
              </h3>
              {column.length === 0 ? (
                <p className="mt-2 text-sm text-slate-600">{t('roadmap.empty')}</p>
              ) : (
                <ol className="mt-3 grid gap-3">
                  {column.map((item, index) => (
                    <RoadmapRow
                      key={item.id}
                      item={item}
                      isFirst={index === 0}
                      isLast={index === column.length - 1}
                      busy={move.isPending}
                      onMoveUp={() => moveItem(item, { status, position: index - 1 }, 'up')}
                      onMoveDown={() => moveItem(item, { status, position: index + 1 }, 'down')}
                      onMoveTo={(to) =>
                        moveItem(item, { status: to, position: columnOf(to).length }, `to-${to}` as RowAction)
                      }
                      onEdit={() => setEditing({ kind: 'edit', item })}
                      onDelete={() => setDeleting(item)}
                    />
                  ))}
                </ol>
              )}
            </section>
          )
        })}
      </div>

      {editing && (
        <ItemFormDialog
          item={editing.kind === 'edit' ? editing.item : undefined}
          initialStatus={editing.kind === 'add' ? editing.status : undefined}
          onClose={() => setEditing(null)}
          onSubmit={async ({ status, ...text }) => {
            if (editing.kind === 'edit') await update.mutateAsync({ id: editing.item.id, body: text })
            else await create.mutateAsync({ status, ...text })
            toast({ title: t(editing.kind === 'edit' ? 'roadmap.saved' : 'roadmap.added'), variant: 'success' })
          }}
        />
      )}
      {deleting && (
        <DeleteItemDialog
          item={deleting}
          pending={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                setDeleting(null)
                toast({ title: t('roadmap.deleted'), variant: 'success' })
              },
              onError: () => toast({ title: t('roadmap.deleteFailed'), variant: 'destructive' }),
            })
          }
        />
      )}
    </section>
  )
}
