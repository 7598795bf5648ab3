import { z } from 'zod'
import { endpoint } from '../endpoint'
import { FeatureFlagsSchema, HealthSchema, OpenApiDocumentSchema } from '../system'

export const systemEndpoints = {
  health: endpoint({ method: 'GET', path: '/api/health', auth: 'public', responses: { 200: HealthSchema } }),
  featureFlags: endpoint({
    method: 'GET',
    path: '/api/config/feature-flags',
    auth: 'public',
    responses: { 200: FeatureFlagsSchema },
  }),

  /** This API as an OpenAPI 3.1 document, generated from the contract. */
  openApi: endpoint({
    method: 'GET',
    path: '/api/openapi.json',
    auth: 'public',
    responses: { 200: OpenApiDocumentSchema },
  }),

  /**
   * The embedded database (PGlite) as a consistent gzipped tarball, taken while the server runs, for
   * `npm run backup` on the same machine; 409 on PostgreSQL (pg_dump does that job).
   */
  databaseBackup: endpoint({
    method: 'GET',
    path: '/api/system/backup',
    auth: 'loopback',
    download: 'application/gzip',
    responses: { 200: z.string() },
  }),
} as const
