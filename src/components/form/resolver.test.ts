import { numbersFromText } from './resolver'

describe('numbersFromText', () => {
  it('turns what a person typed as a number into a number', () => {
    const values = { price: '250000', baths: ' 2.5 ', rate: '.5', name: '12' }
    expect(numbersFromText(values, ['price', 'baths', 'rate'])).toEqual({
      price: 250000,
      baths: 2.5,
      rate: 0.5,
      name: '12',
    })
  })

  it('leaves anything else as typed, so the contract can say it is not a number', () => {
    const values = { a: '0x10', b: '1e5', c: 'three', d: '', e: null, f: 3 }
    expect(numbersFromText(values, ['a', 'b', 'c', 'd', 'e', 'f'])).toEqual(values)
  })
})
