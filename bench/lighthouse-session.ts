import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { chromium } from '@playwright/test'
import { DEMO_PASSWORD } from '../server/modules/seed/demo-accounts'

// What the Lighthouse bench (bench/lighthouse.ts) audits against: the built app on its own server, and the
// signed-in sessions it hands the browser before each audit.

/** The embedded identity provider's app client, as the SPA and e2e/support/api.ts name it. */
const CLIENT_ID = 'keywaywebclient'

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, 'localhost', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

/** The built app on its real server (compression, static caching, CSP) with the demo data, as in e2e. */
export async function startServer(distDir: string, dataDir: string): Promise<{ child: ChildProcess; origin: string }> {
  const port = await freePort()
  const origin = `http://localhost:${port}`
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      SEED_DEMO: 'true',
      PORT: String(port),
      HOST: 'localhost',
      DATA_DIR: dataDir,
      STATIC_DIR: distDir,
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
    },
  })
  const deadline = Date.now() + 300_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`bench: the server exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { child, origin }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  child.kill()
  throw new Error('bench: the server did not answer /api/health within 300 s')
}

/** Signs in through the identity provider's API, the way amazon-cognito-identity-js does. */
export async function signIn(origin: string, email: string) {
  const response = await fetch(`${origin}/cognito-idp/`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD },
    }),
  })
  const body = (await response.json()) as {
    AuthenticationResult?: { IdToken: string; AccessToken: string; RefreshToken: string }
  }
  if (!body.AuthenticationResult) throw new Error(`bench: sign-in failed: ${JSON.stringify(body)}`)
  const tokens = body.AuthenticationResult
  const me = await fetch(`${origin}/api/auth/me`, { headers: { Authorization: `Bearer ${tokens.IdToken}` } })
  if (!me.ok) throw new Error(`bench: /api/auth/me answered ${me.status}`)
  const user: unknown = await me.json()
  // What a returning signed-in visitor's browser holds: the SDK's keys (src/auth/cognito.ts reads them through
  // the SDK) and the SPA's own (src/lib/storage-keys.ts).
  const sdk = `CognitoIdentityServiceProvider.${CLIENT_ID}`
  return {
    [`${sdk}.LastAuthUser`]: email,
    [`${sdk}.${email}.idToken`]: tokens.IdToken,
    [`${sdk}.${email}.accessToken`]: tokens.AccessToken,
    [`${sdk}.${email}.refreshToken`]: tokens.RefreshToken,
    [`${sdk}.${email}.clockDrift`]: '0',
    idToken: tokens.IdToken,
    refreshToken: tokens.RefreshToken,
    isAuthenticated: 'true',
    cachedUser: JSON.stringify({ user, cachedAt: Date.now() }),
  }
}

/**
 * Writes (or clears) the origin's localStorage in the browser's default profile, the one Lighthouse audits in,
 * and for a signed-in visit hands the session to the server as the SPA does at sign-in (the page-session
 * cookie), so `/deals` is audited as a returning member gets it: rendered by the server.
 */
export async function setStorage(debugPort: number, origin: string, items: Record<string, string> | null) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`)
  try {
    const context = browser.contexts()[0]!
    await context.clearCookies()
    const page = await context.newPage()
    // A path that answers fast without running the SPA (the storage is per origin).
    await page.goto(`${origin}/api/health`)
    const shared = await page.evaluate(async (entries) => {
      localStorage.clear()
      for (const [key, value] of Object.entries(entries ?? {})) localStorage.setItem(key, value)
      if (!entries?.idToken) return null
      const answer = await fetch('/api/auth/page-session', {
        method: 'POST',
        headers: { Authorization: `Bearer ${entries.idToken}` },
      })
      const { expiresAt } = (await answer.json()) as { expiresAt: string }
      // What the SPA notes once it has handed this token over (src/auth/storage.ts).
      localStorage.setItem('pageSessionExpiresAt', String(Date.parse(expiresAt)))
      return answer.status
    }, items)
    if (items && shared !== 200) throw new Error(`bench: POST /api/auth/page-session answered ${shared}`)
    await page.close()
  } finally {
    // Disconnects Playwright only; the browser stays up for Lighthouse.
    await browser.close()
  }
}
