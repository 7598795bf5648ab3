import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import type { FastifyInstance } from 'fastify'
import type { S3Settings } from './env'
import { UPLOADS_PREFIX, uploadKeyOf, type ObjectStore } from './store'

/**
 * A redirect to a stored file is signed for this window's start and stays valid for two windows: every
 * redirect handed out within one window points at the same URL (so the browser's cache of the image, keyed
 * by that URL, is reused), and the URL still works for at least one window after it was handed out.
 */
export const SIGNED_URL_WINDOW_SECONDS = 300

const PUBLIC_CACHE = 'public, max-age=31536000, immutable'
const PRIVATE_CACHE = 'private, no-store'

export type S3Objects = ObjectStore & {
  /** A short-lived presigned GET URL for the object, or null when there is no such object. */
  signedUrl(key: string, now: Date): Promise<string | null>
}

const isMissing = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404

/**
 * Objects in an S3 bucket (AWS, or any S3-compatible store through S3_ENDPOINT). Credentials come from the
 * SDK's default chain. Objects carry no ACL: a bucket's objects are private unless a policy says otherwise, and
 * buckets made since 2023 refuse any ACL but the owner's (ACLs disabled), so sending one would break there.
 */
export function createS3Objects(s3: S3Settings): S3Objects & { client: S3Client } {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    // The SDK's default CRC checksums on every request are refused by several S3-compatible stores; the
    // signature already covers the payload's integrity in transit.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const Bucket = s3.bucket
  return {
    client,
    async put(key, bytes, { contentType, isPrivate }) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          CacheControl: isPrivate ? PRIVATE_CACHE : PUBLIC_CACHE,
        }),
      )
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0)
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },
    async signedUrl(key, now) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }))
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
      const windowMs = SIGNED_URL_WINDOW_SECONDS * 1000
      const signingDate = new Date(Math.floor(now.getTime() / windowMs) * windowMs)
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), {
        signingDate,
        expiresIn: 2 * SIGNED_URL_WINDOW_SECONDS,
      })
    },
  }
}

/**
 * `GET /uploads/<folder>/<name>` in S3 mode: a 302 to a presigned URL of the object, so the bytes go from the
 * bucket to the browser without passing through an instance; 404 for a key the bucket does not hold. The
 * redirect may be cached by the browser until its window ends (its target is the same until then).
 */
export function serveS3Uploads(app: FastifyInstance, objects: S3Objects) {
  app.get(`${UPLOADS_PREFIX}*`, async (request, reply) => {
    const key = uploadKeyOf(`${UPLOADS_PREFIX}${(request.params as { '*': string })['*']}`)
    // The signature is checked by the bucket against the real time, never a test's fake clock.
    const now = new Date()
    const target = key ? await objects.signedUrl(`uploads/${key}`, now) : null
    if (!target) return reply.callNotFound()
    const secondsLeft = SIGNED_URL_WINDOW_SECONDS - (Math.floor(now.getTime() / 1000) % SIGNED_URL_WINDOW_SECONDS)
    return reply.header('cache-control', `private, max-age=${secondsLeft}`).redirect(target, 302)
  })
}
