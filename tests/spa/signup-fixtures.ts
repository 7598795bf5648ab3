import { http, HttpResponse, type JsonBodyType } from 'msw'
import type {
  HumanCheckChallenge,
  Invitation,
  InvitationValidation,
  RequestAccessInput,
  RequestAccessResult,
  SignupWithInvitationInput,
  SignupWithInvitationResult,
} from '@/contract'

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()

export function buildValidation(overrides: Partial<InvitationValidation> = {}): InvitationValidation {
  return { valid: true, role: 'buyer', email: null, expiresAt: inDays(60), status: 'pending', ...overrides }
}

let sequence = 0
export function buildInvitation(overrides: Partial<Invitation> = {}): Invitation {
  sequence += 1
  const token = overrides.token ?? `tok${sequence}AbCdEfGh`
  return {
    id: `inv-${sequence}`,
    token,
    link: `http://localhost:3000/signup?invitation=${token}`,
    role: 'buyer',
    email: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    expiresAt: '2027-01-30T10:00:00.000Z',
    status: 'pending',
    ...overrides,
  }
}

/** An error answer in the API.md shape, with its HTTP status. */
export type ErrorAnswer = { error: number; body: JsonBodyType }
const isError = (answer: object): answer is ErrorAnswer => 'error' in answer
const reply = (answer: object) =>
  isError(answer) ? HttpResponse.json(answer.body, { status: answer.error }) : HttpResponse.json(answer)

/** `GET /api/auth/validate-invitation/:token` answering one invitation, recording the Authorization header. */
export function validationHandler(answer: InvitationValidation | ErrorAnswer) {
  const seen: (string | null)[] = []
  const handler = http.get('/api/auth/validate-invitation/:token', ({ request }) => {
    seen.push(request.headers.get('Authorization'))
    return reply(answer)
  })
  return { handler, seen }
}

/** `POST /api/aws-auth/signup-with-invitation`: the bodies it received and a chosen answer. */
export function signupHandler(answer: (body: SignupWithInvitationInput) => SignupWithInvitationResult | ErrorAnswer) {
  const bodies: SignupWithInvitationInput[] = []
  const headers: (string | null)[] = []
  const handler = http.post('/api/aws-auth/signup-with-invitation', async ({ request }) => {
    const body = (await request.json()) as SignupWithInvitationInput
    bodies.push(body)
    headers.push(request.headers.get('Authorization'))
    return reply(answer(body))
  })
  return { handler, bodies, headers }
}

/** The human check: "What is 3 + 4?", then "What is 5 + 6?" and so on, each with its own token. */
export function humanCheckHandler() {
  let served = 0
  return http.get('/api/auth/public-human-check', () => {
    served += 1
    const challenge: HumanCheckChallenge = {
      token: `hc-${served}`,
      a: 1 + served * 2,
      b: 2 + served * 2,
      operator: '+',
      expiresAt: inDays(1),
    }
    return HttpResponse.json(challenge)
  })
}

/** `POST /api/auth/public-request-access` with a chosen answer; records the bodies. */
export function requestAccessHandler(answer: (body: RequestAccessInput) => RequestAccessResult | ErrorAnswer) {
  const bodies: RequestAccessInput[] = []
  const handler = http.post('/api/auth/public-request-access', async ({ request }) => {
    const body = (await request.json()) as RequestAccessInput
    bodies.push(body)
    return reply(answer(body))
  })
  return { handler, bodies }
}
