import type { z } from 'zod'
import {
  AccessLimitsSchema,
  FeatureFlagsSchema,
  ListingFreshnessSettingsSchema,
  type AccessLimits,
  type AdminSettings,
} from '../../../src/contract'
import type { Database } from '../../db/client'
import { createReadCache, createWriteGeneration, type ReadCache } from '../../lib/read-cache'
import { readAll } from '../../db/reads'
import { recordAudit, type AuditActor } from '../audit/record'
import { findSettingValue, upsertSettingValue } from './repository'

/**
 * Every stored setting: its key in app_settings, the schema its value must satisfy and the value
 * used when the row is missing.
 */
export const settingDefinitions = {
  feature_flags: {
    schema: FeatureFlagsSchema,
    fallback: { enableWebinarBanner: false, webinarRegistrationUrl: null },
  },
  /** Beta admission: how many active users request-access admits, and the invitation batch size. */
  access: {
    schema: AccessLimitsSchema,
    fallback: { betaCapacity: 500, invitationBatchLimit: 10 },
  },
  /** Listing freshness (issue 25): days without an update before "Not updated", then before the system cancels. */
  listing_freshness: {
    schema: ListingFreshnessSettingsSchema,
    fallback: { listingStaleAfterDays: 30, listingCancelAfterDays: 45 },
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

/**
 * Bumped around every setting stored through putSetting (the admin panel), and announced to the other
 * instances like every write generation, so a remembered setting is forgotten everywhere at once.
 */
export const settingsWritten = createWriteGeneration('settings')

/** How long a remembered setting is reused if no write is heard of (a write on any instance forgets it). */
const SETTINGS_TTL_MS = 30_000

/** Per database (tests run many apps in one process). */
const rememberedSettings = new WeakMap<Database, ReadCache<{ value: unknown }>>()

/**
 * A setting as getSetting reads it, remembered until putSetting writes one: for the reads on every request
 * (browse and a listing's page ask for the freshness period each time), which were a statement each.
 */
export async function getSettingRemembered<K extends SettingKey>(db: Database, key: K): Promise<SettingValue<K>> {
  let cache = rememberedSettings.get(db)
  if (!cache) {
    rememberedSettings.set(db, (cache = createReadCache(settingsWritten.of(db), { max: 20, ttlMs: SETTINGS_TTL_MS })))
  }
  const { value } = await cache.get(key, async () => ({ value: await getSetting(db, key) }))
  return value as SettingValue<K>
}

/** Validates and stores a setting, returning the value as it will be read back. */
export async function putSetting<K extends SettingKey>(
  db: Database,
  key: K,
  value: z.input<(typeof settingDefinitions)[K]['schema']>,
): Promise<SettingValue<K>> {
  const parsed = schemaOf(key).parse(value)
  await settingsWritten.writing(db, () => upsertSettingValue(db, key, parsed))
  return parsed
}

// TypeScript cannot follow a generic key into the table, so say once what the table guarantees.
const schemaOf = <K extends SettingKey>(key: K) =>
  settingDefinitions[key].schema as unknown as z.ZodType<SettingValue<K>>

/** Everything the admin panel edits, as one object (API.md `GET /api/admin/settings`). */
export async function getAdminSettings(db: Database): Promise<AdminSettings> {
  const [access, flags] = await readAll(db, [() => getSetting(db, 'access'), () => getSetting(db, 'feature_flags')])
  return { ...access, ...flags }
}

/**
 * A settings save's audit entry (`settings.update`), in the save's transaction: only the keys that changed,
 * so the log reads "capacity 500 → 50" rather than the whole form; none when nothing changed.
 */
async function auditChange<T extends Record<string, unknown>>(tx: Database, actor: AuditActor, before: T, after: T) {
  const keys = Object.keys(after).filter((key) => before[key] !== after[key])
  if (keys.length === 0) return
  const pick = (value: T) => Object.fromEntries(keys.map((key) => [key, value[key]]))
  await recordAudit(tx, actor, {
    action: 'settings.update',
    targetType: 'settings',
    before: pick(before),
    after: pick(after),
  })
}

/** Stores both settings rows together, so a failed write never leaves half of a save, with its audit entry. */
export async function putAdminSettings(db: Database, value: AdminSettings, actor: AuditActor): Promise<AdminSettings> {
  const { betaCapacity, invitationBatchLimit, enableWebinarBanner, webinarRegistrationUrl } = value
  return db.transaction(async (tx) => {
    const before = await getAdminSettings(tx)
    const access = await putSetting(tx, 'access', { betaCapacity, invitationBatchLimit })
    const flags = await putSetting(tx, 'feature_flags', { enableWebinarBanner, webinarRegistrationUrl })
    const after = { ...access, ...flags }
    await auditChange(tx, actor, before, after)
    return after
  })
}

/** Capacity and the batch limit alone (the beta access section), audited as `settings.update`. */
export async function putAccessLimits(db: Database, value: AccessLimits, actor: AuditActor): Promise<AccessLimits> {
  return db.transaction(async (tx) => {
    const before = await getSetting(tx, 'access')
    const after = await putSetting(tx, 'access', value)
    await auditChange(tx, actor, before, after)
    return after
  })
}

/** The two listing freshness periods, audited as `settings.update`. */
export async function putListingFreshness(
  db: Database,
  value: SettingValue<'listing_freshness'>,
  actor: AuditActor,
): Promise<SettingValue<'listing_freshness'>> {
  return db.transaction(async (tx) => {
    const before = await getSetting(tx, 'listing_freshness')
    const after = await putSetting(tx, 'listing_freshness', value)
    await auditChange(tx, actor, before, after)
    return after
  })
}
