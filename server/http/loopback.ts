import type { FastifyRequest } from 'fastify'
import ipaddr from 'ipaddr.js'
import { AppError } from './errors'

/** Headers a proxy adds when it forwards a request: their presence means the caller is not the proxy. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const

/**
 * The guard of an endpoint whose contract says `auth: 'loopback'`: the connection itself must come from this
 * machine (127.0.0.0/8, ::1, or either IPv4-mapped), judged by the socket's address and never by
 * X-Forwarded-For, whatever TRUST_PROXY says. A request that a proxy forwarded is refused even when the proxy
 * is on this machine, since the proxy may have taken it from anywhere. Anyone else is told there is no such
 * route (404), as in production, where it is not registered at all.
 */
export async function requireLoopback(request: FastifyRequest): Promise<void> {
  if (!isLoopback(request.socket.remoteAddress) || FORWARDING_HEADERS.some((name) => name in request.headers)) {
    throw new AppError(404, 'not_found', 'notFound')
  }
}

function isLoopback(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false
  return ipaddr.process(address).range() === 'loopback'
}
