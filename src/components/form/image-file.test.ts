import { COMPANY_LOGO_MAX_BYTES } from '@/contract'
import { checkImageFile, formatBytes } from './image-file'

describe('checkImageFile', () => {
  it('accepts JPEG, PNG and WebP within the size limit', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp'])
      expect(checkImageFile({ name: 'logo', type, size: 1000 }, COMPANY_LOGO_MAX_BYTES)).toBeNull()
  })

  it('refuses other types, even when small', () => {
    expect(checkImageFile({ name: 'logo.gif', type: 'image/gif', size: 10 }, COMPANY_LOGO_MAX_BYTES)).toBe('type')
    expect(checkImageFile({ name: 'logo.pdf', type: 'application/pdf', size: 10 }, COMPANY_LOGO_MAX_BYTES)).toBe('type')
  })

  it('falls back to the extension when the browser gives no type', () => {
    expect(checkImageFile({ name: 'logo.PNG', type: '', size: 10 }, COMPANY_LOGO_MAX_BYTES)).toBeNull()
    expect(checkImageFile({ name: 'logo.svg', type: '', size: 10 }, COMPANY_LOGO_MAX_BYTES)).toBe('type')
  })

  it('refuses a logo over 500KB and accepts exactly 500KB', () => {
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: 500 * 1024 + 1 }, COMPANY_LOGO_MAX_BYTES)).toBe(
      'size',
    )
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: 500 * 1024 }, COMPANY_LOGO_MAX_BYTES)).toBeNull()
  })
})

describe('formatBytes', () => {
  it('states limits the way the copy does', () => {
    expect(formatBytes(500 * 1024)).toBe('500KB')
    expect(formatBytes(5 * 1024 * 1024)).toBe('5MB')
  })
})
