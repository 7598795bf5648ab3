// The npm registry reachable here lacks the other platforms' optional binaries (darwin, win32, …), so
// `npm install` leaves them out of package-lock.json and `npm ci` then refuses the lock as out of sync.
// This records each missing optional dependency in the lock, marked optional: `npm ci` accepts the lock
// and skips them on this platform, as it would any optional package that cannot install.
// Run after `npm install` changes the lock: `node scripts/lock-optional-platforms.mjs`.
import { readFileSync, writeFileSync } from 'node:fs'

const file = 'package-lock.json'
const lock = JSON.parse(readFileSync(file, 'utf8'))
const packages = lock.packages
let added = 0
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location}/node_modules/${name}`
    const hoisted = `node_modules/${name}`
    if (packages[nested] || packages[hoisted]) continue
    const version = /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec) ? spec : spec.replace(/^[\^~=]/, '')
    packages[hoisted] = { version, optional: true }
    added += 1
  }
}
if (added === 0) process.exit(0)
const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
)
lock.packages = sorted
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`lock-optional-platforms: recorded ${added} optional package(s) missing from the lock`)
