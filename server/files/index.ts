import type { FastifyInstance } from 'fastify'
import type { Config } from '../config'
import { createLocalObjects, serveLocalUploads } from './local'
import { createS3Objects, serveS3Uploads } from './s3'
import { createFileStore, type FileStore } from './store'

export { UPLOADS_PREFIX, type FileStore, type PrivateFolder, type SaveFileInput, type StoredFile } from './store'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyInstance {
    files: FileStore
  }
}

/**
 * Decorates `app.files` and serves `/uploads/`: from DATA_DIR on the local disk (one instance), or from the
 * S3 bucket when S3_BUCKET is set (any number of instances, none with a shared disk). Content checks and
 * metadata stripping happen in the upload routes, before the store, so they are the same in both modes.
 */
export async function registerFiles(app: FastifyInstance, config: Pick<Config, 'DATA_DIR' | 's3'>) {
  if (config.s3) {
    const objects = createS3Objects(config.s3)
    app.decorate('files', createFileStore(objects))
    serveS3Uploads(app, objects)
    app.addHook('onClose', async () => objects.client.destroy())
    return
  }
  app.decorate('files', createFileStore(createLocalObjects(config.DATA_DIR)))
  await serveLocalUploads(app, config.DATA_DIR)
}
