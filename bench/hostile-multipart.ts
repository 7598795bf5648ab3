import fc from 'fast-check'
import { DEAL_PHOTO_MAX_BYTES } from '../src/contract'
import { hostileString, NUL } from './hostile-values'

/*
 * Multipart bodies for the upload endpoints (deal photos, profile picture, company logo, feedback with its
 * screenshot): broken framing, and well-formed bodies carrying oversized or mislabelled files and hostile
 * text fields.
 */

export type RawBody = { payload: string | Buffer; contentType: string }

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const FILES = {
  /** A PNG signature and nothing an image decoder can read. */
  'png-truncated': Buffer.concat([PNG_HEAD, Buffer.alloc(200, 0x78)]),
  /** A program, named and labelled as a photo. */
  'exe-as-png': Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(300, 0)]),
  'html-as-jpeg': Buffer.from('<html><script>alert(1)</script></html>'),
  'svg-with-script': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  empty: Buffer.alloc(0),
  /** One byte past the largest upload any endpoint takes. */
  oversized: Buffer.concat([PNG_HEAD, Buffer.alloc(DEAL_PHOTO_MAX_BYTES + 1 - PNG_HEAD.length, 0x41)]),
}

const fileName = fc.constantFrom(
  'a.png',
  'photo.jpg',
  '../../../etc/passwd\u0000.png',
  'x'.repeat(600),
  '',
  'a\ud800.webp',
)
const declaredType = fc.constantFrom(
  'image/png',
  'image/jpeg',
  'image/svg+xml',
  'text/html',
  'application/x-msdownload',
  '',
)

function part(boundary: string, name: string, data: Buffer | string, file?: { name: string; type: string }) {
  const disposition = file
    ? `form-data; name="${name}"; filename="${file.name}"\r\nContent-Type: ${file.type}`
    : `form-data; name="${name}"`
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`),
    Buffer.from(data),
    Buffer.from('\r\n'),
  ])
}

type FileKind = keyof typeof FILES
const SMALL_FILES = (Object.keys(FILES) as FileKind[]).filter((kind) => kind !== 'oversized')

/** A well-formed multipart body: hostile text fields and a bad file (10 MB ones for uploads only). */
const wellFormed = (isUpload: boolean): fc.Arbitrary<RawBody> =>
  fc
    .record({
      boundary: fc.stringMatching(/^[A-Za-z0-9]{8,30}$/),
      file: fc.constantFrom<FileKind>(...SMALL_FILES, ...(isUpload ? (['oversized'] as const) : [])),
      fieldName: fc.constantFrom('file', 'photo', 'files', `file${NUL}`),
      name: fileName,
      type: declaredType,
      copies: fc.constantFrom(1, 1, 1, 2, 31),
      fields: fc.array(
        fc.tuple(
          fc.constantFrom('type', 'comment', 'page', 'humanCheckToken', 'humanCheckAnswer', '__proto__'),
          hostileString,
        ),
        { maxLength: 4 },
      ),
    })
    .map(({ boundary, file, fieldName, name, type, copies, fields }) => {
      // The oversized file once at most: thirty of them would be 300 MB.
      const count = file === 'oversized' ? 1 : copies
      const parts = [
        ...fields.map(([field, value]) => part(boundary, field, value)),
        ...Array.from({ length: count }, () => part(boundary, fieldName, FILES[file], { name, type })),
        Buffer.from(`--${boundary}--\r\n`),
      ]
      return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` }
    })

/** Truncated, unterminated, boundary-less and otherwise broken framing. */
const broken: fc.Arbitrary<RawBody> = fc
  .tuple(fc.stringMatching(/^[A-Za-z0-9]{8,20}$/), fc.nat(400))
  .chain(([boundary, cut]) => {
    const whole = part(boundary, 'file', FILES['png-truncated'], { name: 'a.png', type: 'image/png' }).toString(
      'latin1',
    )
    const type = `multipart/form-data; boundary=${boundary}`
    return fc.constantFrom<RawBody>(
      { payload: whole.slice(0, Math.min(cut, whole.length - 1)), contentType: type },
      { payload: whole, contentType: type },
      { payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"`, contentType: type },
      { payload: whole + `--${boundary}--`, contentType: 'multipart/form-data' },
      { payload: 'garbage', contentType: type },
      { payload: '', contentType: type },
      { payload: `--${boundary}--\r\n`, contentType: type },
      { payload: whole + `--${boundary}--\r\n`, contentType: `multipart/form-data; boundary="${'b'.repeat(200)}"` },
      { payload: Buffer.from([0xff, 0xfe, 0x00, 0x01]), contentType: `multipart/mixed; boundary=${boundary}` },
    )
  })

/** Multipart bodies for a route; `isUpload` for the endpoints that take a file (they also get oversized ones). */
export const hostileMultipart = (isUpload: boolean): fc.Arbitrary<RawBody> => fc.oneof(wellFormed(isUpload), broken)
