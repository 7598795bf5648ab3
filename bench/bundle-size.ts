import { readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

export type ChunkSize = { file: string; bytes: number; gzipBytes: number }

type ManifestEntry = {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
type Manifest = Record<string, ManifestEntry>

const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length

/** Every JS and CSS file of the build with its raw and gzip size, largest first. */
export function measureChunks(distDir: string): ChunkSize[] {
  const assets = path.join(distDir, 'assets')
  return readdirSync(assets)
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => {
      const full = path.join(assets, file)
      return { file: `assets/${file}`, bytes: statSync(full).size, gzipBytes: gzipSize(full) }
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
}

function readManifest(distDir: string): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest
  } catch {
    return undefined
  }
}

/** The entry script, its modulepreloads and the CSS that index.html names: what every page downloads. */
function htmlFiles(distDir: string): string[] {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8')
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!)
}

/** A manifest entry's file, CSS and static imports, transitively (what loading that module downloads). */
function staticClosure(manifest: Manifest, key: string, files: Set<string>) {
  const entry = manifest[key]
  if (!entry || files.has(entry.file)) return
  files.add(entry.file)
  entry.css?.forEach((css) => files.add(css))
  entry.imports?.forEach((imported) => staticClosure(manifest, imported, files))
}

const findKey = (manifest: Manifest, srcSuffix: string) =>
  Object.keys(manifest).find((key) => manifest[key]!.src?.endsWith(srcSuffix))

/**
 * What a page's first paint downloads: index.html's files plus each named lazy module (a route's page, a
 * map) with its static imports, found through the Vite manifest.
 */
export function routeFiles(distDir: string, lazyModules: string[]): string[] {
  const files = new Set(htmlFiles(distDir))
  const manifest = readManifest(distDir)
  if (!manifest) return [...files] // Without a manifest the HTML's own files are the best answer.
  for (const module of lazyModules) {
    const key = findKey(manifest, module)
    if (!key) throw new Error(`bench: ${module} is not in the Vite manifest (renamed?)`)
    staticClosure(manifest, key, files)
  }
  return [...files]
}

/** What the first paint of `/` downloads: index.html's files plus the landing page's lazy chunk. */
export function initialRouteFiles(distDir: string): string[] {
  return routeFiles(distDir, ['features/home/home-page.tsx'])
}

/**
 * Every lazily loaded module (route pages, the map, analytics) with the files it adds on top of index.html's:
 * the extra download when a visitor first reaches it.
 */
export function lazyChunks(distDir: string): { src: string; files: string[] }[] {
  const manifest = readManifest(distDir)
  if (!manifest) return []
  const base = new Set(htmlFiles(distDir))
  return Object.entries(manifest)
    .filter(([, entry]) => entry.isDynamicEntry)
    .map(([key, entry]) => {
      const files = new Set<string>()
      staticClosure(manifest, key, files)
      return { src: entry.src ?? key, files: [...files].filter((file) => !base.has(file)) }
    })
}
