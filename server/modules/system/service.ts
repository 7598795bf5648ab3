import { readFileSync } from 'node:fs'
import { pingDatabase, type Database } from '../../db/client'
import { AppError } from '../../http/errors'
import type { Health } from '../../../src/contract'

const packageJson = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string
}

/** The version the running code was released as, from package.json. */
export const APP_VERSION = packageJson.version

export async function checkHealth(db: Database): Promise<Health> {
  try {
    await pingDatabase(db)
  } catch (cause) {
    throw new AppError(503, 'db_unavailable', 'dbUnavailable', {}, { cause })
  }
  return { status: 'ok', db: 'ok', version: APP_VERSION }
}
