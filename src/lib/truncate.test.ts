import {
  ADDRESS_PREVIEW_LENGTH,
  MESSAGE_PREVIEW_LENGTH,
  addressPreview,
  dealAddressLine,
  messagePreview,
  truncate,
} from './truncate'

describe('truncate', () => {
  it('leaves text at or under the limit unchanged', () => {
    expect(truncate('hello', 5)).toBe('hello')
    expect(truncate('hi', 5)).toBe('hi')
    expect(truncate('', 5)).toBe('')
  })

  it('keeps the first max characters and appends an ellipsis', () => {
    expect(truncate('hello world', 5)).toBe('hello…')
  })

  it('does not trim whitespace at the cut', () => {
    expect(truncate('hello world', 6)).toBe('hello …')
  })

  it('does not split surrogate pairs', () => {
    // Each 😀 is two UTF-16 units; a naive slice(0, 3) would leave half an emoji.
    expect(truncate('😀😀😀😀', 3)).toBe('😀😀😀…')
    expect(truncate('😀😀😀', 3)).toBe('😀😀😀')
    expect(truncate('a😀b', 2)).toBe('a😀…')
  })

  it('counts grapheme clusters as single characters', () => {
    const family = '👨‍👩‍👧'
    const flag = '🇺🇸'
    expect(truncate(`${family}${flag}x`, 2)).toBe(`${family}${flag}…`)
    expect(truncate('e\u0301e\u0301e\u0301', 2)).toBe('e\u0301e\u0301…')
  })

  it('treats a zero or negative limit as zero', () => {
    expect(truncate('abc', 0)).toBe('…')
    expect(truncate('abc', -1)).toBe('…')
    expect(truncate('', 0)).toBe('')
  })
})

describe('preview shortcuts', () => {
  it('uses the spec lengths', () => {
    expect(ADDRESS_PREVIEW_LENGTH).toBe(30)
    expect(MESSAGE_PREVIEW_LENGTH).toBe(50)
  })

  it('keeps an address of exactly 30 characters and cuts one of 31', () => {
    const thirty = '1234 Long Street Name Apt 5678'
    expect(thirty).toHaveLength(30)
    expect(addressPreview(thirty)).toBe(thirty)
    expect(addressPreview(`${thirty}9`)).toBe(`${thirty}…`)
  })

  it('keeps a message of exactly 50 characters and cuts one of 51', () => {
    const fifty = 'x'.repeat(50)
    expect(messagePreview(fifty)).toBe(fifty)
    expect(messagePreview(`${fifty}y`)).toBe(`${fifty}…`)
  })
})

describe('dealAddressLine', () => {
  const label = 'Address undisclosed'
  const locality = { city: 'Austin', state: 'TX', zip: '78701' }

  it('shows a visible address as is when short', () => {
    expect(dealAddressLine({ address: '12 Oak St', ...locality }, label)).toBe('12 Oak St')
  })

  it('truncates a visible address to 30 characters plus ellipsis', () => {
    const address = '12345 Extremely Long Boulevard Northwest'
    expect(dealAddressLine({ address, ...locality }, label)).toBe('12345 Extremely Long Boulevard…')
  })

  it('uses the label and locality when the address is hidden', () => {
    expect(dealAddressLine({ address: '12 Oak St', hideAddress: true, ...locality }, label)).toBe(
      'Address undisclosed · Austin, TX 78701',
    )
  })

  it('uses the label and locality when the address is missing or blank', () => {
    expect(dealAddressLine({ ...locality }, label)).toBe('Address undisclosed · Austin, TX 78701')
    expect(dealAddressLine({ address: null, ...locality }, label)).toBe('Address undisclosed · Austin, TX 78701')
    expect(dealAddressLine({ address: '   ', ...locality }, label)).toBe('Address undisclosed · Austin, TX 78701')
  })

  it('drops missing locality parts without stray separators', () => {
    expect(dealAddressLine({ city: 'Austin', state: 'TX' }, label)).toBe('Address undisclosed · Austin, TX')
    expect(dealAddressLine({ state: 'TX', zip: '78701' }, label)).toBe('Address undisclosed · TX 78701')
    expect(dealAddressLine({ city: 'Austin', zip: '78701' }, label)).toBe('Address undisclosed · Austin, 78701')
    expect(dealAddressLine({ city: ' ', state: null, zip: '' }, label)).toBe('Address undisclosed')
    expect(dealAddressLine({}, label)).toBe('Address undisclosed')
  })

  it('uses the translated label given by the caller', () => {
    expect(dealAddressLine({ hideAddress: true, ...locality }, 'Dirección no revelada')).toBe(
      'Dirección no revelada · Austin, TX 78701',
    )
  })
})
