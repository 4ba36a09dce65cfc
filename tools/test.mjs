// `npm test`: every layer, in order, then one summary line `N passed, N failed` over all of them.
// `npm test -- --only e2e` runs one layer (or several, comma-separated); `--bail` stops at the first
// failure. The package.json shortcuts (test:e2e, test:storybook, ...) call this script.
// Layers: type check, lint, generated-file check, build, element tests (Web Test Runner in
// Chromium; the React layer's also on React 18), the Storybook check, and the Node tests (API
// client, server-side import, end to end: the React example on React 19 and 18).
import { spawn } from 'node:child_process'
import { ensureChromium } from './chromium.mjs'

// Each step's `id` is what `--only` takes; `needsBuild`: the step reads dist/ (or service/frame/dist), so
// `--only` runs the build before it; `together`: consecutive steps with the same value run at once
// (single-threaded checks on a 2-core machine), at most POOL[together] of them at a time, each
// one's output printed whole when it ends.
/** How many steps of a `together` group run at a time (all, unless named here). */
const POOL = { node: 2 }

const steps = [
  { id: 'typecheck', together: 'checks', name: 'type check', command: 'npx tsc -b', kind: 'check' },
  {
    id: 'lint',
    together: 'checks',
    name: 'lint',
    command: 'npx eslint . && npx prettier --check . --log-level warn',
    kind: 'check'
  },
  {
    id: 'generated',
    together: 'checks',
    name: 'generated files',
    command: 'node tools/check-generated.mjs',
    kind: 'check'
  },
  { id: 'messages', together: 'checks', name: 'message catalog', command: 'node tools/messages.mjs', kind: 'check' },
  { id: 'build', name: 'build', command: 'npm run build --silent', kind: 'check' },
  { id: 'size', name: 'size budgets', command: 'node bench/size.mjs', kind: 'check', needsBuild: true },
  { id: 'elements', name: 'element tests', command: 'npx web-test-runner', kind: 'wtr' },
  // The React layer's tests (test/browser/react/) again, on React 18 (the react-18 npm aliases).
  { id: 'react18', name: 'React 18 element tests', command: 'REACT_VERSION=18 npx web-test-runner', kind: 'wtr' },
  {
    id: 'storybook',
    name: 'storybook',
    command: 'npm run build-storybook --silent && node test/storybook/check-stories.mjs',
    kind: 'storybook'
  },
  {
    id: 'backend',
    name: 'backend tests',
    // Two files at a time (each starts its own chains, servers and databases on free ports): much
    // of a file's time is spent waiting on them.
    command: 'node tools/node-tests.mjs --concurrency 2 test/server',
    kind: 'node',
    needsBuild: true
  },
  // The smaller Node layers, two at a time (the longest first): each waits on the chains and
  // servers it starts much of its time, so two share the 2 cores without slowing each other.
  {
    id: 'wallets',
    together: 'node',
    name: 'test wallet tests',
    command: 'node tools/node-tests.mjs test/wallets',
    kind: 'node'
  },
  {
    id: 'api',
    together: 'node',
    name: 'api client tests',
    command: 'node tools/node-tests.mjs test/api',
    kind: 'node'
  },
  {
    id: 'chain',
    together: 'node',
    name: 'local chain tests',
    command: 'node tools/node-tests.mjs test/chain',
    kind: 'node'
  },
  {
    id: 'solana',
    together: 'node',
    name: 'solana runtime tests',
    command: 'node tools/node-tests.mjs test/solana',
    kind: 'node'
  },
  {
    id: 'fuzz',
    together: 'node',
    name: 'property-based fuzzing (fixed seed, 1,000 cases each)',
    command: 'node tools/node-tests.mjs test/fuzz',
    kind: 'node'
  },
  {
    id: 'bitcoin',
    together: 'node',
    name: 'bitcoin regtest node tests',
    command: 'node tools/node-tests.mjs test/bitcoin',
    kind: 'node'
  },
  {
    id: 'walletconnect',
    together: 'node',
    name: 'walletconnect relay tests',
    command: 'node tools/node-tests.mjs test/walletconnect',
    kind: 'node'
  },
  {
    id: 'node',
    together: 'node',
    name: 'server-side import and message-check tests',
    command: 'node --test test/node/*.test.mjs',
    kind: 'node',
    needsBuild: true
  },
  {
    id: 'e2e',
    name: 'end-to-end tests',
    // One local stack for every file: test/e2e/run.mjs starts it, runs node's test runner, stops it.
    command: 'node --import tsx test/e2e/run.mjs',
    kind: 'node',
    needsBuild: true
  }
]

const USAGE = `Usage: node tools/test.mjs [--only <layer>[,<layer>...]] [--bail]
  --only  run only these layers (the build first when one of them reads dist/): ${steps.map(step => step.id).join(', ')}
  --bail  stop at the first layer that fails`

/** The command line: `--only a,b` (or `--only=a,b`, or `--only a --only b`) and `--bail`. */
function parseArguments(argv) {
  const only = []
  let bail = false
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]
    if (argument === '--bail') bail = true
    else if (argument === '--only') only.push(...String(argv[++index] ?? '').split(','))
    else if (argument.startsWith('--only=')) only.push(...argument.slice('--only='.length).split(','))
    else if (argument === '--help' || argument === '-h') return { help: true }
    else return { error: `Unknown argument: ${argument}` }
  }
  const ids = only.map(id => id.trim()).filter(Boolean)
  const unknown = ids.filter(id => !steps.some(step => step.id === id))
  if (unknown.length) return { error: `Unknown layer: ${unknown.join(', ')}` }
  if (only.length && !ids.length) return { error: '--only needs a layer' }
  return { only: ids, bail }
}

