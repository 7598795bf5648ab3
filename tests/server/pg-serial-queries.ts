import pg from 'pg'
import { afterEach, expect } from 'vitest'

/**
 * node-postgres runs one statement at a time per connection and queues the rest; asking a client (a
 * transaction's, above all) for a second statement before the first has answered is deprecated and refused by
 * pg 9 ("Calling client.query() when the client is already executing a query"). In the `server-pg` project a
 * test fails when the code under it does so, naming the statement sent and those it had to wait for (a stack
 * would not help: the caller's frames end at drizzle's `then`).
 */
type Patched = typeof pg.Client.prototype.query & { overlapping?: string[] }
// A worker runs this file again for each test file it takes, but loads pg once: the patch is made once and
// keeps its findings on itself, where every later run of this file reads them.
const current = pg.Client.prototype.query as Patched
if (!current.overlapping) {
  const original = current
  const overlapping: string[] = []
  const guarded = function (
    this: pg.Client & { _queryQueue?: unknown[]; _activeQuery?: unknown; pipeline?: boolean },
    ...args: unknown[]
  ) {
    if ((this._activeQuery || (this._queryQueue?.length ?? 0) > 0) && !this.pipeline) {
      const text = (statement: unknown) =>
        String(typeof statement === 'string' ? statement : (statement as { text?: string } | null)?.text).slice(0, 300)
      const waiting = [this._activeQuery, ...(this._queryQueue ?? [])].filter(Boolean).map((query) => text(query))
      overlapping.push(`${text(args[0])}\n  while waiting: ${waiting.join('\n  ')}`)
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args)
  } as Patched
  guarded.overlapping = overlapping
  pg.Client.prototype.query = guarded
}

afterEach(() => {
  const found = (pg.Client.prototype.query as Patched).overlapping!.splice(0)
  expect(found, 'statements sent to one PostgreSQL client while it was busy').toEqual([])
})
