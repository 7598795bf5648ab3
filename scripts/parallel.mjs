// `node scripts/parallel.mjs typecheck lint`: the given npm scripts side by side (each is single-threaded, so
// a second core runs the other). Each one's output is printed in one piece when it ends, so the logs do not
// interleave; the exit code is non-zero when any of them failed.
import { spawn } from 'node:child_process'

const names = process.argv.slice(2)
if (names.length === 0) {
  console.error('usage: node scripts/parallel.mjs <npm script>...')
  process.exit(2)
}

// Under `npm test` npm names its own CLI; run that one again rather than whatever `npm` is first on PATH.
const npm = process.env.npm_execpath
  ? { command: process.execPath, prefix: [process.env.npm_execpath] }
  : { command: process.platform === 'win32' ? 'npm.cmd' : 'npm', prefix: [] }

const run = (name) =>
  new Promise((resolve) => {
    const started = Date.now()
    const output = []
    const child = spawn(npm.command, [...npm.prefix, 'run', name], { stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.on('data', (chunk) => output.push(chunk))
    child.stderr.on('data', (chunk) => output.push(chunk))
    let isDone = false
    const finish = (code, error) => {
      if (isDone) return
      isDone = true
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      process.stdout.write(Buffer.concat(output))
      if (error) console.error(error)
      console.log(`[${name}] ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s`)
      resolve(code)
    }
    child.on('error', (error) => finish(1, error))
    child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)))
  })

const codes = await Promise.all(names.map(run))
process.exit(codes.find((code) => code !== 0) ?? 0)
