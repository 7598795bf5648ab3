import { createIdentityClient } from './cognito'

const sdkLoaded = vi.hoisted(() => ({ count: 0 }))
vi.mock('amazon-cognito-identity-js', async (importOriginal) => {
  sdkLoaded.count++
  return importOriginal()
})

const config = { userPoolId: 'local_keyway', clientId: 'keywaywebclient', endpoint: 'http://localhost/' }
const lastAuthUser = `CognitoIdentityServiceProvider.${config.clientId}.LastAuthUser`

describe('the identity client at startup', () => {
  afterEach(() => localStorage.clear())

  // The SDK is about 27 KB gzip: a visitor who never signed in on this browser should not download it.
  it('finds no stored user without loading the SDK when the browser holds none', async () => {
    expect(await createIdentityClient(config).currentUser()).toBeNull()
    expect(sdkLoaded.count).toBe(0)
  })

  it("asks the SDK for the stored user when the browser holds the SDK's keys", async () => {
    localStorage.setItem(lastAuthUser, 'buyer@demo.test')
    const user = await createIdentityClient(config).currentUser()
    expect(user?.getUsername()).toBe('buyer@demo.test')
    expect(sdkLoaded.count).toBe(1)
  })
})
