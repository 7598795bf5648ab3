import { mkdirSync } from 'node:fs'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, resolve, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { UPLOADS_PREFIX, type ObjectStore } from './store'

export { UPLOADS_PREFIX, type FileStore, type StoredFile, type SaveFileInput } from './store'

/**
 * Objects as files under DATA_DIR (public ones in DATA_DIR/uploads, private ones in DATA_DIR/private, readable
 * by this process's user only). A name collision fails rather than overwrite someone else's file.
 */
export function createLocalObjects(dataDir: string): ObjectStore {
  const root = resolve(dataDir)
  // Keys are checked by the FileStore; still, never let one point outside DATA_DIR.
  const pathOf = (key: string) => {
    const path = resolve(root, key)
    if (!path.startsWith(root + sep)) throw new Error('Invalid file key')
    return path
  }
  return {
    async put(key, bytes, { isPrivate }) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true, ...(isPrivate && { mode: 0o700 }) })
      await writeFile(path, bytes, { flag: 'wx', ...(isPrivate && { mode: 0o600 }) })
    },
    async get(key) {
      try {
        return await readFile(pathOf(key))
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return null
        throw error
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true })
    },
  }
}

/**
 * Serves DATA_DIR/uploads at /uploads/. Names never change content, so answers are cached for a year; nosniff
 * keeps a browser from reading an image as anything else.
 */
export async function serveLocalUploads(app: FastifyInstance, dataDir: string) {
  const root = resolve(dataDir, 'uploads')
  mkdirSync(root, { recursive: true })
  await app.register(fastifyStatic, {
    root,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', 'public, max-age=31536000, immutable')
      reply.header('x-content-type-options', 'nosniff')
      reply.header('content-security-policy', "default-src 'none'; sandbox")
    },
  })
}
