import { readAuthConfig } from './config'

const origin = 'https://app.example.com'

describe('readAuthConfig', () => {
  it('uses the embedded identity provider on this origin when nothing is set', () => {
    expect(readAuthConfig({}, origin)).toEqual({
      userPoolId: 'local_keyway',
      clientId: 'keywaywebclient',
      endpoint: 'https://app.example.com/cognito-idp/',
    })
  })

  it('uses AWS Cognito when a pool and client are set without an endpoint', () => {
    expect(
      readAuthConfig({ VITE_COGNITO_USER_POOL_ID: 'us-east-1_Ab12Cd', VITE_COGNITO_CLIENT_ID: 'abc123' }, origin),
    ).toEqual({ userPoolId: 'us-east-1_Ab12Cd', clientId: 'abc123', endpoint: undefined })
  })

  it.each([
    [{ VITE_COGNITO_USER_POOL_ID: '', VITE_COGNITO_CLIENT_ID: '' }],
    [{ VITE_COGNITO_USER_POOL_ID: 'us-east-1_Ab12Cd', VITE_COGNITO_CLIENT_ID: '' }],
    [{ VITE_COGNITO_USER_POOL_ID: 'us-east-1_Ab12Cd' }],
    [{ VITE_COGNITO_USER_POOL_ID: 'no-underscore', VITE_COGNITO_CLIENT_ID: 'abc' }],
    [{ VITE_COGNITO_USER_POOL_ID: `us-east-1_${'a'.repeat(50)}`, VITE_COGNITO_CLIENT_ID: 'abc' }],
  ])('is unconfigured for %o', (env) => {
    expect(readAuthConfig(env, origin)).toBeNull()
  })
})
