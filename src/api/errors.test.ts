import { ApiErrorBodySchema } from '@/contract'
import { ApiError, readErrorBody } from './errors'

const bodies: unknown[] = [
  { message: 'Bad' },
  { message: 'Bad', code: 'invalid', fields: { email: 'Required' } },
  { message: 'Bad', extra: 'dropped' },
  { message: 'Bad', fields: {} },
  { message: 1 },
  { code: 'x' },
  { message: 'Bad', code: 2 },
  { message: 'Bad', fields: { email: 3 } },
  { message: 'Bad', fields: ['a'] },
  { message: 'Bad', fields: null },
  { message: 'Bad', code: null },
  ['message'],
  'Bad',
  null,
  undefined,
  42,
]

describe('readErrorBody', () => {
  it.each(bodies.map((body) => [JSON.stringify(body) ?? 'undefined', body]))(
    'reads %s as ApiErrorBodySchema does',
    (_, body) => {
      const parsed = ApiErrorBodySchema.safeParse(body)
      expect(readErrorBody(body)).toEqual(parsed.success ? parsed.data : null)
    },
  )

  it("gives an ApiError the body's message, code and fields", () => {
    const error = new ApiError(400, 'Bad Request', { message: 'Check the form', code: 'invalid', fields: { a: 'b' } })
    expect(error).toMatchObject({ message: 'Check the form', code: 'invalid', fields: { a: 'b' } })
  })
})
