import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'

/**
 * Feedback screenshots, kept outside the public uploads folder (DATA_DIR/private/feedback): a bug report's
 * screen may show anything of its sender's, so only the admins' authorised endpoint reads one back, never a
 * public URL. Keys are random (`<uuid>.webp`) and checked before any path is built from one.
 */
export type ScreenshotStore = {
  save(bytes: Buffer): Promise<string>
  read(key: string): Promise<Buffer | null>
  remove(key: string | null | undefined): Promise<void>
}

const KEY = /^[0-9a-f-]{36}\.webp$/

export function createScreenshotStore(dataDir: string): ScreenshotStore {
  const root = resolve(dataDir, 'private', 'feedback')
  const pathOf = (key: string) => (KEY.test(key) ? join(root, key) : null)
  return {
    async save(bytes) {
      const key = `${randomUUID()}.webp`
      await mkdir(root, { recursive: true, mode: 0o700 })
      await writeFile(join(root, key), bytes, { flag: 'wx', mode: 0o600 })
      return key
    },
    async read(key) {
      const path = pathOf(key)
      if (!path) return null
      try {
        return await readFile(path)
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return null
        throw error
      }
    },
    async remove(key) {
      const path = key ? pathOf(key) : null
      if (path) await rm(path, { force: true })
    },
  }
}
