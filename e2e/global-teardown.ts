import { rmSync } from 'node:fs'

export default function globalTeardown() {
  for (const dir of [
    process.env.E2E_DATA_DIR,
    process.env.E2E_POLLING_DATA_DIR,
    process.env.E2E_ANALYTICS_DATA_DIR,
    process.env.SCALE_DIR,
  ]) {
    if (dir) rmSync(dir, { recursive: true, force: true })
  }
}
