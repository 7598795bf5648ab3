export { AuthProvider, AuthContext, useAuth } from './auth-context'
export type { AuthState, AuthStatus, AuthSession, AuthError, SignInResult, MfaMethod } from './types'
export { hasRole, hasAllAccess, isPrivileged, passesRoleCheck, PRIVILEGED_ROLES } from './roles'
export { signInPathFor, useSignedInUser } from './signed-in'
export { roleFromGroups } from './user-from-token'
export {
  confirmSignUp,
  resendSignUpCode,
  forgotPassword,
  confirmForgotPassword,
  changePassword,
  requestEmailChange,
  verifyEmailChange,
} from './account'
export { authErrorMessage, authErrorKey, isAuthError } from './errors'
export { isAuthConfigured } from './config'
export { authEvents, type AuthEventMap, type AuthEventName } from './events'
export { preloadIdentity } from './identity'
