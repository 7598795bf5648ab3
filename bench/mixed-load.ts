import { rmSync } from 'node:fs'
import { cpus } from 'node:os'
import { fileURLToPath } from 'node:url'
import { summariseProfile } from './http'
import { postgresMixedLoad } from './mixed-load-postgres'
import {
  CONNECTIONS,
  cpuPerKind,
  goalLine,
  KIND_SECONDS,
  load,
  printMixed,
  PROFILE_SECONDS,
  runMixed,
  SECONDS,
  startMixedServer,
} from './mixed-load-run'

/** Embedded database: one server process on PGlite, the mix, each kind alone, then a profile under the mix. */
async function embeddedMixedLoad() {
  const server = startMixedServer()
  try {
    const ready = await server.ask('ready')
    const base = `http://127.0.0.1:${ready.port}`
    console.log(
      `\nMixed load, embedded database (PGlite): ${ready.listings.toLocaleString('en-US')} listings (generated in ${ready.seconds.toFixed(0)} s), ${ready.buyers.length} signed-in buyers, ${CONNECTIONS} connections, ${SECONDS} s after a 2 s warm-up`,
    )
    console.log(`  ${cpus().length} cores; load average before: ${load()} (1/5/15 min)`)
    await runMixed(base, ready, 2, 10)
    const run = await runMixed(base, ready, SECONDS, CONNECTIONS)
    const cpu = await cpuPerKind(base, ready, () => [server.child.pid!])
    printMixed(run, cpu, `the server process's CPU time per answered request with that kind alone for ${KIND_SECONDS} s`)
    goalLine('embedded', run, 1_000)
    console.log(`  load average after: ${load()}`)

    await server.ask('profile-started', { type: 'profile-start' })
    const profiled = await runMixed(base, ready, PROFILE_SECONDS, CONNECTIONS)
    const { file } = await server.ask('profile', { type: 'profile-stop' })
    console.log(
      `\n  CPU profile of the server under the mix for ${PROFILE_SECONDS} s: ${(profiled.requests / profiled.seconds).toFixed(0)} req/s while profiled`,
    )
    try {
      summariseProfile(file, 20)
    } finally {
      if (process.env.BENCH_MIXED_KEEP_PROFILE === '1') console.log(`  profile kept: ${file}`)
      else rmSync(file, { force: true })
    }
  } finally {
    await server.stop()
  }
}

/** The mixed-load bench (issue 28): on PGlite, then on PostgreSQL with two instances behind nginx when there. */
export async function mixedLoadBench() {
  if (process.env.BENCH_MIXED_EMBEDDED !== '0') await embeddedMixedLoad()
  await postgresMixedLoad()
}

// `node --import tsx bench/mixed-load.ts` runs this bench alone.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await mixedLoadBench()
