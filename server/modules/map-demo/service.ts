import { Worker } from 'node:worker_threads'
import type { MapDemoAnswer, MapDemoQuery } from '../../../src/contract'
import type { WorkerQuery, WorkerReply } from './worker'

/**
 * Asks the clustering thread (worker.ts), started on the first demo query: no ordinary request ever pays
 * for it. Queries are answered in order; a query behind a first-time build waits for that build.
 */
export class MapDemoClusters {
  private worker: Worker | undefined
  private nextId = 0
  private readonly waiting = new Map<
    number,
    { resolve: (answer: MapDemoAnswer) => void; reject: (error: Error) => void }
  >()

  query(query: MapDemoQuery): Promise<MapDemoAnswer> {
    const worker = this.start()
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject })
      worker.postMessage({ id, query } satisfies WorkerQuery)
    })
  }

  async close() {
    const worker = this.worker
    this.worker = undefined
    await worker?.terminate()
  }

  private start(): Worker {
    if (this.worker) return this.worker
    const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url))
    worker.unref()
    worker.on('message', (reply: WorkerReply) => {
      const pending = this.waiting.get(reply.id)
      this.waiting.delete(reply.id)
      if ('answer' in reply) pending?.resolve(reply.answer)
      else pending?.reject(new Error(`map demo clustering failed: ${reply.error}`))
    })
    // A thread that dies (out of memory) fails what it held; the next query starts a new one.
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined
      for (const pending of this.waiting.values()) pending.reject(error)
      this.waiting.clear()
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`map demo clustering thread exited with ${code}`)))
    this.worker = worker
    return worker
  }
}
