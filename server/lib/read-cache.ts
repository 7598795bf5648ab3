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

/** The generation of data that several kinds of write change: it moves whenever any of `generations` does. */
export function anyWriteOf(...generations: WriteGeneration[]): Pick<WriteGeneration, 'current'> {
  return {
    get current() {
      // Each only grows, so the sum changes exactly when one of them does.
      return generations.reduce((sum, generation) => sum + generation.current, 0)
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
 * their session is still open, a browse page). A write in this process forgets them at once (through
 * `generation`); `ttlMs` bounds how long a write made elsewhere (another server on the same PostgreSQL)
 * goes unseen. Callers asking for a key whose read is already under way under the same generation share
 * that read, so a value expiring under load costs one read, not one per request waiting for it.
 */
export function createReadCache<V extends object | boolean>(
  generation: Pick<WriteGeneration, 'current'>,
  { max, ttlMs }: { max: number; ttlMs: number },
): ReadCache<V> {
  const cache = new LRUCache<string, Entry<V>>({ max, ttl: ttlMs })
  const reading = new Map<string, { value: Promise<V>; generation: number }>()
  return {
    async get(key, load) {
      const known = cache.get(key)
      if (known && known.generation === generation.current) return known.value
      const readUnder = generation.current
      const shared = reading.get(key)
      // Begun under the same generation: nothing was written since, so its answer is as fresh as a new read.
      if (shared && shared.generation === readUnder) return shared.value
      const value = load()
      reading.set(key, { value, generation: readUnder })
      try {
        const loaded = await value
        if (generation.current === readUnder) cache.set(key, { value: loaded, generation: readUnder })
        return loaded
      } finally {
        if (reading.get(key)?.value === value) reading.delete(key)
      }
    },
  }
}
