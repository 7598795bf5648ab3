import { LRUCache } from 'lru-cache'

/** A generation as one instance (one root Database object) sees it. */
export type Generation = { readonly current: number }

/**
 * A counter that every write to some data bumps, kept per instance: per root database object (a transaction
 * counts under the database it was opened on, see `rootDatabase`), so two apps in one process over two
 * connections keep their own, as two servers would. Caches of that data compare it with the value they read
 * under, so a write on this instance makes every earlier read stale at once; the write is announced (after
 * its commit) and every other instance bumps the same generation when it hears it (server/db/cache-bus.ts).
 */
export type WriteGeneration = {
  readonly name: string
  /** The generation as the instance of `db` sees it. */
  of(db: object): Generation
  /** Runs a write on `db`, bumping before (reads in flight are not kept) and after (nor reads made meanwhile). */
  writing<T>(db: object, write: () => Promise<T>): Promise<T>
  /** A write another instance announced: one bump on the instance of `db`. */
  bump(db: object): void
}

/** What `of` and `writing` count a database object under; the identity until server/db wires it. */
type Scoping = {
  /** The root database of a transaction (null for one opened outside the app's tracking, e.g. a savepoint). */
  root(db: object): object | null
  /** Told once a write on `db` is done (to announce it to the other instances); never throws. */
  written(generation: string, db: object): Promise<void> | void
}
let scoping: Scoping = { root: (db) => db, written: () => undefined }
export function scopeWriteGenerations(next: Scoping) {
  scoping = next
}

const generations = new Map<string, WriteGeneration>()
/** Bumps on every instance at once: a write whose instance cannot be told (see Scoping.root). */
let everywhere = 0

/** The generation named `name` (one per kind of data: the name is what instances announce to each other). */
export function createWriteGeneration(name: string): WriteGeneration {
  const counts = new WeakMap<object, number>()
  const countOf = (root: object) => counts.get(root) ?? 0
  const bumpOn = (db: object) => {
    const root = scoping.root(db)
    if (root === null) everywhere += 1
    else counts.set(root, countOf(root) + 1)
  }
  const generation: WriteGeneration = {
    name,
    of(db) {
      const root = scoping.root(db) ?? db
      return {
        get current() {
          return everywhere + countOf(root)
        },
      }
    },
    async writing(db, write) {
      bumpOn(db)
      try {
        return await write()
      } finally {
        bumpOn(db)
        await scoping.written(name, db)
      }
    },
    bump: bumpOn,
  }
  generations.set(name, generation)
  return generation
}

/** Every generation, by name (the bus bumps them by the name a write announced). */
export const writeGenerations: ReadonlyMap<string, WriteGeneration> = generations

/** The generation of data that several kinds of write change: it moves whenever any of `generations` does. */
export function anyWriteOf(...kinds: WriteGeneration[]): Pick<WriteGeneration, 'of'> {
  return {
    of(db) {
      const each = kinds.map((kind) => kind.of(db))
      return {
        get current() {
          // Each only grows, so the sum changes exactly when one of them does.
          return each.reduce((sum, generation) => sum + generation.current, 0)
        },
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
 * their session is still open, a browse page). A write in this process forgets them at once (through
 * `generation`), and a write on another instance as soon as it is heard; `ttlMs` bounds how long one
 * goes unseen if its announcement is lost (the other instance's listening connection was down). Callers asking for a key whose read is already under way under the same generation share
 * that read, so a value expiring under load costs one read, not one per request waiting for it.
 */
export function createReadCache<V extends object | boolean>(
  generation: Generation,
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
