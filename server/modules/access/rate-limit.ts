import type { RateLimitPluginOptions } from '@fastify/rate-limit'
import { AppError } from '../../http/errors'

/**
 * @fastify/rate-limit, registered once for the whole app with no global limit: a route opts in with
 * `config: { rateLimit: { max, timeWindow } }`. Refusals use the API error shape (429 rate_limited)
 * in the caller's language; the plugin adds retry-after and x-ratelimit-* headers.
 */
export const rateLimitOptions: RateLimitPluginOptions = {
  global: false,
  errorResponseBuilder: () => new AppError(429, 'rate_limited', 'rateLimited'),
}
