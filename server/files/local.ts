import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join, resolve, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

/** The URL prefix uploaded files are served under. */
export const UPLOADS_PREFIX = '/uploads/'

export type StoredFile = { key: string; url: string }

export type SaveFileInput = {
  /** A folder per kind of file, e.g. `avatars`; plain lowercase words only. */
  folder: string
  bytes: Buffer
  /** The extension the content was identified as (never the one the client sent). */
  extension: string
}

/** Where uploads live: the local disk now, an S3-compatible bucket later, behind one shape. */
export type FileStore = {
  save(input: SaveFileInput): Promise<StoredFile>
  /** Removes a file this store handed out; an unknown or foreign URL is ignored. */
  remove(url: string | null | undefined): Promise<void>
}

const FOLDER = /^[a-z][a-z0-9-]{0,40}$/
const EXTENSION = /^[a-z0-9]{1,8}$/

/** Files under DATA_DIR/uploads, named by random ids so a URL can be cached forever. */
export function createLocalFileStore(dataDir: string): FileStore & { root: string } {
  const root = resolve(dataDir, 'uploads')
  return {
    root,
    async save({ folder, bytes, extension }) {
      if (!FOLDER.test(folder) || !EXTENSION.test(extension)) throw new Error('Invalid upload folder or extension')
      const key = `${folder}/${randomUUID()}.${extension}`
      await mkdir(join(root, folder), { recursive: true })
      // wx: a name collision must fail rather than overwrite someone else's file.
      await writeFile(join(root, key), bytes, { flag: 'wx' })
      return { key, url: `${UPLOADS_PREFIX}${key}` }
    },
    async remove(url) {
      if (!url?.startsWith(UPLOADS_PREFIX)) return
      const path = resolve(root, url.slice(UPLOADS_PREFIX.length))
      // A stored URL is ours, but never let one point outside the uploads folder.
      if (!path.startsWith(root + sep)) return
      await rm(path, { force: true })
    },
  }
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyInstance {
    files: FileStore
  }
}

/**
 * Decorates `app.files` and serves the uploads folder at /uploads/. Names never change content, so
 * answers are cached for a year; nosniff keeps a browser from reading an image as anything else.
 */
export async function registerFiles(app: FastifyInstance, dataDir: string) {
  const store = createLocalFileStore(dataDir)
  mkdirSync(store.root, { recursive: true })
  app.decorate('files', store)
  await app.register(fastifyStatic, {
    root: store.root,
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
