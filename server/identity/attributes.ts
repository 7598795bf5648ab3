import { CognitoError } from './cognito-error'
import type { IdentityUserRow } from './repository'
import type { IdentityAttributes } from './types'

export type AttributeList = { Name: string; Value: string }[]

const WRITABLE = ['given_name', 'family_name', 'phone_number', 'locale'] as const
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const isEmail = (value: string) => value.length <= 254 && EMAIL.test(value)

/** Cognito keeps phones in E.164; a bare 10-digit US number is taken as +1. */
export function normalizePhone(value: string): string {
  const digits = value.replace(/[^\d+]/g, '')
  const e164 = /^\d{10}$/.test(digits) ? `+1${digits}` : /^1\d{10}$/.test(digits) ? `+${digits}` : digits
  if (!/^\+\d{8,15}$/.test(e164)) throw new CognitoError('InvalidParameterException', 'Invalid phone number format.')
  return e164
}

/**
 * Splits Cognito's `[{ Name, Value }]` into the e-mail and the standard attributes this pool keeps.
 * Attributes the pool does not have are refused, as Cognito refuses attributes outside its schema.
 */
export function parseAttributes(list: AttributeList | undefined): { email?: string; attributes: IdentityAttributes } {
  const attributes: IdentityAttributes = {}
  let email: string | undefined
  for (const { Name, Value } of list ?? []) {
    if (typeof Value !== 'string' || Value.length > 2048)
      throw new CognitoError('InvalidParameterException', `Invalid value for attribute ${Name}`)
    if (Name === 'email') {
      email = Value.trim().toLowerCase()
      if (!isEmail(email)) throw new CognitoError('InvalidParameterException', 'Invalid email address format.')
    } else if ((WRITABLE as readonly string[]).includes(Name)) {
      const value = Value.trim()
      attributes[Name as (typeof WRITABLE)[number]] = Name === 'phone_number' && value ? normalizePhone(value) : value
    } else {
      throw new CognitoError('InvalidParameterException', `Attribute does not exist in the schema: ${Name}`)
    }
  }
  return { ...(email !== undefined && { email }), attributes }
}

/** Empty values remove an attribute, as Cognito does. */
export function mergeAttributes(current: IdentityAttributes, changes: IdentityAttributes): Record<string, string> {
  const merged: Record<string, string> = { ...current }
  for (const [name, value] of Object.entries(changes)) {
    if (value) merged[name] = value
    else delete merged[name]
  }
  return merged
}

/** GetUser's `UserAttributes`, in Cognito's order: sub first, then the rest. */
export function attributeList(user: IdentityUserRow): AttributeList {
  return [
    { Name: 'sub', Value: user.sub },
    { Name: 'email', Value: user.email },
    { Name: 'email_verified', Value: String(user.emailVerified) },
    ...Object.entries(user.attributes).map(([Name, Value]) => ({ Name, Value })),
  ]
}
