import type { FastifyRequest } from 'fastify'
import { fileTypeFromBuffer } from 'file-type'
import { FEEDBACK_SCREENSHOT_MAX_BYTES, FeedbackInputSchema, IMAGE_MIME_TYPES } from '../../../src/contract'
import { AppError, RequestValidationError } from '../../http/errors'
import { readingMultipart } from '../../http/multipart'
import { findUnstorableText, UnstorableTextError } from '../../http/text-guard'
import { reencodeImage, type ImageUpload } from '../profile/image-upload'

export type FeedbackSubmission = {
  fields: ReturnType<typeof FeedbackInputSchema.parse>
  /** The screenshot re-encoded to WebP without any metadata, when one came. */
  screenshot: Buffer | null
}

/** A screenshot is shown in the admins' viewer at most this wide or high. */
const SCREENSHOT_MAX_SIDE = 2560

const invalidImage = (request: FastifyRequest) =>
  new AppError(415, 'invalid_file_type', 'invalidFileType', {
    fields: { file: request.t('validation:feedbackImageType') },
  })

/**
 * Reads the multipart body of `POST /api/feedback`: its text fields (judged by the contract's schema) and at
 * most one file in `file`, identified by its bytes (the name and declared type are the client's word): 413
 * past 10 MB, 415 unless JPEG, PNG or WebP (or when it does not decode), 400 when it comes with a type other
 * than a bug report. The image is re-encoded so no EXIF, GPS or XMP block is kept.
 */
export async function readFeedbackSubmission(request: FastifyRequest): Promise<FeedbackSubmission> {
  if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type', 'unsupportedMediaType')
  const raw: Record<string, string> = {}
  let file: Buffer | null = null
  await readingMultipart(async () => {
    for await (const part of request.parts({ limits: { fileSize: FEEDBACK_SCREENSHOT_MAX_BYTES, files: 1 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') raw[part.fieldname] = part.value
        continue
      }
      if (part.fieldname !== 'file') {
        await part.toBuffer().catch(() => undefined)
        continue
      }
      try {
        file = await part.toBuffer()
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, 'file_too_large', 'fileTooLarge', {
            fields: { file: request.t('validation:feedbackImageTooLarge') },
          })
        }
        throw error
      }
    }
  })
  const unstorable = findUnstorableText(raw)
  if (unstorable !== null) throw new UnstorableTextError('body', unstorable)
  const parsed = FeedbackInputSchema.safeParse(raw, { reportInput: false })
  if (!parsed.success) throw new RequestValidationError(parsed.error.issues)

  const bytes = file as Buffer | null
  if (!bytes || bytes.length === 0) return { fields: parsed.data, screenshot: null }
  if (parsed.data.type !== 'bug') {
    throw new AppError(400, 'screenshot_bug_only', 'invalidInput', {
      fields: { file: request.t('validation:feedbackScreenshotBugOnly') },
    })
  }
  const type = await fileTypeFromBuffer(bytes)
  if (!type || !(IMAGE_MIME_TYPES as readonly string[]).includes(type.mime)) throw invalidImage(request)
  const image = { bytes, extension: type.ext, mime: type.mime } as ImageUpload
  try {
    const stored = await reencodeImage(request, image, {
      maxSide: SCREENSHOT_MAX_SIDE,
      maxBytes: FEEDBACK_SCREENSHOT_MAX_BYTES,
    })
    return { fields: parsed.data, screenshot: stored.bytes }
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 415) throw invalidImage(request)
    throw error
  }
}
