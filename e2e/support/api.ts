import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { CASH_LISTING } from '../../tests/fixtures/cash-listing'

export const DEMO_PASSWORD = 'DemoPass1!'
export const CLIENT_ID = 'keywaywebclient'

type Tokens = { IdToken: string; AccessToken: string; RefreshToken?: string }

/** Calls the embedded identity provider the way amazon-cognito-identity-js does. */
export async function idp(request: APIRequestContext, operation: string, body: Record<string, unknown>) {
  const response = await request.post('/cognito-idp/', {
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    data: JSON.stringify(body),
  })
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> }
}

/** Signs in through the identity provider's API (for set-up, not for the flows under test). */
export async function apiSignIn(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const { status, body } = await idp(request, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: CLIENT_ID,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  })
  expect(status, JSON.stringify(body)).toBe(200)
  return body.AuthenticationResult as Tokens
}

export async function apiCall<T = unknown>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(url, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(data ? { 'Content-Type': 'application/json' } : {}) },
    data: data === undefined ? undefined : JSON.stringify(data),
  })
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true)
  return (await response.json()) as T
}

/** A Phoenix cash listing of the signed-in seller's, made through the API (set-up for journeys about what follows). */
export function apiCashListing<T>(
  request: APIRequestContext,
  sellerToken: string,
  streetAddress: string,
  dealDescription: string,
): Promise<T> {
  return apiCall<T>(request, sellerToken, 'POST', '/api/deals', {
    ...CASH_LISTING,
    streetAddress,
    dealDescription,
  })
}

type OutboxMail = { to: string; subject: string; text: string; template: string; data: Record<string, string> }

/** The newest mail of a template to an address, waiting a little for it to arrive. */
export async function latestMail(request: APIRequestContext, to: string, template: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)
      const { mails } = (await response.json()) as { mails: OutboxMail[] }
      found = mails.find((mail) => mail.template === template)
      return Boolean(found)
    })
    .toBe(true)
  return found!
}

/** Local storage keys of the page that contain "cognito" or "aws" (sign-out must leave none). */
export const authStorageKeys = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => /cognito|aws/i.test(key)))

/** The refresh token the SDK keeps for the signed-in user. */
export const storedRefreshToken = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find(
      (k) => k.startsWith('CognitoIdentityServiceProvider.') && k.endsWith('.refreshToken'),
    )
    return key ? localStorage.getItem(key) : null
  })

export const storedIdToken = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find(
      (k) => k.startsWith('CognitoIdentityServiceProvider.') && k.endsWith('.idToken'),
    )
    return key ? localStorage.getItem(key) : null
  })

/** Signs in through the real /auth screen. */
export async function uiSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/auth')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).not.toHaveURL(/\/auth/)
  // Signed in for good: the session is stored and the header shows the account, and the session has been
  // handed to the server for the pages it renders (a call of its own, which a test must not race).
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible()
  await expect
    .poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'page_session'))
    .toBe(true)
}

let sequence = 0
/** A fresh address per test run, so tests never collide on the shared server. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}.${Date.now().toString(36)}${(sequence++).toString(36)}@example.com`

export const NEW_USER_PASSWORD = 'NewUser#2026'

/**
 * A confirmed account of a given role, made the way a person would get one: an invitation from a
 * seller (or the admin for other roles), sign-up with it, and the e-mailed code.
 */
export async function createInvitedUser(request: APIRequestContext, role: 'buyer' | 'originator' = 'buyer') {
  const inviter = await apiSignIn(request, 'seller@demo.test')
  const [invitation] = await apiCall<{ token: string }[]>(request, inviter.IdToken, 'POST', '/api/invitations', {
    role,
    count: 1,
  })
  const email = uniqueEmail(role)
  const signUp = await request.post('/api/aws-auth/signup-with-invitation', {
    data: {
      email,
      password: NEW_USER_PASSWORD,
      firstName: 'Test',
      lastName: 'Person',
      invitationToken: invitation!.token,
    },
  })
  expect(signUp.ok(), await signUp.text()).toBe(true)
  const mail = await latestMail(request, email, 'signupCode')
  const confirm = await idp(request, 'ConfirmSignUp', {
    ClientId: CLIENT_ID,
    Username: email,
    ConfirmationCode: mail.data.code,
  })
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200)
  return { email, password: NEW_USER_PASSWORD }
}
