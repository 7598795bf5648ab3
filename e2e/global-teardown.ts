import { rmSync } from 'node:fs'

export default function globalTeardown() {
  const dirs = [
    process.env.E2E_TEMPLATE_DIR,
    process.env.E2E_DATA_DIR,
    process.env.E2E_AXE_DATA_DIR,
    process.env.E2E_POLLING_DATA_DIR,
    process.env.E2E_ANALYTICS_DATA_DIR,
    process.env.E2E_REALTIME_NODE_DATA_DIR,
    process.env.E2E_PUSHER_DATA_DIR,
    process.env.SCALE_DIR,
  ]
  for (const dir of dirs) {
    if (dir) rmSync(dir, { recursive: true, force: true })
  }
}
