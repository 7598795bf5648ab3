import type {} from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { IMAGE_MIME_TYPES } from '../../../src/contract'
import { AppError } from '../../http/errors'
import { readingMultipart } from '../../http/multipart'

export type ImageUpload = { bytes: Buffer; extension: string; mime: (typeof IMAGE_MIME_TYPES)[number] }

const isImageMime = (mime: string): mime is ImageUpload['mime'] =>
  (IMAGE_MIME_TYPES as readonly string[]).includes(mime)

/**
 * Reads the one `file` part of a multipart request and identifies it by its bytes: the name and
 * declared type are the client's word and are ignored. 413 past `maxBytes`, 415 unless the content
 * is JPEG, PNG or WebP, 400 when no file came.
 */
export async function readImageUpload(request: FastifyRequest, maxBytes: number): Promise<ImageUpload> {
  if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type', 'unsupportedMediaType')
  const bytes = await readingMultipart(async () => {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } })
    if (!part) throw fileRequired(request)
    try {
      return await part.toBuffer()
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(request, maxBytes)
      throw error
    }
  })
  if (bytes.length === 0) throw fileRequired(request)
  const type = await fileTypeFromBuffer(bytes)
  if (!type || !isImageMime(type.mime)) {
    throw new AppError(415, 'invalid_file_type', 'invalidFileType', {
      fields: { file: request.t('validation:imageType') },
    })
  }
  return { bytes, extension: type.ext, mime: type.mime }
}

/** A stored profile image: always WebP (alpha kept), so the URL's extension is known. */
export type StoredImage = { bytes: Buffer; extension: 'webp' }

/**
 * Encodings tried in turn until one fits the upload's own limit. At the sides used here even noise (which
 * compresses worst of all) fits at the first; the later ones only make "stored ≤ the limit" a certainty.
 */
const ATTEMPTS = [
  { quality: 85, scale: 1 },
  { quality: 60, scale: 1 },
  { quality: 50, scale: 0.5 },
]

/**
 * Re-encodes an uploaded picture or logo to WebP inside `maxSide`×`maxSide`, with every metadata block
 * (EXIF with GPS and author, XMP) dropped, as listing photos are: sharp keeps none unless asked. `rotate()`
 * first applies the EXIF orientation so the image still stands upright without it. WebP keeps a logo's
 * transparency. 415 when the bytes looked like an image but do not decode.
 */
export async function reencodeImage(
  request: FastifyRequest,
  image: ImageUpload,
  { maxSide, maxBytes }: { maxSide: number; maxBytes: number },
): Promise<StoredImage> {
  try {
    // limitInputPixels guards against decompression bombs: a small file that decodes to gigapixels.
    const source = sharp(image.bytes, { limitInputPixels: 100_000_000, failOn: 'error' }).rotate()
    let bytes = Buffer.alloc(0)
    for (const { quality, scale } of ATTEMPTS) {
      const side = Math.round(maxSide * scale)
      bytes = await source
        .clone()
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
        .webp({ quality, alphaQuality: 90 })
        .toBuffer()
      if (bytes.length <= maxBytes) break
    }
    return { bytes, extension: 'webp' }
  } catch (error) {
    request.log.info({ err: error }, 'upload did not decode as an image')
    throw new AppError(415, 'invalid_file_type', 'invalidFileType', {
      fields: { file: request.t('validation:imageType') },
    })
  }
}

const fileRequired = (request: FastifyRequest) =>
  new AppError(400, 'file_required', 'fileRequired', { fields: { file: request.t('validation:required') } })

function fileTooLarge(request: FastifyRequest, maxBytes: number) {
  const maximum = formatSize(maxBytes)
  return new AppError(413, 'file_too_large', 'fileTooLarge', {
    params: { maximum },
    fields: { file: request.t('validation:imageTooLarge', { maximum }) },
  })
}

/** 5242880 → "5 MB", 512000 → "500 KB" (binary units, as the limits are written). */
function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`
}
