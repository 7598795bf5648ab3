/**
 * The marketplace as it runs at scale, on one machine, for the `scale` e2e project: two server instances on one
 * fresh PostgreSQL database behind nginx (Debian's package), each with its own data folder, so nothing they share
 * can come from a disk. Playwright starts this as a web server and stops it (SIGTERM) at the end.
 *
 * nginx balances the two instances round robin. A caller can pin itself to one instance with the cookie
 * `keyway_instance=a` (or `b`) so a test knows where each request lands; a pinned caller whose instance is down
 * falls over to the other, as a load balancer with health checks would. The instances' process ids are written
 * to `$SCALE_DIR/instances.json`, so a test can stop one mid-session.
 *
 * Uploads go to one bucket on s3rver (a real S3-protocol server from npm) started here, so a file saved through
 * one instance is served through the other.
 *
 * Env: SCALE_PORT (nginx), SCALE_DIR (a folder this script owns), SCALE_DATABASE_URL (any database on the
 * PostgreSQL server: a fresh one is created beside it and dropped at the end).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, writeFileSync, chmodSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import pg from 'pg'
import S3rver from 's3rver'
import { waitHealthy } from '../support/servers'

const port = Number(process.env.SCALE_PORT)
const dir = process.env.SCALE_DIR ?? ''
const baseUrl = process.env.SCALE_DATABASE_URL ?? ''
if (!port || !dir || !baseUrl) throw new Error('SCALE_PORT, SCALE_DIR and SCALE_DATABASE_URL must be set')

const BUCKET = 'keyway-scale'
const children: ChildProcess[] = []
let closeS3: () => Promise<unknown> = () => Promise.resolve()
let database = ''

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

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

function urlFor(name: string): string {
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return url.toString()
}

function startInstance(name: string, instancePort: number, env: Record<string, string>): ChildProcess {
  const dataDir = join(dir, `instance-${name}`)
  mkdirSync(dataDir, { recursive: true })
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(instancePort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  child.on('exit', (code, signal) => {
    if (!stopping) process.stderr.write(`scale: instance ${name} exited (${signal ?? code})\n`)
  })
  children.push(child)
  return child
}

async function instanceHealthy(instancePort: number) {
  const url = `http://127.0.0.1:${instancePort}/api/health`
  if (!(await waitHealthy(url, { timeoutMs: 180_000, intervalMs: 500 })))
    throw new Error(`the instance on port ${instancePort} did not become healthy`)
}

function nginxConfig(a: number, b: number): string {
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
  client_max_body_size 25m;

  upstream both { server 127.0.0.1:${a} max_fails=1 fail_timeout=5s; server 127.0.0.1:${b} max_fails=1 fail_timeout=5s; }
  upstream only_a { server 127.0.0.1:${a} max_fails=1 fail_timeout=5s; server 127.0.0.1:${b} backup; }
  upstream only_b { server 127.0.0.1:${b} max_fails=1 fail_timeout=5s; server 127.0.0.1:${a} backup; }
  map $cookie_keyway_instance $pool { a only_a; b only_b; default both; }
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }

  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://$pool;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 300s;
      proxy_next_upstream error timeout http_502 http_503;
      add_header X-Keyway-Upstream $upstream_addr always;
    }
  }
}
`
}

let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  for (const child of children) child.kill('SIGTERM')
  await new Promise((resolve) => setTimeout(resolve, 1_500))
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  await closeS3().catch(() => undefined)
  if (database) {
    await admin((client) => client.query(`drop database if exists "${database}" with (force)`)).catch(
      (error: unknown) => process.stderr.write(`scale: could not drop ${database}: ${String(error)}\n`),
    )
  }
  process.exit(0)
}
process.on('SIGTERM', () => void stop())
process.on('SIGINT', () => void stop())

async function main() {
  mkdirSync(join(dir, 'nginx-temp'), { recursive: true })
  // nginx's workers run as an unprivileged user when the master is root: they must write their temp files.
  chmodSync(join(dir, 'nginx-temp'), 0o777)
  database = `keyway_scale_${process.pid}`
  await admin((client) => client.query(`create database "${database}"`))

  const s3Dir = join(dir, 's3')
  mkdirSync(s3Dir, { recursive: true })
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  })
  const { port: s3Port } = await s3.run()
  closeS3 = () => s3.close()

  const [a, b] = [await freePort(), await freePort()]
  const shared = {
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_FORCE_PATH_STYLE: 'true',
    // s3rver's own credentials, read by the SDK's default chain as on a real server.
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    DATABASE_URL: urlFor(database),
    NODE_ENV: 'test',
    SEED_DEMO: 'true',
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    // nginx on loopback is the only proxy: believe its X-Forwarded-For, so each caller is counted as itself.
    TRUST_PROXY: '127.0.0.1',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  }
  // Both at once on the empty database: migrations and the demo seed must happen once between them.
  const instances = { a: startInstance('a', a, shared), b: startInstance('b', b, shared) }
  writeFileSync(
    join(dir, 'instances.json'),
    JSON.stringify({ a: { pid: instances.a.pid, port: a }, b: { pid: instances.b.pid, port: b } }),
  )

  // nginx opens only once both answer, so a caller pinned to one instance reaches that one from the start.
  await Promise.all([instanceHealthy(a), instanceHealthy(b)])
  const confFile = join(dir, 'nginx.conf')
  writeFileSync(confFile, nginxConfig(a, b))
  const nginx = spawn(process.env.NGINX_PATH || 'nginx', ['-p', dir, '-c', confFile, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  nginx.on('exit', (code) => {
    if (!stopping) {
      process.stderr.write(`scale: nginx exited (${code})\n`)
      void stop()
    }
  })
  children.push(nginx)
}

main().catch((error: unknown) => {
  process.stderr.write(`scale: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  void stop()
})
