// `npm test`: every layer, in order, then one summary line `N passed, N failed` over all of them.
// Layers: type check, lint, generated-file check, build, element tests (Web Test Runner in
// Chromium; the React layer's also on React 18), the Storybook check, and the Node tests (API
// client, server-side import, end to end: the React example on React 19 and 18).
import { spawn } from 'node:child_process'
import { ensureChromium } from './chromium.mjs'

const steps = [
  { name: 'type check', command: 'npx tsc -p .', kind: 'check' },
  { name: 'lint', command: 'npx eslint .', kind: 'check' },
  { name: 'generated files', command: 'node scripts/check-generated.mjs', kind: 'check' },
  { name: 'message catalog', command: 'node scripts/messages.mjs', kind: 'check' },
  { name: 'build', command: 'npm run build --silent', kind: 'check' },
  { name: 'size budgets', command: 'node bench/size.mjs', kind: 'check' },
  { name: 'element tests', command: 'npx web-test-runner', kind: 'wtr' },
  // The React layer's tests (test/browser/react/) again, on React 18 (the react-18 npm aliases).
  { name: 'React 18 element tests', command: 'REACT_VERSION=18 npx web-test-runner', kind: 'wtr' },
  { name: 'storybook', command: 'npm run test:storybook --silent', kind: 'storybook' },
  { name: 'api client tests', command: 'node --import tsx --test test/api/*.test.ts', kind: 'node' },
  { name: 'local chain tests', command: 'node --import tsx --test test/chain/*.test.ts', kind: 'node' },
  {
    name: 'backend tests',
    command: 'node --import tsx --test --test-concurrency=1 test/server/*.test.ts',
    kind: 'node'
  },
  { name: 'solana runtime tests', command: 'node --import tsx --test test/solana/*.test.ts', kind: 'node' },
  { name: 'test wallet tests', command: 'node --import tsx --test test/wallets/*.test.ts', kind: 'node' },
  { name: 'walletconnect relay tests', command: 'node --import tsx --test test/walletconnect/*.test.ts', kind: 'node' },
  { name: 'server-side import and message-check tests', command: 'node --test test/node/*.test.mjs', kind: 'node' },
  {
    name: 'end-to-end tests',
    // One local stack for every file: test/e2e/run.mjs starts it, runs node's test runner, stops it.
    command: 'node --import tsx test/e2e/run.mjs',
    kind: 'node'
  }
]

function run(command) {
  // A REACT_VERSION in the caller's environment would narrow the element tests to React's: a step
  // that wants one sets it in its command.
  const { REACT_VERSION: _ignored, ...env } = process.env
  return new Promise(resolve => {
    const child = spawn(command, {
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...env, FORCE_COLOR: '0' }
    })
    let output = ''
    const keep = chunk => {
      output += chunk
      process.stdout.write(chunk)
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

try {
  const chromium = ensureChromium()
  console.log(`Chromium: ${chromium}`)
} catch (error) {
  console.error(String(error instanceof Error ? error.message : error))
  console.log('0 passed, 1 failed')
  process.exit(1)
}

const results = []
const started = Date.now()
for (const step of steps) {
  console.log(`\n=== ${step.name}: ${step.command}`)
  const t0 = Date.now()
  const result = await run(step.command)
  const counted = count(step, result)
  results.push({ step: step.name, ...counted, seconds: (Date.now() - t0) / 1000 })
  if (step.name === 'build' && result.code !== 0) {
    console.error('The build failed: the steps that need it are not run.')
    break
  }
}

console.log('\n=== summary')
for (const r of results)
  console.log(
    `${r.step.padEnd(28)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds.toFixed(1)} s`
  )
const passed = results.reduce((n, r) => n + r.passed, 0)
const failed = results.reduce((n, r) => n + r.failed, 0) + (results.length < steps.length ? 1 : 0)
console.log(`total time ${((Date.now() - started) / 1000).toFixed(1)} s`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
