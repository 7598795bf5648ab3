import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import type { WebhookError } from '../../../src/contract'
import type { Target } from './address'

export const DELIVERY_TIMEOUT_MS = 5000

export type SendResult =
  { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: WebhookError }

/**
 * POSTs the body to a checked target, connecting only to the address that was checked: the request's
 * `lookup` answers with it whatever DNS says now (no rebinding between check and connect), TLS still verifies
 * the certificate against the host name. No redirect is followed (a 3xx is a failed attempt), no socket is
 * reused, and the whole exchange has DELIVERY_TIMEOUT_MS. Any 2xx is success.
 */
export function sendWebhook(target: Target, body: string, headers: Record<string, string>): Promise<SendResult> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }])
    else callback(null, target.address, target.family)
  }
  const { url } = target
  const request = url.protocol === 'https:' ? https.request : http.request
  return new Promise((resolve) => {
    let settled = false
    const finish = (result: SendResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(result)
    }
    const req = request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        agent: false,
        lookup: pinned,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Keyway-Webhooks/1',
        },
      },
      (res) => {
        const statusCode = res.statusCode ?? 0
        // Read (and drop) the answer so the socket closes cleanly; its content is not kept.
        res.resume()
        res.on('end', () => {
          if (statusCode >= 200 && statusCode < 300) finish({ ok: true, statusCode })
          else
            finish({ ok: false, statusCode, error: statusCode >= 300 && statusCode < 400 ? 'redirect' : 'http_status' })
        })
        res.on('error', () => finish({ ok: false, statusCode, error: 'network' }))
      },
    )
    const timer = setTimeout(() => {
      finish({ ok: false, statusCode: null, error: 'timeout' })
      req.destroy()
    }, DELIVERY_TIMEOUT_MS)
    req.on('error', () => finish({ ok: false, statusCode: null, error: 'network' }))
    req.end(body)
  })
}
