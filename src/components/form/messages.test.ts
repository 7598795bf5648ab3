import type { TFunction } from 'i18next'
import { z } from 'zod'
import { fieldMessage, formErrorMap } from './messages'

// Shows what would be translated: the key and the values it interpolates.
const t = ((key: string, values?: Record<string, string>) =>
  `<${key}${values && Object.keys(values).length ? ` ${JSON.stringify(values)}` : ''}>`) as unknown as TFunction

describe('fieldMessage', () => {
  it('translates a key of any app namespace', () => {
    expect(fieldMessage(t, 'validation:required')).toBe('<validation:required>')
    expect(fieldMessage(t, 'auth:code.invalid')).toBe('<auth:code.invalid>')
    expect(fieldMessage(t, 'profile:buyBox.priceOrder')).toBe('<profile:buyBox.priceOrder>')
  })

  it('passes the values carried after a ? to the translation', () => {
    expect(fieldMessage(t, 'validation:tooBigNumber?maximum=100')).toBe('<validation:tooBigNumber {"maximum":"100"}>')
  })

  it('leaves text the server already translated as it is, a colon included', () => {
    expect(fieldMessage(t, 'Too long.')).toBe('Too long.')
    expect(fieldMessage(t, 'Note: this address is taken')).toBe('Note: this address is taken')
    expect(fieldMessage(t, 'nonsense:key')).toBe('nonsense:key')
  })

  it('says nothing for no message', () => {
    expect(fieldMessage(t, undefined)).toBeUndefined()
    expect(fieldMessage(t, '')).toBeUndefined()
  })
})

describe('formErrorMap', () => {
  const messageOf = (schema: z.ZodType, value: unknown) =>
    schema.safeParse(value, { error: formErrorMap }).error?.issues[0]?.message

  it('names a validation key for zod checks a schema gave no message', () => {
    expect(messageOf(z.string(), undefined)).toBe('validation:required')
    expect(messageOf(z.string().min(1), '')).toBe('validation:required')
    expect(messageOf(z.number().max(100), 101)).toBe('validation:tooBigNumber?maximum=100')
    expect(messageOf(z.email(), 'nope')).toBe('validation:invalidEmail')
  })

  it('names the choices of a list of values by their labels', () => {
    const message = messageOf(z.enum(['single-family', 'condo', 'multi-2-4', 'manufactured']), 'castle')
    expect(fieldMessage(t, message)).toBe(
      '<validation:invalidEnum {"options":"<values:propertyTypes.single-family>, <values:propertyTypes.condo>, <values:propertyTypes.multi-2-4>, <values:propertyTypes.manufactured>"}>',
    )
  })

  it('keeps the message a schema names itself', () => {
    expect(messageOf(z.string().min(1, { error: 'validation:cityRequired' }), '')).toBe('validation:cityRequired')
  })
})
