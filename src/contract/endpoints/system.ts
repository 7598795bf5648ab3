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
} as const
