import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '@/components/ui/button'
import { DEAL_PHOTO_LIMIT, DEAL_PHOTO_MAX_BYTES, IMAGE_MIME_TYPES, type Deal, type DealPhoto } from '@/contract'
import { FormSection } from '@/components/form/form-section'
import { checkImageFile, formatBytes } from '@/components/form/image-file'
import { deleteDealPhoto, orderDealPhotos, uploadDealPhoto } from '../deal-api'
import { PhotoTile, type PhotoItem } from './photo-item'

export type PhotosHandle = {
  /** Uploads the photos picked before the listing existed; false when any of them failed. */
  uploadPending: (dealId: string) => Promise<boolean>
}

const fromSaved = (photos: readonly DealPhoto[]): PhotoItem[] =>
  photos.map((photo, index) => ({
    key: photo.id,
    src: photo.thumbUrl,
    name: String(index + 1),
    state: 'saved',
    photoId: photo.id,
  }))

const move = <T,>(list: readonly T[], from: number, to: number): T[] => {
  const copy = [...list]
  const [item] = copy.splice(from, 1)
  if (item !== undefined) copy.splice(to, 0, item)
  return copy
}

/**
 * Photos of the listing. On an existing listing each picked photo uploads at once; on a new one they wait
 * (previewed, reorderable) and upload right after the first save, so the seller fills one form once. The
 * first photo is the cover. Each file shows how much of it is sent, then that the server is preparing it.
 */
export const PhotosSection = forwardRef<PhotosHandle, { deal?: Deal }>(function PhotosSection({ deal }, ref) {
  const { t } = useTranslation('dealForm')
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [items, setItems] = useState<PhotoItem[]>(() => fromSaved(deal?.photos ?? []))
  const [problems, setProblems] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const dragFrom = useRef<number | null>(null)
  const itemsRef = useRef(items)
  itemsRef.current = items

  // Preview URLs of picked files are released when the form goes away.
  useEffect(() => () => itemsRef.current.forEach((item) => item.file && URL.revokeObjectURL(item.src)), [])

  const patch = (key: string, change: Partial<PhotoItem>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)))

  async function upload(dealId: string, item: PhotoItem): Promise<boolean> {
    if (!item.file) return true
    patch(item.key, { state: 'uploading', progress: 0 })
    try {
      const saved = await uploadDealPhoto(dealId, item.file, (progress) => patch(item.key, { progress }))
      URL.revokeObjectURL(item.src)
      // The answer is the listing's whole gallery: saved photos from it, then what is still waiting.
      setItems((current) => [
        ...fromSaved(saved),
        ...current.filter((other) => other.state !== 'saved' && other.key !== item.key),
      ])
      return true
    } catch {
      patch(item.key, { state: 'failed' })
      return false
    }
  }

  useImperativeHandle(ref, () => ({
    uploadPending: async (dealId) => {
      let allUploaded = true
      for (const item of itemsRef.current.filter((candidate) => candidate.state !== 'saved')) {
        allUploaded = (await upload(dealId, item)) && allUploaded
      }
      return allUploaded
    },
  }))

  async function pick(files: FileList | null) {
    if (!files) return
    const found: string[] = []
    const accepted: PhotoItem[] = []
    const room = DEAL_PHOTO_LIMIT - items.length
    for (const file of Array.from(files)) {
      const problem = checkImageFile(file, DEAL_PHOTO_MAX_BYTES)
      if (problem)
        found.push(
          t(problem === 'type' ? 'photos.invalidType' : 'photos.tooLarge', {
            name: file.name,
            size: formatBytes(DEAL_PHOTO_MAX_BYTES),
          }),
        )
      else if (accepted.length >= room) found.push(t('photos.tooMany', { name: file.name, max: DEAL_PHOTO_LIMIT }))
      else {
        const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`
        accepted.push({ key, src: URL.createObjectURL(file), name: file.name, state: 'queued', file })
      }
    }
    setProblems(found)
    if (inputRef.current) inputRef.current.value = ''
    setItems((current) => [...current, ...accepted])
    if (deal) {
      setBusy(true)
      for (const item of accepted) await upload(deal.id, item)
      setBusy(false)
    }
  }

  async function reorder(from: number, to: number) {
    if (to < 0 || to >= items.length || from === to) return
    const previous = items
    const next = move(items, from, to)
    setItems(next)
    if (!deal || next.some((item) => item.state !== 'saved')) return
    setBusy(true)
    try {
      setItems(
        fromSaved(
          await orderDealPhotos(
            deal.id,
            next.map((item) => item.photoId ?? ''),
          ),
        ),
      )
    } catch {
      setItems(previous)
      setProblems([t('photos.orderFailed')])
    } finally {
      setBusy(false)
    }
  }

  async function remove(item: PhotoItem) {
    if (!deal || !item.photoId) {
      if (item.file) URL.revokeObjectURL(item.src)
      setItems((current) => current.filter((other) => other.key !== item.key))
      return
    }
    setBusy(true)
    try {
      const saved = await deleteDealPhoto(deal.id, item.photoId)
      setItems((current) => [...fromSaved(saved), ...current.filter((other) => other.state !== 'saved')])
    } catch {
      setProblems([t('photos.removeFailed')])
    } finally {
      setBusy(false)
    }
  }

  const full = items.length >= DEAL_PHOTO_LIMIT
  return (
    <FormSection title={t('sections.photos')}>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {t('photos.limits', { max: DEAL_PHOTO_LIMIT, size: formatBytes(DEAL_PHOTO_MAX_BYTES) })}{' '}
        {deal ? t('photos.reorderHint') : t('photos.newListingHint')}
      </p>
      <div>
        <input
          ref={inputRef}
          id={id}
          type="file"
          multiple
          accept={IMAGE_MIME_TYPES.join(',')}
          disabled={full || busy}
          onChange={(event) => void pick(event.target.files)}
          aria-label={t('photos.add')}
          aria-describedby={`${id}-hint${problems.length ? ` ${id}-error` : ''}`}
          className="peer sr-only"
        />
        <label
          htmlFor={id}
          className={buttonClass(
            'secondary',
            'md',
            'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
          )}
        >
          {t('photos.add')}
        </label>
        <span className="ml-3 text-sm text-slate-700">
          {t('photos.count', { count: items.length, max: DEAL_PHOTO_LIMIT })}
        </span>
      </div>
      {problems.length > 0 && (
        <ul id={`${id}-error`} role="alert" className="grid gap-1 text-sm font-medium text-red-700">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {items.length > 0 && (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label={t('sections.photos')}>
          {items.map((item, index) => (
            <PhotoTile
              key={item.key}
              item={item}
              index={index}
              count={items.length}
              busy={busy}
              onMove={(from, to) => void reorder(from, to)}
              onRemove={(target) => void remove(target)}
              onDragStart={(from) => (dragFrom.current = from)}
              onDropAt={(to) => {
                if (dragFrom.current !== null) void reorder(dragFrom.current, to)
                dragFrom.current = null
              }}
            />
          ))}
        </ol>
      )}
    </FormSection>
  )
})
