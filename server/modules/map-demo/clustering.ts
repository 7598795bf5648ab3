import Supercluster, { type ClusterProperties, type PointFeature } from 'supercluster'
import type { MapDemoAnswer, MapDemoQuery, MapDemoSize } from '../../../src/contract'
import { generatePoints } from './points'

/*
 * The demo's indexes: one supercluster index per data set (a k-d tree per zoom level, which answers a
 * viewport and a zoom in well under a millisecond for a few hundred markers). worker.ts builds and keeps
 * them; the benchmark calls these functions directly.
 */

/**
 * Marker spacing: 60 px on Leaflet's 256-px tiles, as the browse map keeps its markers apart (two bubbles
 * closer than this would overlap and share a touch target). Clustered up to zoom 14: beyond it a screen of
 * the densest metro holds a few hundred points at most (bench/map-demo.ts prints the most), and the two
 * deepest levels (15, 16) each hold nearly every point, so they were a third of the build for nothing.
 */
const CLUSTER_OPTIONS = { radius: 60, extent: 256, maxZoom: 14, minPoints: 2 } as const

export type BuiltIndex = { index: Supercluster<null>; buildMs: number }

/** Generates the points and indexes them; exported for the benchmark (which times a fresh build). */
export function buildIndex(size: MapDemoSize): BuiltIndex {
  const started = performance.now()
  const { count, lat, lng } = generatePoints(Number(size))
  const features: PointFeature<null>[] = new Array(count)
  for (let i = 0; i < count; i++) {
    features[i] = {
      type: 'Feature',
      id: i,
      properties: null,
      geometry: { type: 'Point', coordinates: [lng[i]!, lat[i]!] },
    }
  }
  const index = new Supercluster<null>(CLUSTER_OPTIONS).load(features)
  return { index, buildMs: performance.now() - started }
}

/** Clusters and single points for a viewport, from an index already built. */
export function clustersIn(index: Supercluster<null>, query: Pick<MapDemoQuery, 'bbox' | 'zoom'>) {
  const { west, south, east, north } = query.bbox
  const answer: Pick<MapDemoAnswer, 'clusters' | 'points' | 'total'> = { clusters: [], points: [], total: 0 }
  for (const feature of index.getClusters([west, south, east, north], query.zoom)) {
    const [lng, lat] = feature.geometry.coordinates as [number, number]
    const properties: Partial<ClusterProperties> | null = feature.properties
    if (properties?.cluster) {
      answer.clusters.push({ lat, lng, count: properties.point_count ?? 0 })
      answer.total += properties.point_count ?? 0
    } else {
      answer.points.push({ id: Number(feature.id), lat, lng })
      answer.total += 1
    }
  }
  return answer
}
