export { AuthProvider, AuthContext, useAuth, type AuthState, type AuthStatus } from './auth-context'
export { hasRole, isPrivileged, isAdmin, PRIVILEGED_ROLES } from './roles'
export { setAuthTransport, authTransport, type AuthTransport } from './transport'
