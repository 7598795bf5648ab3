import { dealAddress } from './deal-address'

const place = { streetAddress: '5795 Pine St', addressHidden: false, city: 'Sacramento', state: 'CA', zipCode: '95820' }

describe('dealAddress', () => {
  it('gives the street with city, state and ZIP', () => {
    expect(dealAddress(place, 'Address undisclosed')).toEqual({
      street: '5795 Pine St',
      locality: 'Sacramento, CA 95820',
      full: '5795 Pine St, Sacramento, CA 95820',
    })
  })

  it('says "Address undisclosed" with the locality when the street is hidden or missing', () => {
    const hidden = { ...place, streetAddress: null, addressHidden: true }
    expect(dealAddress(hidden, 'Address undisclosed').full).toBe('Address undisclosed · Sacramento, CA 95820')
    expect(dealAddress({ ...place, streetAddress: '  ' }, 'Hidden').street).toBe('Hidden')
    // A hidden flag wins even if a street came along (the seller's own view never sets it).
    expect(dealAddress({ ...place, addressHidden: true }, 'Hidden').street).toBe('Hidden')
  })

  it('leaves out missing parts without stray separators', () => {
    expect(dealAddress({ ...place, city: '', zipCode: '' }, 'x').full).toBe('5795 Pine St, CA')
    expect(dealAddress({ ...place, city: '', state: '', zipCode: '' }, 'x').full).toBe('5795 Pine St')
  })
})
