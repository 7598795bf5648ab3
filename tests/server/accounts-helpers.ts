import type { InjectOptions } from 'fastify'
import { endpoints, type Role } from '../../src/contract'
import type { App } from '../../server/app'
import type { TestApp } from './helpers'
import { client } from './contract-client'
import { signedInUser } from './identity-helpers'
import { updateUserRow } from '../../server/modules/users/repository'

export type Caller = Awaited<ReturnType<typeof signedInUser>> & { id: string }

/**
 * A signed-in person with a users row (made by their first private call) holding `roles`. Roles are
 * set in the database, the way an admin would grant them, so tests start from any role at once.
 */
export async function callerWith(t: TestApp, roles: Role[] = ['buyer'], email?: string): Promise<Caller> {
  const user = await signedInUser(t.app, email ? { email } : {})
  const { id } = await client(t.app, user).ok(endpoints.me)
  await updateUserRow(t.db, id, { roles })
  return { ...user, id }
}

type Json = Record<string, unknown> | unknown[]

/** A JSON call, with the caller's token when given. */
export function call(
  app: App,
  method: NonNullable<InjectOptions['method']>,
  url: string,
  options: {
    as?: { headers: Record<string, string> }
    body?: Json
    headers?: Record<string, string>
    /** The caller's IP; per-address rate limits count by it. */
    ip?: string
  } = {},
) {
  return app.inject({
    method,
    url,
    headers: { ...options.as?.headers, ...options.headers },
    ...(options.body !== undefined && { payload: options.body }),
    ...(options.ip && { remoteAddress: options.ip }),
  })
}

export const validProfile = { firstName: 'Ana', lastName: 'Ruiz', phoneNumber: '(602) 555-0199' }

export const validPreferences = { state: 'az', city: 'Phoenix', zipCodes: ['85001'] }
export const validSellerPreferences = { states: ['AZ'] }
export const validBuyBox = { type: 'cash', zipCodes: ['85001', '85002'] }

export async function setStatus(t: TestApp, id: string, status: 'active' | 'deactivated') {
  await updateUserRow(t.db, id, { status })
}
