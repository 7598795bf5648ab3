import type { InjectOptions } from 'fastify'

type Injector = (options: InjectOptions) => Promise<{ statusCode: number; body: string; json(): unknown }>

/** Signs an account in through the embedded identity provider; answers the header private calls send. */
export async function benchSignIn(inject: Injector, email: string, password: string) {
  const answer = await inject({
    method: 'POST',
    url: '/cognito-idp/',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    payload: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'keywaywebclient',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  })
  const token = (answer.json() as { AuthenticationResult?: { IdToken: string } }).AuthenticationResult?.IdToken
  if (!token) throw new Error(`Bench sign-in of ${email} failed: ${answer.statusCode} ${answer.body}`)
  return { authorization: `Bearer ${token}` }
}
