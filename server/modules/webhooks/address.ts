import { lookup as dnsLookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

/**
 * Where a webhook may go (issue 11): an https URL (http too in development or with the escape hatch) whose
 * host resolves only to public unicast addresses. The URL is read by the WHATWG parser, which already turns
 * `2130706433`, `0x7f.1` or `017700000001` into 127.0.0.1; addresses are judged by ipaddr.js, IPv4-mapped IPv6
 * as the IPv4 address it carries. Anything but a public unicast range is refused: loopback, private,
 * link-local (so 169.254.169.254), carrier-grade NAT, multicast, broadcast, unspecified, unique-local (so
 * fd00:ec2::254), reserved and the translation prefixes (6to4, NAT64, Teredo) that could embed one of those.
 */

/** Resolves a host name to every address it has (dns.lookup, so /etc/hosts counts as the connection would). */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>

const RESOLVE_TIMEOUT_MS = 5000

/** dns.lookup has no time limit of its own: a name that takes longer than 5 s counts as not found. */
export const systemResolver: Resolver = (hostname) => {
  let timer: NodeJS.Timeout | undefined
  const slow = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`lookup of ${hostname} timed out`)), RESOLVE_TIMEOUT_MS)
  })
  return Promise.race([dnsLookup(hostname, { all: true, verbatim: true }), slow]).finally(() => clearTimeout(timer))
}

export type TargetPolicy = {
  /** Plain http allowed (development, or the escape hatch). */
  allowHttp: boolean
  /** Loopback and private addresses allowed: the escape hatch for a local receiver in tests only. */
  allowPrivate: boolean
  resolve: Resolver
}

/** Why a URL may not receive webhooks; each has a field message `validation:webhookUrl<Reason>`. */
export type TargetRefusal = 'invalid' | 'scheme' | 'address' | 'unresolvable'

export class TargetRefusedError extends Error {
  override name = 'TargetRefusedError'
  constructor(readonly reason: TargetRefusal) {
    super(`webhook target refused: ${reason}`)
  }
}

/** A checked target: the parsed URL and the one address the connection must go to. */
export type Target = { url: URL; address: string; family: 4 | 6 }

/** True when the address is public unicast (an IPv4-mapped IPv6 address is judged as its IPv4 address). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  return ipaddr.process(address).range() === 'unicast'
}

/**
 * Parses and checks a webhook URL, resolving its host: every address it resolves to must be allowed (one bad
 * address refuses the host, so a name cannot mix a public and a private one), and the first is the one to
 * connect to. Throws TargetRefusedError.
 */
export async function checkTarget(raw: string, policy: TargetPolicy): Promise<Target> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new TargetRefusedError('invalid')
  }
  if (url.username || url.password || !url.hostname) throw new TargetRefusedError('invalid')
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) {
    throw new TargetRefusedError(url.protocol === 'http:' || url.protocol === 'https:' ? 'scheme' : 'invalid')
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  let addresses: { address: string; family: number }[]
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }]
  } else {
    try {
      addresses = await policy.resolve(host)
    } catch {
      throw new TargetRefusedError('unresolvable')
    }
    if (addresses.length === 0) throw new TargetRefusedError('unresolvable')
  }
  if (!policy.allowPrivate && !addresses.every(({ address }) => isPublicAddress(address))) {
    throw new TargetRefusedError('address')
  }
  const [first] = addresses
  if (!first || isIP(first.address) === 0) throw new TargetRefusedError('unresolvable')
  return { url, address: first.address, family: isIP(first.address) as 4 | 6 }
}
