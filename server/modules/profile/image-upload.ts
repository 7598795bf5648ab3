import type {} from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { fileTypeFromBuffer } from 'file-type'
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
