import { z } from 'zod'
import { queryNumber } from './fields'
import { BboxSchema } from './browse'

/*
 * The map optimisation demo (`/map-optimization-demo`, admins and owners): generated points clustered on
 * the server for a viewport and a zoom, with the time the server took to answer.
 */

/** The data sets the demo offers, by their number of points (as the query string carries them). */
export const MAP_DEMO_SIZES = ['10000', '100000', '1000000'] as const
export type MapDemoSize = (typeof MAP_DEMO_SIZES)[number]

/** `GET /api/map-demo/clusters`: which data set, the viewport and its zoom. */
export const MapDemoQuerySchema = z.object({
  points: z.enum(MAP_DEMO_SIZES),
  bbox: BboxSchema,
  zoom: queryNumber(z.number().int().min(0).max(22)),
})
export type MapDemoQuery = z.output<typeof MapDemoQuerySchema>

export const MapDemoAnswerSchema = z.object({
  clusters: z.array(z.object({ lat: z.number(), lng: z.number(), count: z.number().int().positive() })),
  /** Single generated points: their number in the data set (stable across calls) and where they are. */
  points: z.array(z.object({ id: z.number().int().nonnegative(), lat: z.number(), lng: z.number() })),
  /** How many points the clusters and points stand for together. */
  total: z.number().int().nonnegative(),
  /** Milliseconds the server spent clustering this answer (the index's lookup, not the network). */
  answerMs: z.number().nonnegative(),
  /** Milliseconds spent generating and indexing the data set, when this call was the one that built it. */
  buildMs: z.number().nonnegative().nullable(),
})
export type MapDemoAnswer = z.infer<typeof MapDemoAnswerSchema>

/** The query of `GET /api/map-demo/clusters`. */
export const mapDemoQuery = (value: MapDemoQuery) => z.encode(MapDemoQuerySchema, value)
