import { listError } from './list-error'

describe('listError', () => {
  it('gives the list its own message first (too many items)', () => {
    expect(listError({ message: 'validation:tooBigArray?maximum=5', type: 'too_big' })).toBe(
      'validation:tooBigArray?maximum=5',
    )
  })

  it('gives the message of the first wrong item', () => {
    expect(listError([undefined, { message: 'validation:invalidZip' }, { message: 'validation:required' }])).toBe(
      'validation:invalidZip',
    )
  })

  it('reads the root error react-hook-form keeps for a list', () => {
    expect(listError({ root: { message: 'validation:required' } })).toBe('validation:required')
  })

  it('gives nothing while the list is fine', () => {
    expect(listError(undefined)).toBeUndefined()
    expect(listError([undefined, undefined])).toBeUndefined()
  })
})
