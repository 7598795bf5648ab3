import { IMAGE_MIME_TYPES } from '@/contract'

export type ImageFileProblem = 'type' | 'size'

/**
 * Checked before uploading so a wrong file costs no round trip; the server checks the content again.
 * Some systems leave `type` empty, so the name's extension is the fallback.
 */
export function checkImageFile(file: Pick<File, 'name' | 'type' | 'size'>, maxBytes: number): ImageFileProblem | null {
  const byType = (IMAGE_MIME_TYPES as readonly string[]).includes(file.type)
  const byName = !file.type && /\.(jpe?g|png|webp)$/i.test(file.name)
  if (!byType && !byName) return 'type'
  if (file.size > maxBytes) return 'size'
  return null
}

/** 512000 → "500KB", 5242880 → "5MB": how the limits are stated in the copy. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10}MB`
  return `${Math.round(bytes / 1024)}KB`
}
