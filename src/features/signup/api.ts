import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import {
  endpoints,
  HumanCheckChallengeSchema,
  RequestAccessResultSchema,
  SignupWithInvitationResultSchema,
  type RequestAccessInput,
  type RequestAccessResult,
  type SignupWithInvitationInput,
  type SignupWithInvitationResult,
} from '@/contract'
import { api } from '@/api/client'
import { accessKeys } from '@/api/keys'

type Handlers<T, I> = { onSuccess: (result: T, input: I) => void; onError: (error: unknown, input: I) => void }

export const humanCheckQuery = () =>
  queryOptions({
    queryKey: accessKeys.humanCheck(),
    queryFn: ({ signal }) => api.get(endpoints.humanCheck.path, { schema: HumanCheckChallengeSchema, signal }),
    // A question is single-use and expires: never reuse one across visits.
    staleTime: Infinity,
    gcTime: 0,
  })

export const useHumanCheck = () => useQuery(humanCheckQuery())

/** `POST /api/auth/public-request-access`; the form shows every outcome itself. */
export const useRequestAccess = (handlers: Handlers<RequestAccessResult, RequestAccessInput>) =>
  useMutation({
    mutationFn: (input: RequestAccessInput) =>
      api.post(endpoints.requestAccess.path, input, { schema: RequestAccessResultSchema }),
    ...handlers,
  })

/** `POST /api/aws-auth/signup-with-invitation`: public, sent without a token whoever is signed in. */
export const useSignupWithInvitation = (handlers: Handlers<SignupWithInvitationResult, SignupWithInvitationInput>) =>
  useMutation({
    mutationFn: (input: SignupWithInvitationInput) =>
      api.post(endpoints.signupWithInvitation.path, input, {
        schema: SignupWithInvitationResultSchema,
        auth: 'none',
      }),
    ...handlers,
  })
