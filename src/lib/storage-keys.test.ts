import {
  AUTH_FLAG_KEY,
  CACHED_USER_KEY,
  DASHBOARD_MARKER_KEY,
  ID_TOKEN_KEY,
  REFRESH_TOKEN_KEY,
  isAuthStorageKey,
} from './storage-keys'

describe('storage keys', () => {
  it('uses the agreed key names', () => {
    expect(AUTH_FLAG_KEY).toBe('isAuthenticated')
    expect(ID_TOKEN_KEY).toBe('idToken')
    expect(REFRESH_TOKEN_KEY).toBe('refreshToken')
    expect(CACHED_USER_KEY).toBe('cachedUser')
    expect(DASHBOARD_MARKER_KEY).toBe('dashboardFetchAttempted')
  })
})

describe('isAuthStorageKey', () => {
  it.each([
    'CognitoIdentityServiceProvider.abc123.user.idToken',
    'cognito-identity',
    'aws.cognito.identity-id.us-east-1',
    'amplify-signin-with-hostedUI-AWS',
    'myAwsKey',
  ])('matches %s', (key) => {
    expect(isAuthStorageKey(key)).toBe(true)
  })

  it.each(['idToken', 'refreshToken', 'language', 'recentPages:u1', 'cachedUser', ''])('does not match %s', (key) => {
    expect(isAuthStorageKey(key)).toBe(false)
  })

  it('matches anywhere in the key, as the spec states plain containment', () => {
    expect(isAuthStorageKey('laws')).toBe(true)
  })
})
