import { parentPort } from 'node:worker_threads'
import type { MapDemoAnswer, MapDemoQuery, MapDemoSize } from '../../../src/contract'
import { buildIndex, clustersIn, type BuiltIndex } from './clustering'

/*
 * The demo's clustering thread. Building the million-point index takes seconds of CPU in one synchronous
 * call; here it never blocks the server's event loop. Each data set is built on the first query that
 * needs it and kept for the thread's life (the points never change).
 */

export type WorkerQuery = { id: number; query: MapDemoQuery }
export type WorkerReply = { id: number; answer: MapDemoAnswer } | { id: number; error: string }

const built = new Map<MapDemoSize, BuiltIndex>()

parentPort?.on('message', ({ id, query }: WorkerQuery) => {
  try {
    let entry = built.get(query.points)
    const fresh = !entry
    if (!entry) {
      entry = buildIndex(query.points)
      built.set(query.points, entry)
    }
    const started = performance.now()
    const answer = clustersIn(entry.index, query)
    const reply: WorkerReply = {
      id,
      answer: { ...answer, answerMs: performance.now() - started, buildMs: fresh ? entry.buildMs : null },
    }
    parentPort?.postMessage(reply)
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies WorkerReply)
  }
})
