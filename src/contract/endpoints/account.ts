import { z } from 'zod'
import { endpoint } from '../endpoint'
import {
  HumanCheckChallengeSchema,
  InvitationValidationSchema,
  RequestAccessInputSchema,
  RequestAccessResultSchema,
  SigninLinkInputSchema,
  SignupWithInvitationInputSchema,
  SignupWithInvitationResultSchema,
  UpdateLanguageInputSchema,
  UserSchema,
} from '../auth'

const Accepted = z.object({ status: z.literal('accepted') })

export const accountEndpoints = {
  me: endpoint({ method: 'GET', path: '/api/auth/me', auth: 'user', responses: { 200: UserSchema } }),
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
} as const
