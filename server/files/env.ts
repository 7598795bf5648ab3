import { z } from 'zod'
import { booleanFromEnv } from '../lib/env-values'

/**
 * The file-storage part of the environment, spread into server/config.ts (still the only place that reads env
 * vars). S3_BUCKET set means uploads go to that bucket; credentials come from the AWS SDK's own chain
 * (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, a profile, an instance or task role), never from here.
 */
export const filesEnvShape = {
  /** S3 bucket naming rules: 3-63 lowercase letters, digits, dots and hyphens, starting and ending alphanumeric. */
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
    )
    .optional(),
  /** us-east-1 on AWS; S3-compatible stores take their own (MinIO us-east-1, Cloudflare R2 auto). */
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{1,30}$/, 'must be a region like us-east-1')
    .optional(),
  /** An S3-compatible store's address (MinIO, R2, a local test server); unset means AWS itself. */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL such as https://minio.example:9000' })
    .refine((value) => ['', '/'].includes(new URL(value).pathname) && !new URL(value).search, {
      message: 'must be the store address only, without a path (e.g. https://minio.example:9000)',
    })
    .optional(),
  /** Bucket in the path (endpoint/bucket/key) instead of the host name (bucket.endpoint/key); most stores but AWS need it. */
  S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
}

type FilesEnv = z.output<z.ZodObject<typeof filesEnvShape>>

export type S3Settings = {
  bucket: string
  region: string
  /** Without a trailing slash; undefined means AWS's regional endpoint. */
  endpoint: string | undefined
  forcePathStyle: boolean
}

/** Issues of a half-configured S3 setup, by variable name (S3_BUCKET is what turns S3 on). */
export function s3ConfigIssues(parsed: FilesEnv): { name: string; message: string }[] {
  if (parsed.S3_BUCKET === undefined) {
    // S3_FORCE_PATH_STYLE=false is the default spelled out (as .env.example has it), not a half-set S3.
    const stray = (['S3_REGION', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE'] as const).filter(
      (name) => parsed[name] !== undefined && parsed[name] !== false,
    )
    return stray.length === 0
      ? []
      : [{ name: 'S3_BUCKET', message: `is required when ${stray.join(', ')} is set (S3_BUCKET turns S3 storage on)` }]
  }
  if (parsed.S3_REGION === undefined) {
    return [{ name: 'S3_REGION', message: 'is required when S3_BUCKET is set (e.g. us-east-1)' }]
  }
  return []
}

/** The bucket uploads go to, or null: the local disk (DATA_DIR/uploads). */
export function s3Settings(parsed: FilesEnv): S3Settings | null {
  if (parsed.S3_BUCKET === undefined || parsed.S3_REGION === undefined) return null
  return {
    bucket: parsed.S3_BUCKET,
    region: parsed.S3_REGION,
    endpoint: parsed.S3_ENDPOINT?.replace(/\/+$/, ''),
    forcePathStyle: parsed.S3_FORCE_PATH_STYLE ?? false,
  }
}

/**
 * The origins a browser is redirected to for a stored file (a presigned URL's origin), for the CSP's img-src:
 * the endpoint itself with path-style addressing; else the bucket's virtual host, and the endpoint too (the SDK
 * falls back to the path for a bucket name a host name cannot carry, such as one with dots over TLS).
 */
export function s3BrowserOrigins(s3: S3Settings): string[] {
  const endpoint = new URL(s3.endpoint ?? `https://s3.${s3.region}.amazonaws.com`)
  if (s3.forcePathStyle) return [endpoint.origin]
  const virtualHost = new URL(endpoint)
  virtualHost.hostname = `${s3.bucket}.${endpoint.hostname}`
  return [virtualHost.origin, endpoint.origin]
}
