import { describe, expect, it } from 'vitest'
import { normalizedAddressKey, normalizeStreetAddress } from '../../server/modules/deals/address'
import { geocodeZip } from '../../server/modules/deals/geocode'

describe('address normalisation for the duplicate check', () => {
  it.each([
    ['123 Main Street', '123 main st.'],
    ['45 North Oak Avenue', '45 N. Oak Ave'],
    ['9 Elm Boulevard, Apt 4', '9  elm blvd #4'],
    ['9 Elm Blvd Unit 4', '9 Elm Boulevard Suite #4'],
    ['77 Sunset Parkway', '77 SUNSET PKWY'],
    ['1 Lake Terrace', '1 lake ter'],
    ['3 Pine Court', '3 pine ct'],
  ])('"%s" and "%s" are one property', (a, b) => {
    expect(normalizeStreetAddress(a)).toBe(normalizeStreetAddress(b))
  })

  it('keeps different houses, units and ZIPs apart', () => {
    expect(normalizeStreetAddress('123 Main St')).not.toBe(normalizeStreetAddress('125 Main St'))
    expect(normalizeStreetAddress('9 Elm Blvd #4')).not.toBe(normalizeStreetAddress('9 Elm Blvd #5'))
    expect(normalizedAddressKey('123 Main St', '85001')).not.toBe(normalizedAddressKey('123 Main St', '85002'))
  })
})

describe('offline ZIP geocoding', () => {
  it('places a known ZIP near its city', async () => {
    const { latitude, longitude } = await geocodeZip('85001')
    expect(latitude).toBeCloseTo(33.45, 0)
    expect(longitude).toBeCloseTo(-112.07, 0)
  })

  it('gives no position for an unknown ZIP', async () => {
    expect(await geocodeZip('00000')).toEqual({ latitude: null, longitude: null })
  })

  it('gives no position for a military ZIP the dataset puts at 0,0', async () => {
    expect(await geocodeZip('34001')).toEqual({ latitude: null, longitude: null })
  })
})
