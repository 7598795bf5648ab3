import { lookup as dnsLookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

/**
 * Where a webhook may go (issues 11 and 22): an https URL (http too in development or with the escape hatch)
 * whose host resolves only to global unicast addresses. The URL is read by the WHATWG parser, which already
 * turns `2130706433`, `0x7f.1` or `017700000001` into 127.0.0.1 and `[::127.0.0.1]` into `[::7f00:1]`.
 * Addresses are judged by an allow-list, everything else refused: IPv4 outside every range of IANA's
 * special-purpose registry (so loopback, private, link-local 169.254.169.254, carrier-grade NAT, documentation,
 * benchmarking, multicast, reserved, broadcast), an IPv4-mapped IPv6 address as the IPv4 address it carries,
 * and IPv6 only inside global unicast 2000::/3 minus its special ranges (2001::/23 with Teredo, 2001:db8::/32
 * and 3fff::/20 documentation, 2002::/16 6to4, AS112). So no address that carries an IPv4 address passes in
 * any other form: IPv4-compatible `::a.b.c.d`, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, 6to4 and Teredo are
 * outside 2000::/3 or inside a refused range, whatever IPv4 address they carry.
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

const cidrs = (list: string[]) => list.map((cidr) => ipaddr.parseCIDR(cidr))

/** IANA IPv4 special-purpose address registry, every entry, plus multicast 224/4. */
const SPECIAL_IPV4 = cidrs([
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.31.196.0/24',
  '192.52.193.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '192.175.48.0/24',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '255.255.255.255/32',
])

const GLOBAL_UNICAST_IPV6 = ipaddr.parseCIDR('2000::/3')

/** The entries of IANA's IPv6 special-purpose registry that lie inside 2000::/3. */
const SPECIAL_IPV6 = cidrs(['2001::/23', '2001:db8::/32', '2002::/16', '2620:4f:8000::/48', '3fff::/20'])

/**
 * True when the address is global unicast (an IPv4-mapped IPv6 address is judged as its IPv4 address): an
 * allow-list, so a range nobody thought of is refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  const parsed = ipaddr.process(address)
  if (parsed.kind() === 'ipv4') return !SPECIAL_IPV4.some((range) => parsed.match(range))
  return parsed.match(GLOBAL_UNICAST_IPV6) && !SPECIAL_IPV6.some((range) => parsed.match(range))
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
