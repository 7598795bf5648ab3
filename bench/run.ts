import path from 'node:path'
import { apiBench } from './api'
import { badInputRun } from './bad-input'
import { initialRouteFiles, measureChunks } from './bundle-size'
import { httpBench } from './http'
import { realtimeBench } from './realtime'

const distDir = path.resolve(process.env.DIST_DIR ?? 'dist')
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

function bundle() {
  const chunks = measureChunks(distDir)
  console.log('\nBundle: every built chunk (gzip level 9)')
  console.log('  gzip       raw        file')
  for (const chunk of chunks) {
    console.log(`  ${kb(chunk.gzipBytes).padEnd(10)} ${kb(chunk.bytes).padEnd(10)} ${chunk.file}`)
  }
  const initial = new Set(initialRouteFiles(distDir))
  const initialChunks = chunks.filter((chunk) => initial.has(chunk.file))
  const total = initialChunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0)
  const all = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0)
  console.log(`\n  initial route (/): ${kb(total)} gzip in ${initialChunks.length} files`)
  console.log(`  whole app:         ${kb(all)} gzip in ${chunks.length} files`)
}

bundle()
// BENCH_API=0 skips the API figures (generating 100k listings takes about two minutes).
if (process.env.BENCH_API !== '0') await apiBench()
// BENCH_HTTP=0 skips the real-HTTP figures (the server in a child process with its own 100k listings,
// driven by autocannon; about two minutes of data, then 12 x BENCH_HTTP_SECONDS of load and a profile).
if (process.env.BENCH_HTTP !== '0') await httpBench()
// BENCH_REALTIME=0 skips the realtime figures (1,000 sockets, about two seconds).
if (process.env.BENCH_REALTIME !== '0') await realtimeBench()
// BENCH_BAD_INPUT=0 skips the 5,000 hostile requests (about 20 s); any 5xx among them fails the run.
if (process.env.BENCH_BAD_INPUT !== '0' && !(await badInputRun())) process.exitCode = 1
