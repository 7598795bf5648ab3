import type { z } from 'zod'
import { FeatureFlagsSchema } from '../../../src/contract'
import type { Database } from '../../db/client'
import { findSettingValue, upsertSettingValue } from './repository'

/**
 * Every stored setting: its key in app_settings, the schema its value must satisfy and the value
 * used when the row is missing. Later settings (capacity, invitation batch limit) are added here.
 */
export const settingDefinitions = {
  feature_flags: {
    schema: FeatureFlagsSchema,
    fallback: { enableWebinarBanner: false, webinarRegistrationUrl: null },
  },
} as const satisfies Record<string, { schema: z.ZodType; fallback: unknown }>

export type SettingKey = keyof typeof settingDefinitions
export type SettingValue<K extends SettingKey> = z.output<(typeof settingDefinitions)[K]['schema']>

/** Reads a setting; a stored value that no longer fits its schema is a bug and throws. */
export async function getSetting<K extends SettingKey>(db: Database, key: K): Promise<SettingValue<K>> {
  const schema = schemaOf(key)
  const stored = await findSettingValue(db, key)
  if (stored === undefined) return schema.parse(settingDefinitions[key].fallback)
  const result = schema.safeParse(stored)
  if (!result.success) throw new Error(`Stored setting "${key}" does not match its schema`, { cause: result.error })
  return result.data
}

/** Validates and stores a setting, returning the value as it will be read back. */
export async function putSetting<K extends SettingKey>(
  db: Database,
  key: K,
  value: z.input<(typeof settingDefinitions)[K]['schema']>,
): Promise<SettingValue<K>> {
  const parsed = schemaOf(key).parse(value)
  await upsertSettingValue(db, key, parsed)
  return parsed
}

// TypeScript cannot follow a generic key into the table, so say once what the table guarantees.
const schemaOf = <K extends SettingKey>(key: K) =>
  settingDefinitions[key].schema as unknown as z.ZodType<SettingValue<K>>
