import type { IncomingMessage } from 'node:http'
import proxyAddr from '@fastify/proxy-addr'
import type { FastifyServerOptions } from 'fastify'
import type { Config } from '../config'

type TrustSetting = Config['TRUST_PROXY']

/** Fastify's typings leave out the hop count that proxy-addr understands: trust the nearest `hops` proxies. */
export function trustProxyOption(setting: TrustSetting): FastifyServerOptions['trustProxy'] {
  if (typeof setting !== 'number') return setting
  return (_address: string, hop: number) => hop < setting
}

/**
 * The caller's address of a raw request (a websocket upgrade, which Fastify never sees), decided as Fastify
 * decides `request.ip` with the same TRUST_PROXY: the same library (Fastify's own proxy-addr), so the
 * per-address limits of the HTTP side and of the socket count the same person the same way.
 */
export function clientAddressOf(setting: TrustSetting): (request: IncomingMessage) => string {
  const option = trustProxyOption(setting)
  const trust =
    typeof option === 'function'
      ? option
      : option === true
        ? () => true
        : Array.isArray(option)
          ? proxyAddr.compile(option)
          : () => false
  return (request) => proxyAddr(request, trust)
}
