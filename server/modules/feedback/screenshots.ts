import type { FileStore } from '../../files'

/**
 * Feedback screenshots, kept out of the public uploads (the FileStore's private folder `feedback`: the disk's
 * DATA_DIR/private/feedback, or `private/feedback/` in the S3 bucket): a bug report's screen may show anything
 * of its sender's, so only the admins' authorised endpoint reads one back, never a public URL. Keys are random
 * (`<uuid>.webp`) and checked before they reach the store.
 */
export type ScreenshotStore = {
  save(bytes: Buffer): Promise<string>
  read(key: string): Promise<Buffer | null>
  remove(key: string | null | undefined): Promise<void>
}

const KEY = /^[0-9a-f-]{36}\.webp$/

export function createScreenshotStore(files: FileStore): ScreenshotStore {
  const folder = files.privateFolder('feedback')
  return {
    save: (bytes) => folder.save(bytes, 'webp'),
    read: async (key) => (KEY.test(key) ? folder.read(key) : null),
    async remove(key) {
      if (key && KEY.test(key)) await folder.remove(key)
    },
  }
}
