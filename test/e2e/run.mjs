// The end-to-end run (`npm run test:e2e`, and the 'end-to-end tests' step of `npm test`): starts
// the local stack once (test/e2e/e2e-stack.mjs: the code `npm start` runs, on free ports, the frame
// and the demo built once), hands its description to the test files (APPKIT_E2E_STACK), runs node's
// test runner over test/e2e/*.test.mjs (or the files named on the command line), then stops every
// process of the stack by its group's id. The runner's own summary (`ℹ pass N` / `# pass N`) is
// what it prints; the stack's output goes to test-results/e2e-stack.log.
//   node --import tsx test/e2e/run.mjs [--concurrency N] [file.test.mjs ...]
import { spawn } from 'node:child_process'
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { ROOT } from './helpers.mjs'
import { STACK_ENV, startE2eStack } from './e2e-stack.mjs'

const args = process.argv.slice(2)
const at = args.indexOf('--concurrency')
const concurrency = at >= 0 ? Number(args.splice(at, 2)[1]) : 1
const E2E = join(ROOT, 'test/e2e')
const files = args.length
  ? args
  : readdirSync(E2E)
      .filter(name => name.endsWith('.test.mjs'))
      .sort()
      .map(name => relative(ROOT, join(E2E, name)))
const LOG = join(ROOT, 'test-results/e2e-stack.log')

const started = performance.now()
const seconds = () => ((performance.now() - started) / 1000).toFixed(1)
let stack
let runner
let stopping = false

async function finish(code) {
  if (stopping) return
  stopping = true
  if (runner && runner.exitCode === null) {
    try {
      process.kill(-runner.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
  await stack?.stop()
  if (stack) {
    mkdirSync(join(ROOT, 'test-results'), { recursive: true })
    writeFileSync(LOG, stack.output())
    console.log(`The local stack's output: ${relative(ROOT, LOG)}`)
  }
  process.exit(code)
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void finish(1))

try {
  stack = await startE2eStack()
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  await finish(1)
}
console.log(`The local stack is up in ${seconds()} s: ${JSON.stringify(stack.description)}`)

runner = spawn(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, ...files], {
  cwd: ROOT,
  stdio: 'inherit',
  detached: true,
  env: { ...process.env, [STACK_ENV]: JSON.stringify(stack.description) }
})
runner.on('exit', code => {
  const crashed = stack.crashed()
  if (crashed) console.error(`The local stack failed during the run: ${crashed.message}`)
  console.log(`End-to-end run: ${seconds()} s`)
  void finish(crashed ? 1 : (code ?? 1))
})
