import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import type { Target } from '../webhooks/address'

const PUSH_TIMEOUT_MS = 10_000

/**
 * POSTs an encrypted push message to a checked endpoint, connecting only to the address that was checked
 * (no DNS rebinding between the check and the connection; TLS still verifies the host name), with no
 * redirect followed and a 10 s limit. Answers the push service's status code; throws on a network error.
 */
export function postPush(target: Target, body: Buffer, headers: Record<string, string | number>): Promise<number> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }])
    else callback(null, target.address, target.family)
  }
  const { url } = target
  const request = url.protocol === 'https:' ? https.request : http.request
  return new Promise((resolve, reject) => {
    const req = request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        agent: false,
        lookup: pinned,
        timeout: PUSH_TIMEOUT_MS,
        headers: { ...headers, 'content-length': String(body.length) },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
        res.on('error', reject)
      },
    )
    req.on('timeout', () => req.destroy(new Error('push service did not answer in time')))
    req.on('error', reject)
    req.end(body)
  })
}
