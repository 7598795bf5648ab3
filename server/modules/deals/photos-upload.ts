import type { MultipartFile } from '@fastify/multipart'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { fileTypeFromBuffer } from 'file-type'
import { DEAL_PHOTO_LIMIT, DEAL_PHOTO_MAX_BYTES, IMAGE_MIME_TYPES } from '../../../src/contract'
import { dealPhotos } from '../../db/schema'
import { AppError } from '../../http/errors'
import { readingMultipart } from '../../http/multipart'
import { listPhotos } from './photo-list'
import { lockManageableDeal, removeFiles } from './photos'
import { dealsWritten } from './repository'
import { processPhoto, type ProcessedPhoto } from './photos-images'

/** The multipart plugin's per-request file cap (server/app.ts). */
const PHOTOS_PER_UPLOAD = 20
const MAXIMUM = `${DEAL_PHOTO_MAX_BYTES / (1024 * 1024)} MB`

/**
 * Reads every file part of the request into memory (each at most 10 MB; the multipart plugin caps the
 * count per request) and identifies each by its bytes. Nothing is stored until every file passed.
 */
async function readPhotoParts(request: FastifyRequest): Promise<Buffer[]> {
  if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type', 'unsupportedMediaType')
  const files: Buffer[] = []
  try {
    await readingMultipart(async () => {
      for await (const part of request.files({ limits: { fileSize: DEAL_PHOTO_MAX_BYTES } })) {
        const bytes = await readPhotoPart(request, part)
        if (bytes.length > 0) files.push(bytes)
      }
    })
  } catch (error) {
    // The multipart plugin's per-request file cap (app.ts) answers a plain 413; say what to do instead.
    if ((error as { code?: string }).code !== 'FST_FILES_LIMIT') throw error
    throw new AppError(413, 'too_many_files', 'photosPerUpload', {
      params: { maximum: PHOTOS_PER_UPLOAD },
      fields: { files: request.t('errors:photosPerUpload', { maximum: PHOTOS_PER_UPLOAD }) },
    })
  }
  if (files.length === 0) {
    throw new AppError(400, 'file_required', 'fileRequired', { fields: { files: request.t('validation:required') } })
  }
  return files
}

/** One file part's bytes, refused past 10 MB (413) or when they are not JPEG, PNG or WebP (415). */
async function readPhotoPart(request: FastifyRequest, part: MultipartFile): Promise<Buffer> {
  let bytes: Buffer
  try {
    bytes = await part.toBuffer()
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'file_too_large', 'fileTooLarge', {
        params: { maximum: MAXIMUM },
        fields: { files: request.t('validation:imageTooLarge', { maximum: MAXIMUM }) },
      })
    }
    throw error
  }
  if (bytes.length === 0) return bytes
  const type = await fileTypeFromBuffer(bytes)
  if (!type || !(IMAGE_MIME_TYPES as readonly string[]).includes(type.mime)) throw invalidImage(request)
  return bytes
}

const invalidImage = (request: FastifyRequest) =>
  new AppError(415, 'invalid_file_type', 'invalidFileType', { fields: { files: request.t('validation:imageType') } })

function photoLimit(request: FastifyRequest, count: number) {
  return new AppError(409, 'photo_limit', 'photoLimit', {
    params: { limit: DEAL_PHOTO_LIMIT, count },
    fields: { files: request.t('errors:photoLimit', { limit: DEAL_PHOTO_LIMIT, count }) },
  })
}

/**
 * Adds the uploaded photos after the listing's current ones. Sizes are made (and metadata stripped)
 * before the transaction, so the row lock is held only for the count check and the inserts; the files
 * of a refused upload are removed again.
 */
export async function uploadPhotos(app: FastifyInstance, request: FastifyRequest, dealId: string) {
  // Ownership first, so a stranger learns nothing from how their files would have been judged.
  const existing = await app.db.transaction(async (tx) => {
    await lockManageableDeal(tx, request, dealId)
    return countPhotos(tx, dealId)
  })
  const files = await readPhotoParts(request)
  if (existing + files.length > DEAL_PHOTO_LIMIT) throw photoLimit(request, existing)

  const stored: { displayKey: string; thumbKey: string; width: number; height: number }[] = []
  try {
    for (const bytes of files) {
      let processed: ProcessedPhoto
      try {
        processed = await processPhoto(bytes)
      } catch {
        // The header said image, the body is not one sharp can decode.
        throw invalidImage(request)
      }
      const display = await app.files.save({ folder: 'deal-photos', bytes: processed.display, extension: 'webp' })
      const thumb = await app.files.save({ folder: 'deal-photos', bytes: processed.thumb, extension: 'webp' })
      stored.push({ displayKey: display.key, thumbKey: thumb.key, width: processed.width, height: processed.height })
    }
    // The first photo is the listing's cover in browse: its remembered pages are forgotten around the write.
    await dealsWritten.writing(app.db, () =>
      app.db.transaction(async (tx) => {
        await lockManageableDeal(tx, request, dealId)
        const count = await countPhotos(tx, dealId)
        if (count + stored.length > DEAL_PHOTO_LIMIT) throw photoLimit(request, count)
        await tx.insert(dealPhotos).values(
          stored.map((file, index) => ({
            dealId,
            position: count + index,
            // Uploaded originals are not kept: they carry the camera's metadata. The display size is the largest.
            originalKey: file.displayKey,
            ...file,
          })),
        )
      }),
    )
  } catch (error) {
    await removeFiles(app, stored)
    throw error
  }
  return listPhotos(app.db, dealId)
}

async function countPhotos(db: FastifyInstance['db'], dealId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(dealPhotos)
    .where(eq(dealPhotos.dealId, dealId))
  return row?.n ?? 0
}
