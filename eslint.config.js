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

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'data', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
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
            ...['components', 'lib', 'api', 'auth', 'i18n', 'realtime'].map((shared) => ({
              target: `./src/${shared}`,
              from: ['./src/features', './src/app'],
            })),
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
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the API through src/api/client.ts.' },
        { name: 'XMLHttpRequest', message: 'Call the API through src/api/client.ts (onUploadProgress for uploads).' },
      ],
    },
  },
  { files: ['src/api/client.ts'], rules: { 'no-restricted-globals': 'off' } },
  { files: ['**/*.d.ts'], rules: { '@typescript-eslint/consistent-type-definitions': 'off' } },
  ...sdkOwners.map(({ name, owner }) => ({
    files: ['src/**/*.{ts,tsx}'],
    ignores: [`${owner}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name, message: `Only ${owner}/ may import ${name}.` }], patterns: [`${name}/*`] },
      ],
    },
  })),
  {
    files: ['tests/**', 'e2e/**', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-globals': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
)
