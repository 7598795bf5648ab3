import { parseInvitationToken } from './parse-token'

describe('parseInvitationToken', () => {
  it.each([
    ['Zx3_k-9QwErTy', 'Zx3_k-9QwErTy'],
    ['  Zx3_k-9QwErTy \n', 'Zx3_k-9QwErTy'],
    ['https://keyway.example/signup?invitation=Zx3_k-9QwErTy', 'Zx3_k-9QwErTy'],
    ['/signup?invitation=Zx3_k-9QwErTy&utm=mail', 'Zx3_k-9QwErTy'],
    ['keyway.example/signup?invitation=Zx3_k-9QwErTy', 'Zx3_k-9QwErTy'],
  ])('finds the token in %j', (input, expected) => {
    expect(parseInvitationToken(input)).toBe(expected)
  })

  it.each(['', '   ', 'https://keyway.example/signup', 'not a token!', 'ab', '/signup?invitation=<script>'])(
    'finds none in %j',
    (input) => {
      expect(parseInvitationToken(input)).toBeNull()
    },
  )
})
