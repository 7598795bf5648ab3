import { AppError } from './errors'

/**
 * Runs `read` over a multipart request and turns what a broken body makes the parser throw (cut off,
 * no boundary, a bad part header: plain errors without a status) into 400 `malformed_multipart`.
 * Errors that already carry a status (AppError, the plugin's own 413 limits) pass through unchanged.
 */
export async function readingMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof AppError || hasStatus(error)) throw error
    throw new AppError(400, 'malformed_multipart', 'malformedMultipart', {}, { cause: error })
  }
}

function hasStatus(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode
  return typeof status === 'number' && status >= 400 && status < 500
}
