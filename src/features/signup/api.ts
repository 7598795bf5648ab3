import { useMutation, useQuery } from '@tanstack/react-query'
import {
  endpoints,
  type RequestAccessInput,
  type RequestAccessResult,
  type SignupWithInvitationInput,
  type SignupWithInvitationResult,
} from '@/contract'
import { call } from '@/api/call'
import { queryFor } from '@/api/queries'

type Handlers<T, I> = { onSuccess: (result: T, input: I) => void; onError: (error: unknown, input: I) => void }

export const useHumanCheck = () =>
  useQuery({
    ...queryFor(endpoints.humanCheck),
    // A question is single-use and expires: never reuse one across visits.
    staleTime: Infinity,
    gcTime: 0,
  })

/** `POST /api/auth/public-request-access`; the form shows every outcome itself. */
export const useRequestAccess = (handlers: Handlers<RequestAccessResult, RequestAccessInput>) =>
  useMutation({
    mutationFn: (input: RequestAccessInput) => call(endpoints.requestAccess, { body: input }),
    ...handlers,
  })

/** `POST /api/aws-auth/signup-with-invitation`: public (by the contract), sent without a token whoever is signed in. */
export const useSignupWithInvitation = (handlers: Handlers<SignupWithInvitationResult, SignupWithInvitationInput>) =>
  useMutation({
    mutationFn: (input: SignupWithInvitationInput) => call(endpoints.signupWithInvitation, { body: input }),
    ...handlers,
  })
