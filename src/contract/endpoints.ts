import type { z } from 'zod'
import { UpdateLanguageInputSchema, UserSchema } from './auth'
import { FeatureFlagsSchema, HealthSchema } from './system'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** One row of the endpoint table: the SPA's hooks and the server's routes both read it. */
export type Endpoint = {
  method: Method
  path: string
  /** false for the public paths of spec section 7 (no token sent, none required). */
  auth: boolean
  body?: z.ZodType
  query?: z.ZodType
  response: z.ZodType
}

export const endpoints = {
  health: { method: 'GET', path: '/api/health', auth: false, response: HealthSchema },
  featureFlags: {
    method: 'GET',
    path: '/api/config/feature-flags',
    auth: false,
    response: FeatureFlagsSchema,
  },
  me: { method: 'GET', path: '/api/auth/me', auth: true, response: UserSchema },
  updateLanguage: {
    method: 'POST',
    path: '/api/auth/update-language',
    auth: true,
    body: UpdateLanguageInputSchema,
    response: UserSchema,
  },
} as const satisfies Record<string, Endpoint>
