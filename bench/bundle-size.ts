import { readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

export type ChunkSize = { file: string; bytes: number; gzipBytes: number }

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

/**
 * What the first paint of `/` downloads: the entry script, its modulepreloads and the CSS named in
 * index.html, plus the lazy chunk of the landing page (found through the entry's dynamic imports).
 */
export function initialRouteFiles(distDir: string): string[] {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8')
  const files = new Set<string>()
  for (const match of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)) files.add(match[1]!)
  const manifestPath = path.join(distDir, '.vite', 'manifest.json')
  try {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
      string,
      { file: string; imports?: string[]; css?: string[]; src?: string }
    >
    const home = Object.values(manifest).find((entry) => entry.src?.endsWith('features/home/home-page.tsx'))
    const visit = (key: string) => {
      const entry = manifest[key]
      if (!entry || files.has(entry.file)) return
      files.add(entry.file)
      entry.css?.forEach((css) => files.add(css))
      entry.imports?.forEach(visit)
    }
    if (home?.src) visit(home.src)
  } catch {
    // Without a manifest the HTML's own files are the best answer.
  }
  return [...files]
}
