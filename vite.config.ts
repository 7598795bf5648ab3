import { createHash } from 'node:crypto'
import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import path from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

const root = fileURLToPath(new URL('.', import.meta.url))
const localesDir = path.join(root, 'locales')

function localeFiles(): string[] {
  return readdirSync(localesDir).flatMap((lng) =>
    readdirSync(path.join(localesDir, lng))
      .filter((f) => f.endsWith('.json'))
      .map((f) => `${lng}/${f}`),
  )
}

/** A content hash of all translations, so a new deploy never serves stale copy from the cache. */
function localesVersion(): string {
  const hash = createHash('sha256')
  for (const file of localeFiles().sort()) hash.update(file).update(readFileSync(path.join(localesDir, file)))
  return hash.digest('hex').slice(0, 10)
}

/**
 * Translations live at the top-level `locales/` (the server reads them too). i18next loads them over HTTP
 * at `/locales/<lng>/<ns>.json`: served from the folder in dev, copied into the build otherwise.
 */
function locales(): Plugin {
  return {
    name: 'keyway-locales',
    configureServer(server) {
      server.middlewares.use('/locales', (req, res, next) => {
        const rel = decodeURIComponent((req.url ?? '').split('?')[0] ?? '').replace(/^\/+/, '')
        if (!/^[a-z]{2}\/[\w-]+\.json$/.test(rel)) return next()
        try {
          res.setHeader('Content-Type', 'application/json')
          res.end(readFileSync(path.join(localesDir, rel)))
        } catch {
          next()
        }
      })
    },
    generateBundle() {
      for (const file of localeFiles()) {
        this.emitFile({
          type: 'asset',
          fileName: `locales/${file}`,
          source: readFileSync(path.join(localesDir, file)),
        })
      }
    },
  }
}

const serverUrl = process.env.VITE_DEV_API_URL ?? 'http://localhost:3000'

export default defineConfig({
  plugins: [react(), tailwindcss(), locales()],
  resolve: { alias: { '@': path.join(root, 'src') } },
  define: {
    // amazon-cognito-identity-js bundles a `buffer` that reads `global` (STACK-NOTES.md).
    global: 'globalThis',
    __LOCALES_VERSION__: JSON.stringify(localesVersion()),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': serverUrl,
      '/cognito-idp': serverUrl,
      '/uploads': serverUrl,
      '/app': { target: serverUrl.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: {
    // Maps for error reports, without the comment that makes every browser fetch them.
    sourcemap: 'hidden',
    // bench/ reads the manifest to find what the first paint of / downloads.
    manifest: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      treeshake: {
        // A feature's modules only declare (components, hooks, route tables, schemas): importing one does
        // nothing by itself. Said so, a feature's index that the route table imports no longer drags the
        // components it also exports (the chat's message dialog, say) into the first paint's code.
        // The contract only declares too (schemas, endpoint tables, constants): what start-up code imports
        // from it (a role list, a plain route) no longer brings every schema, and zod, with it.
        moduleSideEffects: [{ test: /\/src\/(features|contract)\/.*\.tsx?$/, sideEffects: false }],
      },
    },
  },
})
