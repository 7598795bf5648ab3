import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import { importX } from 'eslint-plugin-import-x'
import globals from 'globals'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'

const features = (() => {
  try {
    return readdirSync('src/features', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  } catch {
    return []
  }
})()

/** One SDK, one module (STYLE.md): each may only be imported inside its wrapper folder. */
const sdkOwners = [
  { name: 'amazon-cognito-identity-js', owner: 'src/auth' },
  { name: 'pusher-js', owner: 'src/realtime' },
  { name: 'leaflet', owner: 'src/features/maps' },
  { name: 'react-leaflet', owner: 'src/features/maps' },
  { name: 'posthog-js', owner: 'src/analytics' },
]
const owners = [...new Set(sdkOwners.map(({ owner }) => owner))]

/**
 * `no-restricted-imports` for SPA files under `owner` (null: anywhere else): every SDK but the owner's own.
 * Flat config keeps only the last block's options for a rule, so the blocks below cover disjoint files and
 * each carries the whole list (tests/lint/boundaries.test.ts feeds one violation of each).
 */
const sdkRestrictions = (owner) => [
  'error',
  {
    paths: sdkOwners
      .filter((sdk) => sdk.owner !== owner)
      .map(({ name, owner: home }) => ({ name, message: `Only ${home}/ may import ${name}.` })),
    patterns: sdkOwners
      .filter((sdk) => sdk.owner !== owner)
      .map(({ name, owner: home }) => ({ group: [`${name}/*`], message: `Only ${home}/ may import ${name}.` })),
  },
]

/**
 * Shared SPA folders in dependency order: each may import only the folders before it (and never features or
 * src/app).
 */
const sharedOrder = ['lib', 'contract', 'api', 'auth', 'analytics', 'realtime', 'i18n', 'components']

/** The server's own foundations; the product modules build on them, never the other way round. */
const serverCore = ['db', 'http', 'identity', 'lib', 'files', 'realtime']

/** The API client is the SPA's only fetch / XMLHttpRequest, however it is reached. */
const networkMessage = 'Call the API through src/api/client.ts (onUploadProgress for uploads).'
const networkGlobals = ['fetch', 'XMLHttpRequest']
const networkOwners = ['window', 'globalThis', 'self']

export default tseslint.config(
  { ignores: ['dist', 'dist-analytics', 'node_modules', 'test-results', 'playwright-report', 'data', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // TypeScript files are parsed when followed (import-x/no-cycle reads the files an import leads to).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'server/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // The contract is shared by SPA and server: it imports only zod.
            { target: './src/contract', from: './src', except: ['./contract'] },
            { target: './src/contract', from: './server' },
            // The server never imports SPA code other than the contract; the SPA never imports the server.
            { target: './server', from: './src', except: ['./contract'] },
            { target: './src', from: './server' },
            // Imports flow shared -> features -> app.
            { target: './src/features', from: './src/app' },
            ...sharedOrder.map((shared, index) => ({
              target: `./src/${shared}`,
              from: ['./src/features', './src/app', ...sharedOrder.slice(index + 1).map((later) => `./src/${later}`)],
            })),
            // Server foundations never import a product module (pass what they need in).
            ...serverCore.map((core) => ({ target: `./server/${core}`, from: './server/modules' })),
            // A feature never reaches into another feature's internals.
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`, ...features.filter((f) => f !== feature).map((f) => `./${f}/index.ts`)],
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // The fetch wrapper is the SPA's only fetch (ARCHITECTURE.md).
      'no-restricted-globals': ['error', ...networkGlobals.map((name) => ({ name, message: networkMessage }))],
      'no-restricted-properties': [
        'error',
        ...networkOwners.flatMap((object) =>
          networkGlobals.map((property) => ({ object, property, message: networkMessage })),
        ),
      ],
      'no-restricted-imports': sdkRestrictions(null),
    },
  },
  { files: ['src/api/client.ts'], rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off' } },
  ...owners.map((owner) => ({
    files: [`${owner}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': sdkRestrictions(owner) },
  })),
  // The contract is shared by SPA and server: it imports only zod and its own files (relative paths, which
  // import-x/no-restricted-paths above keeps inside src/contract).
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^(?!zod$|zod/|\\.\\.?/)', message: 'The contract imports only zod and its own files.' }],
        },
      ],
    },
  },
  // Neither the server's modules nor the SPA's files form import cycles (a cycle hides which module owns what,
  // and in the SPA it decides chunk order by accident). Lazy `import()` counts too: a page loaded later still
  // must not import what loads it.
  {
    files: ['server/**/*.ts', 'src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  { files: ['**/*.d.ts'], rules: { '@typescript-eslint/consistent-type-definitions': 'off' } },
  {
    files: ['tests/**', 'e2e/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': 'off',
      'no-restricted-properties': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
)
