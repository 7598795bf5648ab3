import { z } from 'zod'
import { optionalText } from '@/contract/fields'
import { contractResolver, numbersFromText } from './resolver'

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

describe('contractResolver', () => {
  it('carries the bound of a length rule whose message the contract names (the text says how long)', async () => {
    const resolver = contractResolver(
      z.object({ note: optionalText(5), name: z.string().min(3, 'validation:tooSmallString') }),
    )
    const result = await resolver({ note: 'too long a note', name: 'ab' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    })
    expect(result.errors.note?.message).toBe('validation:tooBigString?maximum=5')
    expect(result.errors.name?.message).toBe('validation:tooSmallString?minimum=3')
  })
})
