import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { resolve } from 'node:path'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

/**
 * The architecture's import rules (STYLE.md "One SDK, one module", the API layer, the folder order) are only
 * real if ESLint reports them: each case lints one small snippet at a realistic path with the project's own
 * eslint.config.js and expects the rule's error, or none for the allowed uses.
 */
const root = resolve(fileURLToPath(import.meta.url), '../../..')
let eslint: ESLint

beforeAll(() => {
  eslint = new ESLint({ cwd: root })
})

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).map((message) => message.ruleId ?? `fatal: ${message.message}`)
}

describe('one SDK, one module', () => {
  it.each([
    [
      'amazon-cognito-identity-js',
      "import { CognitoUserPool } from 'amazon-cognito-identity-js'\nexport const P = CognitoUserPool\n",
    ],
    ['pusher-js', "import Pusher from 'pusher-js'\nexport const P = Pusher\n"],
    ['leaflet', "import L from 'leaflet'\nexport const P = L\n"],
    ['react-leaflet', "import { MapContainer } from 'react-leaflet'\nexport const P = MapContainer\n"],
    ['posthog-js', "import posthog from 'posthog-js'\nexport const P = posthog\n"],
    ['a subpath of leaflet', "import 'leaflet/dist/leaflet.css'\n"],
  ])('a feature importing %s is an error', async (_name, code) => {
    expect(await ruleIds('src/features/profile/sdk.ts', code)).toContain('no-restricted-imports')
  })

  it.each([
    [
      'src/auth/pool.ts',
      "import { CognitoUserPool } from 'amazon-cognito-identity-js'\nexport const P = CognitoUserPool\n",
    ],
    ['src/realtime/socket.ts', "import Pusher from 'pusher-js'\nexport const P = Pusher\n"],
    [
      'src/features/maps/layer.tsx',
      "import L from 'leaflet'\nimport { MapContainer } from 'react-leaflet'\nexport const P = [L, MapContainer]\n",
    ],
    ['src/analytics/client.ts', "import posthog from 'posthog-js'\nexport const P = posthog\n"],
  ])('%s may import its own SDK', async (filePath, code) => {
    expect(await ruleIds(filePath, code)).toEqual([])
  })

  it('an SDK owner still may not import another SDK', async () => {
    expect(
      await ruleIds('src/auth/track.ts', "import posthog from 'posthog-js'\nexport const P = posthog\n"),
    ).toContain('no-restricted-imports')
  })
})

describe('the API client is the only fetch', () => {
  it.each([
    ['fetch', "export const load = () => fetch('/api/health')\n"],
    ['window.fetch', "export const load = () => window.fetch('/api/health')\n"],
    ['globalThis.fetch', "export const load = () => globalThis.fetch('/api/health')\n"],
    ['self.fetch', "export const load = () => self.fetch('/api/health')\n"],
    ['XMLHttpRequest', 'export const load = () => new XMLHttpRequest()\n'],
    ['window.XMLHttpRequest', 'export const load = () => new window.XMLHttpRequest()\n'],
  ])('%s outside src/api/client.ts is an error', async (_name, code) => {
    const ids = await ruleIds('src/features/profile/load.ts', code)
    expect(ids.some((id) => id === 'no-restricted-globals' || id === 'no-restricted-properties')).toBe(true)
  })

  it('src/api/client.ts may call fetch', async () => {
    expect(await ruleIds('src/api/client.ts', "export const load = () => window.fetch('/api/health')\n")).toEqual([])
  })
})

describe('the contract imports only zod', () => {
  it('a package other than zod is an error', async () => {
    expect(
      await ruleIds('src/contract/dates.ts', "import { format } from 'date-fns'\nexport const F = format\n"),
    ).toContain('no-restricted-imports')
  })

  it('zod and its own files are fine', async () => {
    const code =
      "import { z } from 'zod'\nimport { US_STATE_CODES } from './us-states'\nexport const S = z.enum(US_STATE_CODES)\n"
    expect(await ruleIds('src/contract/states.ts', code)).toEqual([])
  })
})

