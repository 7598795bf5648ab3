import { SignInScreen } from './sign-in-screen'

/** `/auth`. */
export function SignInPage() {
  return <SignInScreen />
}

/** `/legacy-auth`: the older sign-in screen (6-character password rule), same session manager. */
export function LegacySignInPage() {
  return <SignInScreen legacy />
}
