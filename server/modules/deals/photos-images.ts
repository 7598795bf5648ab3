import sharp from 'sharp'

export const DISPLAY_WIDTH = 1600
export const THUMB_WIDTH = 480

export type ProcessedPhoto = {
  display: Buffer
  thumb: Buffer
  /** Size of the display image, which the gallery lays out before it loads. */
  width: number
  height: number
}

/**
 * A display size and a thumbnail, both WebP. sharp drops every metadata block unless asked to keep
 * it, so EXIF (GPS position, camera serial) never leaves the server; `rotate()` first applies the EXIF
 * orientation so the picture still stands the right way up without it.
 */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  // limitInputPixels guards against decompression bombs: a small file that decodes to gigapixels.
  const source = sharp(bytes, { limitInputPixels: 100_000_000, failOn: 'error' }).rotate()
  const [display, thumb] = await Promise.all([
    source
      .clone()
      .resize({ width: DISPLAY_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true }),
    source.clone().resize({ width: THUMB_WIDTH, withoutEnlargement: true }).webp({ quality: 72 }).toBuffer(),
  ])
  return { display: display.data, thumb, width: display.info.width, height: display.info.height }
}
