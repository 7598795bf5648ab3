import { LRUCache } from 'lru-cache'

/**
 * A counter that every write to some data bumps. Caches of that data compare it with the value they
 * read under, so a write in this process makes every earlier read stale at once.
 */
export type WriteGeneration = {
  readonly current: number
  /** Runs a write, bumping before (reads in flight are not kept) and after (nor reads made meanwhile). */
  writing<T>(write: () => Promise<T>): Promise<T>
}

export function createWriteGeneration(): WriteGeneration {
  let current = 0
  return {
    get current() {
      return current
    },
    async writing(write) {
      current += 1
      try {
        return await write()
      } finally {
        current += 1
      }
    },
  }
}

type Entry<V> = { value: V; generation: number }

export type ReadCache<V> = {
  /** The remembered value for `key`, or what `load` answers (remembered unless a write raced it). */
  get(key: string, load: () => Promise<V>): Promise<V>
}

/**
 * Remembers reads of data that is read on every request and written rarely (the caller's user row, whether
 * their session is still open). A write in this process forgets them at once (through `generation`);
 * `ttlMs` bounds how long a write made elsewhere (another server on the same PostgreSQL) goes unseen.
 */
export function createReadCache<V extends object | boolean>(
  generation: WriteGeneration,
  { max, ttlMs }: { max: number; ttlMs: number },
): ReadCache<V> {
  const cache = new LRUCache<string, Entry<V>>({ max, ttl: ttlMs })
  return {
    async get(key, load) {
      const known = cache.get(key)
      if (known && known.generation === generation.current) return known.value
      const readUnder = generation.current
      const value = await load()
      if (generation.current === readUnder) cache.set(key, { value, generation: readUnder })
      return value
    },
  }
}
