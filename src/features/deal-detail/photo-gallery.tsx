import { useRef, useState, type KeyboardEvent } from 'react'
import * as Dialog from '@radix-ui/react-dialog'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import type { DealPhoto } from '@/contract'
import { Button } from '@/components/ui/button'

/**
 * The cover photo with its thumbnails. Thumbnails are one tab stop (roving focus): arrow keys, Home and
 * End move between them, Enter opens the full-size view, which has previous/next and closes on Escape.
 */
export function PhotoGallery({ photos, address }: { photos: DealPhoto[]; address: string }) {
  const { t } = useTranslation('dealDetail')
  const [index, setIndex] = useState(0)
  const [open, setOpen] = useState(false)
  const thumbs = useRef<(HTMLButtonElement | null)[]>([])
  const ordered = [...photos].sort((a, b) => a.position - b.position)
  const total = ordered.length

  if (total === 0) {
    return (
      <div className="flex aspect-[16/9] items-center justify-center rounded-xl bg-slate-100 text-sm text-slate-600">
        {t('gallery.noPhotos')}
      </div>
    )
  }

  const current = ordered[Math.min(index, total - 1)] as DealPhoto
  const alt = (position: number) => t('gallery.alt', { address, number: position + 1, total })
  const wrap = (next: number) => (next + total) % total
  const focusThumb = (next: number) => {
    setIndex(next)
    thumbs.current[next]?.focus()
  }

  const onThumbKey = (event: KeyboardEvent<HTMLButtonElement>, position: number) => {
    const moves: Record<string, number> = {
      ArrowRight: wrap(position + 1),
      ArrowDown: wrap(position + 1),
      ArrowLeft: wrap(position - 1),
      ArrowUp: wrap(position - 1),
      Home: 0,
      End: total - 1,
    }
    const next = moves[event.key]
    if (next !== undefined) {
      event.preventDefault()
      focusThumb(next)
    } else if (event.key === 'Enter') {
      event.preventDefault()
      setIndex(position)
      setOpen(true)
    }
  }

  const onViewerKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') setIndex((i) => wrap(i + 1))
    if (event.key === 'ArrowLeft') setIndex((i) => wrap(i - 1))
  }

  return (
    <section aria-label={t('gallery.label')} className="grid gap-3">
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger asChild>
          <button
            type="button"
            className="block overflow-hidden rounded-xl bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
            aria-label={t('gallery.openFull', { number: index + 1, total })}
          >
            <img src={current.url} alt={alt(index)} className="aspect-[16/9] w-full object-cover" />
          </button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/80" />
          <Dialog.Content
            onKeyDown={onViewerKey}
            className="fixed inset-4 z-50 flex flex-col gap-3 rounded-xl bg-slate-900 p-4 text-white"
          >
            <div className="flex items-center justify-between gap-4">
              <Dialog.Title className="text-sm font-semibold">
                {t('gallery.viewerTitle', { number: index + 1, total })}
              </Dialog.Title>
              <Dialog.Close className="rounded px-3 py-1 text-sm hover:bg-white/10">{t('gallery.close')}</Dialog.Close>
            </div>
            <Dialog.Description className="sr-only">{t('gallery.viewerHelp')}</Dialog.Description>
            <div className="flex min-h-0 flex-1 items-center justify-center">
              <img src={current.url} alt={alt(index)} className="max-h-full max-w-full object-contain" />
            </div>
            {total > 1 && (
              <div className="flex justify-center gap-3">
                <Button variant="secondary" onClick={() => setIndex((i) => wrap(i - 1))}>
                  {t('gallery.previous')}
                </Button>
                <Button variant="secondary" onClick={() => setIndex((i) => wrap(i + 1))}>
                  {t('gallery.next')}
                </Button>
              </div>
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      {total > 1 && (
        <ul aria-label={t('gallery.thumbnails')} className="flex gap-2 overflow-x-auto pb-1">
          {ordered.map((photo, position) => (
            <li key={photo.id} className="shrink-0">
              <button
                ref={(element) => {
                  thumbs.current[position] = element
                }}
                type="button"
                tabIndex={position === index ? 0 : -1}
                aria-current={position === index ? 'true' : undefined}
                aria-label={t('gallery.thumbnail', { number: position + 1, total })}
                onClick={() => setIndex(position)}
                onKeyDown={(event) => onThumbKey(event, position)}
                className={clsx(
                  'block overflow-hidden rounded-md border-2',
                  position === index ? 'border-brand-600' : 'border-transparent',
                )}
              >
                <img src={photo.thumbUrl} alt="" className="h-16 w-24 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
