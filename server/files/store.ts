import { randomUUID } from 'node:crypto'

/** The URL prefix uploaded files are served under, in both storage modes. */
export const UPLOADS_PREFIX = '/uploads/'

export type StoredFile = { key: string; url: string }

export type SaveFileInput = {
  /** A folder per kind of file, e.g. `avatars`; plain lowercase words only. */
  folder: string
  bytes: Buffer
  /** The extension the content was identified as (never the one the client sent). */
  extension: string
}

/** Files never served under /uploads (feedback screenshots): only the server reads them back, by name. */
export type PrivateFolder = {
  /** Stores the bytes under a new random name (`<uuid>.<extension>`) and returns it. */
  save(bytes: Buffer, extension: string): Promise<string>
  /** The file's bytes, or null when there is no such file. */
  read(name: string): Promise<Buffer | null>
  remove(name: string): Promise<void>
}

/**
 * Where uploads live, behind one shape: the local disk (DATA_DIR) or an S3 bucket (server/files/index.ts
 * chooses). Public files are served at `/uploads/<key>` either way, so stored URLs do not depend on the mode.
 */
export type FileStore = {
  save(input: SaveFileInput): Promise<StoredFile>
  /** Removes a file this store handed out; an unknown or foreign URL is ignored. */
  remove(url: string | null | undefined): Promise<void>
  privateFolder(folder: string): PrivateFolder
}

/**
 * Bytes by key, the part that differs between the disk and S3. Keys are relative paths checked by the
 * FileStore before they get here: `uploads/<folder>/<name>` (public) or `private/<folder>/<name>`.
 */
export type ObjectStore = {
  put(key: string, bytes: Buffer, options: { contentType: string; isPrivate: boolean }): Promise<void>
  get(key: string): Promise<Buffer | null>
  delete(key: string): Promise<void>
}

const FOLDER = /^[a-z][a-z0-9-]{0,40}$/
const EXTENSION = /^[a-z0-9]{1,8}$/
/** A file name inside a folder: no separators, no leading dot (so never `..`). */
const NAME = /^[\w-][\w.-]{0,127}$/

/** The folder/name key of an /uploads/ URL, or null when the URL is not one this store could have made. */
export function uploadKeyOf(url: string | null | undefined): string | null {
  if (!url?.startsWith(UPLOADS_PREFIX)) return null
  const [folder = '', name = '', ...rest] = url.slice(UPLOADS_PREFIX.length).split('/')
  return rest.length === 0 && FOLDER.test(folder) && NAME.test(name) ? `${folder}/${name}` : null
}

/** The content type a stored file is served with, from the extension its content was identified as. */
export function contentTypeOf(extension: string): string {
  return CONTENT_TYPES[extension] ?? 'application/octet-stream'
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
  pdf: 'application/pdf',
}

function newName(folder: string, extension: string) {
  if (!FOLDER.test(folder) || !EXTENSION.test(extension)) throw new Error('Invalid upload folder or extension')
  return `${randomUUID()}.${extension}`
}

/** Public files under `uploads/`, private ones under `private/`, named by random ids so a URL can be cached forever. */
export function createFileStore(objects: ObjectStore): FileStore {
  return {
    async save({ folder, bytes, extension }) {
      const key = `${folder}/${newName(folder, extension)}`
      await objects.put(`uploads/${key}`, bytes, { contentType: contentTypeOf(extension), isPrivate: false })
      return { key, url: `${UPLOADS_PREFIX}${key}` }
    },
    async remove(url) {
      const key = uploadKeyOf(url)
      if (key) await objects.delete(`uploads/${key}`)
    },
    privateFolder(folder) {
      if (!FOLDER.test(folder)) throw new Error('Invalid private folder')
      const keyOf = (name: string) => (NAME.test(name) ? `private/${folder}/${name}` : null)
      return {
        async save(bytes, extension) {
          const name = newName(folder, extension)
          await objects.put(`private/${folder}/${name}`, bytes, {
            contentType: contentTypeOf(extension),
            isPrivate: true,
          })
          return name
        },
        async read(name) {
          const key = keyOf(name)
          return key ? objects.get(key) : null
        },
        async remove(name) {
          const key = keyOf(name)
          if (key) await objects.delete(key)
        },
      }
    },
  }
}
