import { identity } from './identity'
import { toAuthError } from './errors'

/*
 * Account calls that need no session state (sign-up confirmation, password reset) or only the stored one
 * (password and e-mail changes). Each resolves, or rejects with `{ code, message }` (Cognito's error name as
 * code); show people `authErrorMessage(t, error)`.
 */

async function run<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    throw toAuthError(error)
  }
}

async function signedInUser() {
  const client = await identity()
  const user = await client.currentUser()
  if (!user) throw toAuthError(new Error('User is not authenticated'))
  // getSession loads (and if needed refreshes) the stored tokens these calls send.
  await client.restore(user)
  return { client, user }
}

/** ConfirmSignUp with the 6-digit code e-mailed at sign-up. */
export const confirmSignUp = (email: string, code: string) =>
  run(async () => (await identity()).signUpConfirm(email, code))

/** ResendConfirmationCode. */
export const resendSignUpCode = (email: string) => run(async () => (await identity()).resendSignUpCode(email))

/** ForgotPassword: mails a 6-digit code and a reset link. */
export const forgotPassword = (email: string) => run(async () => (await identity()).forgotPassword(email))

/** ConfirmForgotPassword with the code and the new password. */
export const confirmForgotPassword = (email: string, code: string, newPassword: string) =>
  run(async () => (await identity()).confirmForgotPassword(email, code, newPassword))

/** ChangePassword for the signed-in user. */
export const changePassword = (oldPassword: string, newPassword: string) =>
  run(async () => {
    const { client, user } = await signedInUser()
    await client.changePassword(user, oldPassword, newPassword)
  })

/** UpdateUserAttributes(email): the provider mails a code to the new address; confirm with verifyEmailChange. */
export const requestEmailChange = (newEmail: string) =>
  run(async () => {
    const { client, user } = await signedInUser()
    await client.updateEmail(user, newEmail)
  })

/** VerifyUserAttribute(email) with the code sent to the new address. Call `refreshUser()` afterwards. */
export const verifyEmailChange = (code: string) =>
  run(async () => {
    const { client, user } = await signedInUser()
    await client.verifyEmail(user, code)
  })
