import { z } from 'zod'
import { endpoint } from '../endpoint'
import {
  HumanCheckChallengeSchema,
  InvitationValidationSchema,
  PageSessionSchema,
  RequestAccessInputSchema,
  RequestAccessResultSchema,
  SigninLinkInputSchema,
  SigninLinkVerifyInputSchema,
  SigninLinkVerifyResultSchema,
  SignupWithInvitationInputSchema,
  SignupWithInvitationResultSchema,
  UpdateLanguageInputSchema,
  UserSchema,
} from '../auth'

const Accepted = z.object({ status: z.literal('accepted') })

export const accountEndpoints = {
  me: endpoint({ method: 'GET', path: '/api/auth/me', auth: 'user', responses: { 200: UserSchema } }),
  /**
   * Hands the caller's ID token to the server as an HttpOnly cookie (until the token expires), so a page the
   * server renders for members (`/deals`) can show the member's own view in its HTML. The API never reads the
   * cookie: every call still carries its bearer token.
   */
  openPageSession: endpoint({
    method: 'POST',
    path: '/api/auth/page-session',
    auth: 'user',
    responses: { 200: PageSessionSchema },
  }),
  /** Removes that cookie (sign-out), so the next visitor of this browser gets no member's page. */
  closePageSession: endpoint({
    method: 'DELETE',
    path: '/api/auth/page-session',
    auth: 'user',
    responses: { 200: z.object({ closed: z.literal(true) }) },
  }),
  updateLanguage: endpoint({
    method: 'POST',
    path: '/api/auth/update-language',
    auth: 'user',
    body: UpdateLanguageInputSchema,
    responses: { 200: UserSchema },
  }),
  validateInvitation: endpoint({
    method: 'GET',
    path: '/api/auth/validate-invitation/:token',
    auth: 'public',
    responses: { 200: InvitationValidationSchema },
  }),
  signupWithInvitation: endpoint({
    method: 'POST',
    path: '/api/aws-auth/signup-with-invitation',
    auth: 'public',
    body: SignupWithInvitationInputSchema,
    responses: { 200: SignupWithInvitationResultSchema },
  }),
  humanCheck: endpoint({
    method: 'GET',
    path: '/api/auth/public-human-check',
    auth: 'public',
    responses: { 200: HumanCheckChallengeSchema },
  }),
  requestAccess: endpoint({
    method: 'POST',
    path: '/api/auth/public-request-access',
    auth: 'public',
    body: RequestAccessInputSchema,
    responses: { 200: RequestAccessResultSchema },
  }),
  signinLink: endpoint({
    method: 'POST',
    path: '/api/auth/public-signin-link',
    auth: 'public',
    body: SigninLinkInputSchema,
    responses: { 202: Accepted },
  }),
  /** AWS mode only: the Verify Auth Challenge trigger's question, with `Authorization: Bearer <COGNITO_TRIGGER_SECRET>`. */
  signinLinkVerify: endpoint({
    method: 'POST',
    path: '/api/auth/signin-link/verify',
    auth: 'public',
    body: SigninLinkVerifyInputSchema,
    responses: { 200: SigninLinkVerifyResultSchema },
  }),
} as const
