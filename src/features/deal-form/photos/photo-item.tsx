import type { DragEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { Button } from '@/components/ui/button'

export type PhotoItem = {
  key: string
  src: string
  name: string
  /** saved: on the server; queued: picked for a listing not saved yet; uploading/failed: on its way. */
  state: 'saved' | 'queued' | 'uploading' | 'failed'
  photoId?: string
  file?: File
  /** While uploading: the fraction of the file sent, 0 to 1. At 1 the server is still preparing the photo. */
  progress?: number
}

type Props = {
  item: PhotoItem
  index: number
  count: number
  busy: boolean
  onMove: (from: number, to: number) => void
  onRemove: (item: PhotoItem) => void
  onDragStart: (index: number) => void
  onDropAt: (index: number) => void
}

/** One photo: its thumbnail, cover badge, upload state, and move/delete buttons (the keyboard path). */
export function PhotoTile({ item, index, count, busy, onMove, onRemove, onDragStart, onDropAt }: Props) {
  const { t } = useTranslation('dealForm')
  const label = t('photos.photoLabel', { number: index + 1 })
  const movable = item.state === 'saved' || item.state === 'queued'
  return (
    <li
      draggable={movable && !busy}
      onDragStart={(event: DragEvent) => {
        event.dataTransfer.effectAllowed = 'move'
        onDragStart(index)
      }}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault()
        onDropAt(index)
      }}
      aria-label={label}
      className={clsx(
        'grid gap-2 rounded-lg border bg-white p-2',
        item.state === 'failed' ? 'border-red-300' : 'border-slate-200',
        movable && !busy && 'cursor-grab',
      )}
    >
      <div className="relative aspect-[4/3] overflow-hidden rounded-md bg-slate-100">
        <img src={item.src} alt={item.state === 'saved' ? label : item.name} className="size-full object-cover" />
        {index === 0 && (
          <span className="absolute top-1 left-1 rounded bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
            {t('photos.cover')}
          </span>
        )}
      </div>
      {item.state === 'uploading' && <UploadProgress name={item.name} fraction={item.progress ?? 0} />}
      {item.state === 'queued' && <span className="text-xs text-slate-700">{t('photos.queued')}</span>}
      {item.state === 'failed' && <span className="text-xs font-medium text-red-700">{t('photos.failed')}</span>}
      <div className="flex flex-wrap gap-1">
        <Button
          size="sm"
          variant="ghost"
          disabled={!movable || busy || index === 0}
          onClick={() => onMove(index, index - 1)}
          aria-label={t('photos.moveUp', { label })}
        >
          ↑
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={!movable || busy || index === count - 1}
          onClick={() => onMove(index, index + 1)}
          aria-label={t('photos.moveDown', { label })}
        >
          ↓
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={busy || item.state === 'uploading'}
          onClick={() => onRemove(item)}
          aria-label={t('photos.remove', { label })}
        >
          {t('photos.removeShort')}
        </Button>
      </div>
    </li>
  )
}

/** How much of the file is sent; once all of it is, the server makes the thumbnails until it answers. */
function UploadProgress({ name, fraction }: { name: string; fraction: number }) {
  const { t } = useTranslation('dealForm')
  const percent = Math.min(100, Math.floor(fraction * 100))
  const isSent = percent >= 100
  return (
    <div className="grid gap-1">
      {/* Without aria-valuenow the bar is indeterminate: the server's part has no measure. */}
      <div
        role="progressbar"
        aria-label={t(isSent ? 'photos.processingName' : 'photos.uploadingName', { name })}
        aria-valuemin={isSent ? undefined : 0}
        aria-valuemax={isSent ? undefined : 100}
        aria-valuenow={isSent ? undefined : percent}
        className="h-1.5 overflow-hidden rounded bg-slate-200"
      >
        <div
          className={clsx('h-full rounded bg-brand-600', isSent ? 'w-full animate-pulse' : 'transition-[width]')}
          style={isSent ? undefined : { width: `${percent}%` }}
        />
      </div>
      <span className="text-xs text-slate-700">
        {isSent ? t('photos.processing') : t('photos.uploadingPercent', { percent })}
      </span>
    </div>
  )
}
