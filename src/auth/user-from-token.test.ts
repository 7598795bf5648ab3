import { roleFromGroups, userFromIdToken } from './user-from-token'

const jwt = (claims: object) => `eyJhbGciOiJSUzI1NiJ9.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`

describe('roleFromGroups', () => {
  it.each([
    [['buyers', 'admin'], 'admin'],
    [['buyer', 'originators', 'owners'], 'owner'],
    [['originator', 'buyers'], 'originator'],
    [['Buyers'], 'buyer'],
    [['staff'], 'buyer'],
    [[], 'buyer'],
  ])('%o → %s (admin, then owner, originator, buyer; default buyer)', (groups, role) => {
    expect(roleFromGroups(groups)).toBe(role)
  })
})

describe('userFromIdToken', () => {
  it('builds a stand-in user from the claims', () => {
    const user = userFromIdToken(
      jwt({ sub: 's-1', email: 'a@b.co', email_verified: true, 'cognito:groups': ['originators'], auth_time: 1 }),
      'es',
    )
    expect(user).toMatchObject({
      userId: 's-1',
      id: 's-1',
      email: 'a@b.co',
      role: 'originator',
      roles: ['originator'],
      cognitoGroups: ['originators'],
      languagePreference: 'es',
      email_verified: true,
      created_at: '1970-01-01T00:00:01.000Z',
    })
  })

  it('gives nothing for a token without subject or e-mail', () => {
    expect(userFromIdToken(jwt({ sub: 's-1' }))).toBeNull()
    expect(userFromIdToken('garbage')).toBeNull()
  })
})
