import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, buttonClass } from '@/components/ui/button'
import { IMAGE_MIME_TYPES } from '@/contract'
import { checkImageFile, formatBytes, type ImageFileProblem } from '@/components/form/image-file'

type Props = {
  label: string
  /** Says what is accepted, e.g. "At most 500KB, JPEG, PNG or WebP". */
  hint: string
  maxBytes: number
  currentUrl: string | null | undefined
  /** Alternative text of the current image and the preview. */
  imageAlt: string
  onUpload: (file: File) => Promise<unknown>
  isUploading: boolean
}

/**
 * Picks an image, checks its type and size, previews it, and uploads it only when the person confirms.
 * A refused file leaves the current image as it was.
 */
export function ImageUpload({ label, hint, maxBytes, currentUrl, imageAlt, onUpload, isUploading }: Props) {
  const { t } = useTranslation('profile')
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null)
  const [problem, setProblem] = useState<ImageFileProblem | null>(null)
  // Each preview URL is released when another replaces it or the component goes away.
  useEffect(() => (chosen ? () => URL.revokeObjectURL(chosen.preview) : undefined), [chosen])
  const file = chosen?.file ?? null
  const preview = chosen?.preview ?? null

  function choose(picked: File | undefined) {
    if (!picked) return
    const found = checkImageFile(picked, maxBytes)
    setProblem(found)
    setChosen(found ? null : { file: picked, preview: URL.createObjectURL(picked) })
  }

  function reset() {
    setChosen(null)
    if (inputRef.current) inputRef.current.value = ''
  }

  async function upload() {
    if (!file) return
    try {
      await onUpload(file)
      reset()
    } catch {
      // The caller reports the failure; the preview stays so the person can try again.
    }
  }

  const shown = preview ?? currentUrl
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex size-20 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
          {shown ? (
            <img
              src={shown}
              alt={preview ? t('image.previewAlt', { name: imageAlt }) : imageAlt}
              className="size-full object-cover"
            />
          ) : (
            <span className="px-2 text-center text-xs text-slate-700">{t('image.none')}</span>
          )}
        </div>
        <div className="grid justify-items-start gap-2">
          {/* The browser's own file button speaks the browser's language: ours speaks the app's. */}
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={IMAGE_MIME_TYPES.join(',')}
            onChange={(event) => choose(event.target.files?.[0])}
            aria-label={label}
            aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
            aria-invalid={problem ? true : undefined}
            className="peer sr-only"
          />
          <label
            htmlFor={id}
            className={buttonClass(
              'secondary',
              'sm',
              'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
            )}
          >
            {t('image.choose')}
          </label>
          {file && <span className="max-w-60 truncate text-sm text-slate-700">{file.name}</span>}
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {hint}
          </p>
        </div>
      </div>
      {problem && (
        <div id={`${id}-error`} role="alert" className="text-sm text-red-700">
          <p className="font-semibold">{t(`image.${problem}.title`)}</p>
          <p>{t(`image.${problem}.description`, { max: formatBytes(maxBytes) })}</p>
        </div>
      )}
      {file && (
        <div className="flex gap-2">
          <Button onClick={() => void upload()} disabled={isUploading}>
            {isUploading ? t('image.uploading') : t('image.upload')}
          </Button>
          <Button variant="ghost" onClick={reset} disabled={isUploading}>
            {t('image.cancel')}
          </Button>
        </div>
      )}
    </div>
  )
}
