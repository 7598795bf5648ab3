import { describe, expect, it } from 'vitest'
import { createReadCache, createWriteGeneration } from '../../server/lib/read-cache'

function counting() {
  let reads = 0
  let stored = { name: 'first' }
  return {
    load: async () => {
      reads += 1
      return stored
    },
    set: (name: string) => {
      stored = { name }
    },
    get reads() {
      return reads
    },
  }
}

/** The database object an instance holds (generations are counted per instance). */
const instance = {}

describe('read cache', () => {
  it('answers a repeated read from memory', async () => {
    const cache = createReadCache(createWriteGeneration('test').of(instance), { max: 10, ttlMs: 60_000 })
    const source = counting()
    await cache.get('a', source.load)
    expect(await cache.get('a', source.load)).toEqual({ name: 'first' })
    expect(source.reads).toBe(1)
  })

  it('reads again after a write through the generation', async () => {
    const written = createWriteGeneration('test')
    const cache = createReadCache(written.of(instance), { max: 10, ttlMs: 60_000 })
    const source = counting()
    await cache.get('a', source.load)
    await written.writing(instance, async () => source.set('second'))
    expect(await cache.get('a', source.load)).toEqual({ name: 'second' })
    expect(source.reads).toBe(2)
  })

  it('does not keep a read that a write overtook', async () => {
    const written = createWriteGeneration('test')
    const cache = createReadCache(written.of(instance), { max: 10, ttlMs: 60_000 })
    const source = counting()
    let release!: () => void
    const slowRead = cache.get('a', async () => {
      const value = await source.load()
      await new Promise<void>((resolve) => (release = resolve))
      return value
    })
    await Promise.resolve()
    await written.writing(instance, async () => source.set('second'))
    release()
    expect(await slowRead).toEqual({ name: 'first' })
    expect(await cache.get('a', source.load)).toEqual({ name: 'second' })
  })

  it('forgets after its time to live', async () => {
    const cache = createReadCache(createWriteGeneration('test').of(instance), { max: 10, ttlMs: 1 })
    const source = counting()
    await cache.get('a', source.load)
    await new Promise((resolve) => setTimeout(resolve, 10))
    await cache.get('a', source.load)
    expect(source.reads).toBe(2)
  })

  it('shares a read under way with the callers asking meanwhile', async () => {
    const cache = createReadCache(createWriteGeneration('test').of(instance), { max: 10, ttlMs: 60_000 })
    const source = counting()
    const answers = await Promise.all([cache.get('a', source.load), cache.get('a', source.load)])
    expect(answers).toEqual([{ name: 'first' }, { name: 'first' }])
    expect(source.reads).toBe(1)
  })

  it('does not share a read that a write overtook', async () => {
    const written = createWriteGeneration('test')
    const cache = createReadCache(written.of(instance), { max: 10, ttlMs: 60_000 })
    const source = counting()
    let release!: () => void
    const slowRead = cache.get('a', async () => {
      const value = await source.load()
      await new Promise<void>((resolve) => (release = resolve))
      return value
    })
    await Promise.resolve()
    await written.writing(instance, async () => source.set('second'))
    expect(await cache.get('a', source.load)).toEqual({ name: 'second' })
    release()
    expect(await slowRead).toEqual({ name: 'first' })
  })

  it('keeps what another instance remembered until it hears of the write (bump)', async () => {
    const written = createWriteGeneration('test')
    const other = {}
    const cache = createReadCache(written.of(other), { max: 10, ttlMs: 60_000 })
    const source = counting()
    await cache.get('a', source.load)
    await written.writing(instance, async () => source.set('second'))
    expect(await cache.get('a', source.load)).toEqual({ name: 'first' })
    written.bump(other)
    expect(await cache.get('a', source.load)).toEqual({ name: 'second' })
  })
})
