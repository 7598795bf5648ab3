import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import {
  INVITATION_VALID_DAYS,
  type Invitation,
  type InvitationStatus,
  type Language,
  type Role,
} from '../../../src/contract'
import type { Database } from '../../db/client'
import { insertInvitations, type InvitationRow } from './repository'

const DAY_MS = 24 * 60 * 60 * 1000

/** Who may invite whom: sellers bring buyers and sellers, admins and owners anyone (spec §6: all features). */
const INVITABLE_BY: Record<Role, readonly Role[]> = {
  buyer: [],
  originator: ['buyer', 'originator'],
  owner: ['buyer', 'originator', 'owner', 'admin'],
  admin: ['buyer', 'originator', 'owner', 'admin'],
}

export function canInvite(held: readonly Role[], role: Role): boolean {
  return held.some((own) => INVITABLE_BY[own].includes(role))
}

/** 32 random bytes, URL-safe: unguessable, and it fits a link without escaping. */
export const newInvitationToken = () => randomBytes(32).toString('base64url')

export function invitationStatus(
  row: Pick<InvitationRow, 'usedAt' | 'expiresAt' | 'revokedAt'>,
  now = new Date(),
): InvitationStatus {
  if (row.usedAt) return 'used'
  if (row.revokedAt) return 'revoked'
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending'
}

export const invitationLink = (publicUrl: string, token: string) =>
  `${publicUrl}/signup?invitation=${encodeURIComponent(token)}`

export function toInvitation(row: InvitationRow, publicUrl: string, now = new Date()): Invitation {
  return {
    id: row.id,
    token: row.token,
    link: invitationLink(publicUrl, row.token),
    role: row.role,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    status: invitationStatus(row, now),
  } satisfies Invitation
}

export type CreateInvitations = { role: Role; count: number; email?: string | null; createdBy: string | null }

export async function createInvitations(db: Database, input: CreateInvitations): Promise<InvitationRow[]> {
  const expiresAt = new Date(Date.now() + INVITATION_VALID_DAYS * DAY_MS)
  return insertInvitations(
    db,
    Array.from({ length: input.count }, () => ({
      token: newInvitationToken(),
      role: input.role,
      email: input.email ?? null,
      createdBy: input.createdBy,
      expiresAt,
    })),
  )
}

/** E-mails the sign-up link of an invitation (template `invitation`); `name` adds a greeting. */
export async function mailInvitation(
  app: FastifyInstance,
  to: string,
  row: InvitationRow,
  language: Language,
  name?: string,
) {
  await app.mail.send({
    to,
    template: 'invitation',
    language,
    data: { link: invitationLink(app.config.PUBLIC_URL, row.token), role: row.role, ...(name && { name }) },
  })
}
