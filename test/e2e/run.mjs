// The end-to-end run (`npm run test:e2e`, and the 'end-to-end tests' step of `npm test`): starts
// the local stack once (test/e2e/e2e-stack.mjs: the code `npm start` runs, on free ports, the frame
// and the demo built once), hands its description to the test files (APPKIT_E2E_STACK), runs
// test/e2e/*.test.mjs (or the files named on the command line), then stops every process of the
// stack by its group's id. The stack's output goes to test-results/e2e-stack.log.
// Two files run at a time, each in node's test runner of its own (TAP), the longest first, so that
// no long file starts last and runs alone at the end (node's runner starts files in name order).
// The stack's chains are shared: each file sends from test accounts no other file sends from (see
// chain-a.mjs's asSender for the one two files share). A file's output is printed whole when it
// ends; the run ends with the totals over every file (`# pass N`, `# fail N`).
//   node --import tsx test/e2e/run.mjs [--concurrency N] [file.test.mjs ...]
import { spawn } from 'node:child_process'
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { basename, join, relative, resolve } from 'node:path'
import { bundleTestFiles } from '../../tools/node-tests.mjs'
import { ROOT } from './helpers.mjs'
import { STACK_ENV, startE2eStack } from './e2e-stack.mjs'
import { findSecrets, runSecrets } from './key-material.mjs'

const args = process.argv.slice(2)
const at = args.indexOf('--concurrency')
const concurrency = at >= 0 ? Number(args.splice(at, 2)[1]) : 2
const E2E = join(ROOT, 'test/e2e')
// The longest files (each over 30 s on a quiet 2-core machine; stack.test.mjs starts a whole stack
// of its own first), in this order; the rest follow in name order.
const LONGEST_FIRST = [
  'stack.test.mjs',
  'email.test.mjs',
  'faults-chain.test.mjs',
  'faults.test.mjs',
  'faults-frame.test.mjs',
  'smart-account.test.mjs',
  'connect.test.mjs',
  'social.test.mjs',
  'value.test.mjs',
  'project.test.mjs',
  'react.test.mjs',
  'wagmi.test.mjs',
  'provider.test.mjs'
]
const rank = name => (LONGEST_FIRST.includes(name) ? LONGEST_FIRST.indexOf(name) : LONGEST_FIRST.length)
const files = (
  args.length
    ? args.map(file => relative(ROOT, resolve(file)))
    : readdirSync(E2E)
        .filter(name => name.endsWith('.test.mjs'))
        .map(name => relative(ROOT, join(E2E, name)))
).sort((a, b) => rank(basename(a)) - rank(basename(b)) || a.localeCompare(b))
const LOG = join(ROOT, 'test-results/e2e-stack.log')

const started = performance.now()
const seconds = (from = started) => ((performance.now() - from) / 1000).toFixed(1)
let stack
const running = new Set()
let stopping = false

async function finish(code) {
  if (stopping) return
  stopping = true
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
  await stack?.stop()
  await removeBundles?.()
  if (stack) {
    mkdirSync(join(ROOT, 'test-results'), { recursive: true })
    writeFileSync(LOG, stack.output())
    console.log(`The local stack's output: ${relative(ROOT, LOG)}`)
  }
  process.exit(code)
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void finish(1))

/** The last `# <name> N` line of a TAP output, or undefined. */
function tapCount(output, name) {
  const all = [...output.matchAll(new RegExp(`^# ${name} (\\d+)$`, 'gm'))]
  return all.length ? Number(all[all.length - 1][1]) : undefined
}

/** Runs one file in node's test runner; resolves to its counts once it exits. */
function runFile(file, bundle) {
  const from = performance.now()
  console.log(`[${seconds()} s] ${file} starts`)
  return new Promise(resolve => {
    const child = spawn(process.execPath, ['--enable-source-maps', '--test', '--test-reporter=tap', bundle], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      env: { ...process.env, [STACK_ENV]: JSON.stringify(stack.description), FORCE_COLOR: '0' }
    })
    running.add(child)
    let output = ''
    child.stdout.on('data', chunk => (output += chunk))
    child.stderr.on('data', chunk => (output += chunk))
    child.on('close', code => {
      running.delete(child)
      const pass = tapCount(output, 'pass') ?? 0
      // A file that ends badly without its runner's summary (a crash) counts as one failure.
      const fail = tapCount(output, 'fail') ?? (code === 0 ? 0 : 1)
      const counts = { pass, fail: fail || (code === 0 ? 0 : 1), cancelled: tapCount(output, 'cancelled') ?? 0 }
      console.log(`\n=== ${file}\n${output.trimEnd()}`)
      console.log(`[${seconds()} s] ${file}: ${counts.pass} passed, ${counts.fail} failed in ${seconds(from)} s`)
      resolve(counts)
    })
  })
}

/** Everything the stack's services wrote in the run (the log file keeps only its last 256 kB). */
const stackLog = []

// The files run bundled (tools/node-tests.mjs: no loader hook in each test process), bundled while
// the stack starts.
let bundles
let removeBundles
try {
  const starting = startE2eStack({ log: (_name, chunk) => stackLog.push(String(chunk)) }).then(
    started => (stack = started)
  )
  const bundling = bundleTestFiles(files)
  // Both settle before either's error counts: a stack that started is stopped by finish().
  const [, bundled] = await Promise.allSettled([starting, bundling])
  if (bundled.status === 'fulfilled') removeBundles = bundled.value.remove
  await starting
  bundles = (await bundling).bundles
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  await finish(1)
}
// The master key is in the description (the files' key-material scans search for it), not in the log.
const { masterKey: _secret, ...shown } = stack.description
console.log(`The local stack is up in ${seconds()} s: ${JSON.stringify(shown)}`)

const queue = [...files]
const totals = { pass: 0, fail: 0, cancelled: 0 }
async function worker() {
  while (queue.length && !stopping) {
    const file = queue.shift()
    const counts = await runFile(file, bundles[files.indexOf(file)])
    for (const key of Object.keys(totals)) totals[key] += counts[key]
  }
}
await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker))

// Issue 33: the stack's output (backend, frame, chains, every line of the run) holds no form of the
// embedded wallet's master key after every flow of the run. One check, counted with the files' tests.
const leaks = findSecrets(
  [{ where: "the local stack's output", text: stackLog.join('') }],
  runSecrets({ masterKey: stack.description.masterKey })
)
if (leaks.length) console.error(`not ok: ${leaks.join(', ')}`)
totals[leaks.length ? 'fail' : 'pass'] += 1

const crashed = stack.crashed()
if (crashed) console.error(`The local stack failed during the run: ${crashed.message}`)
console.log(`\n# files ${files.length}\n# pass ${totals.pass}\n# fail ${totals.fail}\n# cancelled ${totals.cancelled}`)
console.log(`End-to-end run: ${seconds()} s`)
await finish(crashed || totals.fail > 0 || totals.pass === 0 ? 1 : 0)