describe('shared folders in order: lib, contract, api, auth, analytics, realtime, i18n, components', () => {
  it.each([
    ['src/api/token.ts', "import { useAuth } from '@/auth'\nexport const U = useAuth\n"],
    ['src/lib/notify.ts', "import { toast } from '@/components/ui/toast'\nexport const T = toast\n"],
    ['src/auth/notify.ts', "import { toast } from '@/components/ui/toast'\nexport const T = toast\n"],
    ['src/i18n/notify.ts', "import { toast } from '@/components/ui/toast'\nexport const T = toast\n"],
    ['src/auth/track.ts', "import { AnalyticsIdentity } from '@/analytics'\nexport const A = AnalyticsIdentity\n"],
    ['src/analytics/notify.ts', "import { toast } from '@/components/ui/toast'\nexport const T = toast\n"],
    ['src/analytics/socket.ts', "import { useRealtime } from '@/realtime'\nexport const R = useRealtime\n"],
    ['src/contract/storage.ts', "import { AUTH_FLAG_KEY } from '@/lib/storage-keys'\nexport const K = AUTH_FLAG_KEY\n"],
  ])('%s importing a later folder is an error', async (filePath, code) => {
    expect(await ruleIds(filePath, code)).toContain('import-x/no-restricted-paths')
  })

  it.each([
    [
      'src/analytics/page.ts',
      "import { BECOME_SELLER_PATH } from '@/features/profile'\nexport const A = BECOME_SELLER_PATH\n",
    ],
    ['src/components/page.ts', "import { DealMap } from '@/features/maps'\nexport const A = DealMap\n"],
  ])('%s importing a feature is an error', async (filePath, code) => {
    expect(await ruleIds(filePath, code)).toContain('import-x/no-restricted-paths')
  })

  it('a later folder may import an earlier one', async () => {
    const code =
      "import { useAuth } from '@/auth'\nimport { api } from '@/api/client'\nexport const U = [useAuth, api]\n"
    expect(await ruleIds('src/components/who.ts', code)).toEqual([])
  })
})

describe('features and the server', () => {
  it("a feature importing another feature's internals is an error", async () => {
    const code = "import { DealMap } from '@/features/maps/deal-map'\nexport const M = DealMap\n"
    expect(await ruleIds('src/features/profile/map.ts', code)).toContain('import-x/no-restricted-paths')
  })

  it("a feature may import another feature's index", async () => {
    const code = "import { DealMap } from '@/features/maps'\nexport const M = DealMap\n"
    expect(await ruleIds('src/features/profile/map.ts', code)).toEqual([])
  })

  it('a feature importing src/app is an error', async () => {
    const code = "import { routes } from '@/app/routes'\nexport const R = routes\n"
    expect(await ruleIds('src/features/profile/nav.ts', code)).toContain('import-x/no-restricted-paths')
  })

  it('the server importing SPA code other than the contract is an error', async () => {
    const code = "import { DealMap } from '../../../src/features/maps'\nexport const M = DealMap\n"
    expect(await ruleIds('server/modules/deals/spa.ts', code)).toContain('import-x/no-restricted-paths')
  })

  it('server/identity importing server/modules is an error', async () => {
    const code = "import type { MailService } from '../modules/mail/service'\nexport type M = MailService\n"
    expect(await ruleIds('server/identity/mailer.ts', code)).toContain('import-x/no-restricted-paths')
  })

  it('a server import cycle is an error', async () => {
    // photos.ts imports repository.ts; the repository importing photos.ts back closes a cycle.
    const code = "import { deletePhoto } from './photos'\nexport const D = deletePhoto\n"
    expect(await ruleIds('server/modules/deals/repository.ts', code)).toContain('import-x/no-cycle')
  })

  it('an SPA import cycle is an error, through a lazy import() too', async () => {
    // toast.tsx loads toaster-view.tsx lazily; the view importing toast.tsx back closes a cycle (issue 22).
    const code = "import { Toaster } from './toast'\nexport const T = Toaster\n"
    expect(await ruleIds('src/components/ui/toaster-view.tsx', code)).toContain('import-x/no-cycle')
    // The view as it is: it reads the store in src/lib only.
    const view = readFileSync(resolve(root, 'src/components/ui/toaster-view.tsx'), 'utf8')
    expect(await ruleIds('src/components/ui/toaster-view.tsx', view)).toEqual([])
  })
})