/** The steps to run, in the suite's order: all, or the named ones and the build where one needs it. */
function selectSteps(only) {
  if (!only.length) return steps
  const wanted = new Set(only)
  if (steps.some(step => wanted.has(step.id) && step.needsBuild)) wanted.add('build')
  return steps.filter(step => wanted.has(step.id))
}

/**
 * Runs a step's command. `live`: its output goes to ours as it comes; otherwise (a step run beside
 * others) it is printed whole, under the step's heading, when the step ends.
 */
function run(command, { live }) {
  // A REACT_VERSION in the caller's environment would narrow the element tests to React's: a step
  // that wants one sets it in its command.
  const { REACT_VERSION: _ignored, ...env } = process.env
  return new Promise(resolve => {
    const child = spawn(command, {
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      // APPKIT_REQUIRE_POSTGRES: the PostgreSQL tests fail, not skip, where PostgreSQL cannot run (test/server/postgres.ts).
      env: { ...env, FORCE_COLOR: '0', APPKIT_REQUIRE_POSTGRES: '1' }
    })
    let output = ''
    const keep = chunk => {
      output += chunk
      if (live) process.stdout.write(chunk)
    }
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    child.on('close', code => resolve({ code: code ?? 1, output }))
  })
}

function lastMatch(output, pattern) {
  const all = [...output.matchAll(pattern)]
  return all[all.length - 1]
}

/** How many tests a step ran and how many failed, read from its runner's own summary. */
function count(step, { code, output: raw }) {
  // eslint-disable-next-line no-control-regex -- runners colour their summaries
  const output = raw.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '')
  if (step.kind === 'wtr' || step.kind === 'storybook') {
    const m = lastMatch(output, /(\d+) passed, (\d+) failed/g)
    if (m) return { passed: Number(m[1]), failed: Number(m[2]) || (code ? 1 : 0) }
  }
  if (step.kind === 'node') {
    // node's test runner ends with `# pass N` / `# fail N` (TAP, when piped) or `ℹ pass N` (spec).
    const pass = lastMatch(output, /^(?:#|ℹ) pass (\d+)$/gm)
    const fail = lastMatch(output, /^(?:#|ℹ) fail (\d+)$/gm)
    if (pass && fail) return { passed: Number(pass[1]), failed: Number(fail[1]) || (code ? 1 : 0) }
  }
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }
}

const options = parseArguments(process.argv.slice(2))
if (options.help || options.error) {
  if (options.error) console.error(options.error)
  console.log(USAGE)
  process.exit(options.error ? 2 : 0)
}
const selected = selectSteps(options.only)

try {
  const chromium = ensureChromium()
  console.log(`Chromium: ${chromium}`)
} catch (error) {
  console.error(String(error instanceof Error ? error.message : error))
  console.log('0 passed, 1 failed')
  process.exit(1)
}

/** The selected steps in stages: consecutive steps with the same `together` run at once. */
function stagesOf(list) {
  const stages = []
  for (const step of list) {
    const last = stages[stages.length - 1]
    if (step.together && last?.[0].together === step.together) last.push(step)
    else stages.push([step])
  }
  return stages
}

/** Runs one step; returns what the summary needs and whether the run goes on after it. */
async function runStep(step, live) {
  if (live) console.log(`\n=== ${step.name}: ${step.command}`)
  const t0 = Date.now()
  const result = await run(step.command, { live })
  if (!live) process.stdout.write(`\n=== ${step.name}: ${step.command}\n${result.output}`)
  const counted = count(step, result)
  return {
    step: step.name,
    ...counted,
    seconds: (Date.now() - t0) / 1000,
    ok: result.code === 0 && counted.failed === 0
  }
}

/** Runs a stage's steps, `size` at a time in their order; resolves to their results in that order. */
async function runPool(stage, size) {
  const stageResults = []
  let next = 0
  const worker = async () => {
    while (next < stage.length) {
      const index = next++
      stageResults[index] = await runStep(stage[index], stage.length === 1)
    }
  }
  await Promise.all(Array.from({ length: Math.min(size, stage.length) }, worker))
  return stageResults
}

const results = []
const started = Date.now()
for (const stage of stagesOf(selected)) {
  const stageResults = await runPool(stage, POOL[stage[0].together] ?? stage.length)
  results.push(...stageResults)
  const buildFailed = stage.some((step, index) => step.id === 'build' && !stageResults[index].ok)
  if (buildFailed) {
    console.error('The build failed: the steps that need it are not run.')
    break
  }
  const failedStep = stageResults.find(result => !result.ok)
  if (options.bail && failedStep) {
    console.error(`--bail: ${failedStep.step} failed, the steps after it are not run.`)
    break
  }
}

console.log('\n=== summary')
for (const r of results)
  console.log(
    `${r.step.padEnd(28)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds.toFixed(1)} s`
  )
const passed = results.reduce((n, r) => n + r.passed, 0)
// A step that did not run (a failed build, --bail) counts as one failure.
const failed = results.reduce((n, r) => n + r.failed, 0) + (results.length < selected.length ? 1 : 0)
console.log(`total time ${((Date.now() - started) / 1000).toFixed(1)} s`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
