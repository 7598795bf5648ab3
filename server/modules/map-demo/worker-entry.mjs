// The clustering thread's entry: the server runs its TypeScript through tsx without a build step, and a
// worker thread does not inherit tsx's loader, so this loads worker.ts through tsx's API.
import { tsImport } from 'tsx/esm/api'

await tsImport('./worker.ts', import.meta.url)
