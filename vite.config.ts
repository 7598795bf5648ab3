import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import path from 'node:path'
import { build, createServer, defineConfig, type Plugin } from 'vite'
import {
  BOOT_STATE_MARK,
  FIRST_PAINT_CHECK,
  LOAD_AFTER_FIRST_PAINT,
  MEMBER_MARKUP_MARK,
  MEMBER_PAGE_FILES,
  MEMBER_PAINT_CHECK,
} from './src/contract/first-paint.ts'
import { START_NAMESPACES } from './src/i18n/config.ts'
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
  let ssr = false
  return {
    name: 'keyway-locales',
    configResolved(config) {
      ssr = !!config.build.ssr
    },
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
      // The server-rendering build bundles them (src/prerender.tsx); the browser's build serves them.
      if (ssr) return
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

/** The pages prerendered into HTML (signed out, no query string) and the file each one is written to. */
export const PRERENDERED_PAGES = {
  '/': { file: 'home.html', module: 'src/features/home/home-page.tsx' },
  '/auth': { file: 'auth.html', module: 'src/features/auth/sign-in-page.tsx' },
} as const
export const PRERENDERED_LANGUAGES = ['en', 'es'] as const

/** The page module of each member page the server renders (its template's name: MEMBER_PAGE_FILES). */
export const MEMBER_PAGE_MODULES: Record<string, string> = {
  '/deals': 'src/features/deals-browse/deals-browse-page.tsx',
}

/**
 * After the build, renders the signed-out `/` and `/auth` in each language into HTML with react-dom's
 * `prerender` (src/prerender.tsx, loaded through Vite's SSR loader) and writes
 * `dist/prerendered/<lng>/<page>.html`: index.html with that markup in #root, the language on <html> and the
 * first-paint check in the head. The server answers those paths with them (server/http/spa.ts); the SPA
 * hydrates the markup (src/main.tsx). It also writes each member page's template (MEMBER_PAGE_FILES) and
 * builds src/prerender.tsx for Node into `dist/server/`, which the server renders those pages with.
 */
function prerenderPages(): Plugin {
  let outDir = ''
  return {
    name: 'keyway-prerender',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const template = readFileSync(path.join(outDir, 'index.html'), 'utf8')
      const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
        string,
        { file: string; imports?: string[] }
      >
      /** A module's chunk and its static imports, as URLs. */
      const closure = (key: string, into = new Set<string>()): Set<string> => {
        const entry = manifest[key]
        if (!entry || into.has(`/${entry.file}`)) return into
        into.add(`/${entry.file}`)
        entry.imports?.forEach((imported) => closure(imported, into))
        return into
      }
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(template)
      const preloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)]
      if (!entry || !preloads.length) throw new Error('prerender: index.html changed shape')
      // The prerendered page loads its code after its first paint (LOAD_AFTER_FIRST_PAINT), not from the head.
      let shell = template
      for (const tag of [entry[0], ...preloads.map((match) => match[0])]) shell = shell.replace(tag, '')
      // What the SPA loads at start, in the page's language (never the server's mail.json).
      const translations = (lng: string) =>
        START_NAMESPACES.map((ns) => `/locales/${lng}/${ns}.json?v=${localesVersion()}`)
      const server = await createServer({
        configFile: path.join(root, 'vite.config.ts'),
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
        logLevel: 'warn',
      })
      try {
        const { prerenderPage } = (await server.ssrLoadModule('/src/prerender.tsx')) as {
          prerenderPage: (page: string, language: string) => Promise<string>
        }
        for (const lng of PRERENDERED_LANGUAGES) {
          mkdirSync(path.join(outDir, 'prerendered', lng), { recursive: true })
          for (const [page, { file, module }] of Object.entries(PRERENDERED_PAGES)) {
            const markup = await prerenderPage(page, lng)
            const pageKey = Object.keys(manifest).find((key) => key.endsWith(module))
            if (!pageKey) throw new Error(`prerender: ${module} is not in the manifest`)
            const preload = [...preloads.map((match) => match[1]!), ...closure(pageKey), ...translations(lng)]
            const loader = `<script data-src="${entry[1]}" data-preload="${[...new Set(preload)].join(' ')}">${LOAD_AFTER_FIRST_PAINT}</script>`
            const html = shell
              .replace('<html lang="en">', `<html lang="${lng}">`)
              .replace('</title>', `</title>\n    <script>${FIRST_PAINT_CHECK}</script>`)
              .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>\n    ${loader}`)
            if (!html.includes(markup) || !html.includes(FIRST_PAINT_CHECK))
              throw new Error('prerender: index.html changed shape')
            writeFileSync(path.join(outDir, 'prerendered', lng, file), html)
          }
          // The templates of the member pages the server renders per request (server/http/spa.ts).
          for (const [page, file] of Object.entries(MEMBER_PAGE_FILES)) {
            const module = MEMBER_PAGE_MODULES[page]
            const pageKey = module && Object.keys(manifest).find((key) => key.endsWith(module))
            if (!pageKey) throw new Error(`prerender: no page module for ${page}`)
            const preload = [...preloads.map((match) => match[1]!), ...closure(pageKey), ...translations(lng)]
            const loader = `<script data-src="${entry[1]}" data-preload="${[...new Set(preload)].join(' ')}">${LOAD_AFTER_FIRST_PAINT}</script>`
            const html = shell
              .replace('<html lang="en">', `<html lang="${lng}">`)
              .replace('</title>', `</title>\n    <script>${MEMBER_PAINT_CHECK}</script>`)
              .replace(
                '<div id="root"></div>',
                () => `<div id="root">${MEMBER_MARKUP_MARK}</div>\n    ${BOOT_STATE_MARK}\n    ${loader}`,
              )
            if (!html.includes(MEMBER_MARKUP_MARK) || !html.includes(MEMBER_PAINT_CHECK))
              throw new Error('prerender: index.html changed shape')
            writeFileSync(path.join(outDir, 'prerendered', lng, file), html)
          }
        }
      } finally {
        await server.close()
      }
      // The same module built for Node: the server renders member pages with it (`renderMemberPage`).
      await build({
        configFile: path.join(root, 'vite.config.ts'),
        logLevel: 'warn',
        // Self-contained: the server loads it wherever the build is, without this project's node_modules.
        ssr: { noExternal: true },
        build: {
          ssr: 'src/prerender.tsx',
          outDir: path.join(outDir, 'server'),
          emptyOutDir: true,
          copyPublicDir: false,
          manifest: false,
          sourcemap: false,
        },
      })
    },
  }
}

const serverUrl = process.env.VITE_DEV_API_URL ?? 'http://localhost:3000'

export default defineConfig({
  plugins: [react(), tailwindcss(), locales(), prerenderPages()],
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
