// The mixed load on PostgreSQL: the marketplace generated into a fresh database on the server that
// BENCH_DATABASE_URL (or TEST_DATABASE_URL, see scripts/ci-postgres.sh) names, two instances on it, nginx
// in front balancing them round robin as in production (e2e/scale/cluster.ts runs the same shape for the
// e2e `scale` project). Skipped, saying so, when there is no PostgreSQL or no nginx.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import {
  CONNECTIONS,
  cpuPerKind,
  goalLine,
  KIND_SECONDS,
  load,
  printMixed,
  runMixed,
  SECONDS,
  startMixedServer,
} from './mixed-load-run'

const NGINX = process.env.NGINX_PATH || 'nginx'

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function admin(baseUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: baseUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

async function waitHealthy(port: number, child: ChildProcess) {
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance on port ${port} exited (${child.exitCode})`)
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`the instance on port ${port} did not become healthy`)
}

/** nginx as a production proxy would run it: keep-alive connections to both instances, round robin. */
function nginxConfig(dir: string, port: number, a: number, b: number) {
  const temp = join(dir, 'nginx-temp')
  return `
worker_processes 1;
error_log stderr warn;
pid ${join(dir, 'nginx.pid')};
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  upstream both { server 127.0.0.1:${a}; server 127.0.0.1:${b}; keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://both;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`
}

export async function postgresMixedLoad() {
  const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
  const hasNginx = spawnSync(NGINX, ['-v']).status === 0
  if (!baseUrl || !hasNginx) {
    console.log(
      `\nMixed load, PostgreSQL with two instances behind nginx: skipped (${baseUrl ? '' : 'no BENCH_DATABASE_URL or TEST_DATABASE_URL'}${!baseUrl && !hasNginx ? ', ' : ''}${hasNginx ? '' : 'no nginx'})`,
    )
    return
  }
  const database = `keyway_mixed_${process.pid}`
  const url = new URL(baseUrl)
  url.pathname = `/${database}`
  const dir = mkdtempSync(join(tmpdir(), 'keyway-mixed-pg-'))
  mkdirSync(join(dir, 'nginx-temp'), { recursive: true })
  await admin(baseUrl, `create database "${database}"`)
  // Instance A builds the marketplace (migrations, demo accounts, listings, buyers) and then serves.
  const a = startMixedServer({ BENCH_MIXED_DATABASE_URL: url.toString() })
  let b: ChildProcess | undefined
  let nginx: ChildProcess | undefined
  try {
    const ready = await a.ask('ready')
    const bPort = await freePort()
    b = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        PORT: String(bPort),
        HOST: '127.0.0.1',
        DATA_DIR: join(dir, 'instance-b'),
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'http://localhost:3000',
        WRITE_LIMITS_OFF: 'true',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    await waitHealthy(bPort, b)
    const port = await freePort()
    writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, port, ready.port, bPort))
    nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    await waitHealthy(port, nginx)
    const base = `http://127.0.0.1:${port}`
    console.log(
      `\nMixed load, PostgreSQL, two instances behind nginx: ${ready.listings.toLocaleString('en-US')} listings (generated in ${ready.seconds.toFixed(0)} s), ${ready.buyers.length} signed-in buyers, ${CONNECTIONS} connections, ${SECONDS} s after a 2 s warm-up`,
    )
    console.log(`  load average before: ${load()} (1/5/15 min)`)
    await runMixed(base, ready, 2, 10)
    const run = await runMixed(base, ready, SECONDS, CONNECTIONS)
    const pids = [a.child.pid!, b.pid!]
    const cpu = await cpuPerKind(base, ready, () => pids)
    printMixed(
      run,
      cpu,
      `both instances' CPU time per answered request with that kind alone for ${KIND_SECONDS} s (nginx and PostgreSQL not counted)`,
    )
    goalLine('PostgreSQL, two instances', run, 2_000)
    console.log(`  load average after: ${load()}`)
  } finally {
    nginx?.kill('SIGTERM')
    b?.kill('SIGTERM')
    await a.stop().catch(() => undefined)
    await admin(baseUrl, `drop database if exists "${database}" with (force)`).catch((error: unknown) =>
      console.log(`  could not drop ${database}: ${String(error)}`),
    )
    rmSync(dir, { recursive: true, force: true })
  }
}
