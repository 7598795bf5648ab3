import ipaddr from 'ipaddr.js'

/**
 * What one caller's sockets are counted under: an IPv4 address (also one mapped into IPv6), or the /64 of an
 * IPv6 address, since one subscriber's network hands out a whole /64 and its addresses cost nothing.
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address
  const parsed = ipaddr.process(address)
  if (parsed.kind() === 'ipv4') return parsed.toString()
  const network = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16))
  return `${network.join(':')}::/64`
}

/** Open sockets per caller address, at most `max` each. */
export function createAddressQuota(max: number) {
  const held = new Map<string, number>()
  return {
    /** Counts one more socket for `address`: the key to release it under, or null when the address is full. */
    take(address: string): string | null {
      const key = addressKey(address)
      const count = held.get(key) ?? 0
      if (count >= max) return null
      held.set(key, count + 1)
      return key
    },
    release(key: string) {
      const count = (held.get(key) ?? 1) - 1
      if (count > 0) held.set(key, count)
      else held.delete(key)
    },
  }
}
