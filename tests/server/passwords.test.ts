import { afterEach, describe, expect, it, vi } from 'vitest'
import { hashPassword, verifyPassword } from '../../server/identity/passwords'

// The suites lower the hashing cost through TEST_PASSWORD_HASH_N (vitest.config.ts): what production stores
// must not depend on it.
describe('password hashes', () => {
  afterEach(() => vi.unstubAllEnvs())

  const costOf = (hash: string) => hash.split('$').slice(0, 4).join('$')

  it('are made at the production cost (scrypt N=2^15, r=8, p=1) when nothing lowers it', async () => {
    vi.stubEnv('TEST_PASSWORD_HASH_N', '')
    const hash = await hashPassword('DemoPass1!')
    expect(costOf(hash)).toBe('scrypt$32768$8$1')
    expect(await verifyPassword('DemoPass1!', hash)).toBe(true)
    expect(await verifyPassword('DemoPass1?', hash)).toBe(false)
  })

  it('ignore the tests’ lower cost outside NODE_ENV=test, and any value that is no smaller power of two', async () => {
    vi.stubEnv('TEST_PASSWORD_HASH_N', '1024')
    vi.stubEnv('NODE_ENV', 'production')
    expect(costOf(await hashPassword('DemoPass1!'))).toBe('scrypt$32768$8$1')
    vi.stubEnv('NODE_ENV', 'test')
    for (const value of ['1000', '65536', '-1024', 'many']) {
      vi.stubEnv('TEST_PASSWORD_HASH_N', value)
      expect(costOf(await hashPassword('DemoPass1!'))).toBe('scrypt$32768$8$1')
    }
  })

  it('are checked with the cost stored in each, so a cheaper test hash and a production one both verify', async () => {
    vi.stubEnv('NODE_ENV', 'test')
    vi.stubEnv('TEST_PASSWORD_HASH_N', '1024')
    const cheap = await hashPassword('DemoPass1!')
    expect(costOf(cheap)).toBe('scrypt$1024$8$1')
    vi.stubEnv('TEST_PASSWORD_HASH_N', '')
    const full = await hashPassword('DemoPass1!')
    expect(await verifyPassword('DemoPass1!', cheap)).toBe(true)
    expect(await verifyPassword('DemoPass1!', full)).toBe(true)
    expect(await verifyPassword('demopass1!', cheap)).toBe(false)
  })
})
