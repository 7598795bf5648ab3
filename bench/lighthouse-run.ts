import path from 'node:path'
import { lighthouseBench } from './lighthouse'

// `node --import tsx bench/lighthouse-run.ts` runs the Lighthouse audits alone, on the built app (DIST_DIR).
await lighthouseBench(path.resolve(process.env.DIST_DIR ?? 'dist'))
