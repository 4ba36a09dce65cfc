// Test-suite time benchmark (issue 28): how long `npm test` and each of its layers take on this
// machine, against the goals (the whole suite under 20 minutes; the Storybook sweep and the
// end-to-end layer under 5 minutes each; the element tests at half of the 440 s they took before).
//
//   npm run bench:test-time [-- --runs 2] [-- --only storybook,e2e]
//
// Runs `node tools/test.mjs` (with `--only` when given) --runs times in a row (1), reads the
// summary table it prints (each layer's passed, failed and seconds, and the total time), prints a
// table per run and the goals met or missed, and writes every run as JSON under os.tmpdir().
// A benchmark, not a test: it exits 0 when every run was green, else 1 (the figures are printed
// either way); the goals never decide its exit code.
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The goals in seconds, by the summary's layer name ('total' is the whole run). */
const GOALS = {
  total: 20 * 60,
  storybook: 5 * 60,
  'end-to-end tests': 5 * 60,
  'element tests': 440 / 2
}

function parseArguments(argv) {
  let runs = 1
  let only
  for (let index = 0; index < argv.length; index += 1) {
    if (argv[index] === '--runs') runs = Math.max(1, Number(argv[++index]) || 1)
    else if (argv[index] === '--only') only = argv[++index]
    else throw new Error(`Unknown argument: ${argv[index]} (use --runs N, --only layers)`)
  }
  return { runs, only }
}

/** Runs the suite once, its output passed through; resolves with its exit code and output. */
function runSuite(only) {
  const args = ['tools/test.mjs', ...(only ? ['--only', only] : [])]
  return new Promise(resolve => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] })
    let output = ''
    child.stdout.on('data', chunk => {
      output += chunk
      process.stdout.write(chunk)
    })
    child.on('close', code => resolve({ code: code ?? 1, output }))
  })
}

/** The summary table of tools/test.mjs: `name  N passed  N failed  S s` lines and `total time S s`. */
function readSummary(output) {
  const summary = output.slice(output.lastIndexOf('=== summary'))
  const layers = [...summary.matchAll(/^(.+?)\s+(\d+) passed\s+(\d+) failed\s+([\d.]+) s$/gm)].map(m => ({
    layer: m[1].trim(),
    passed: Number(m[2]),
    failed: Number(m[3]),
    seconds: Number(m[4])
  }))
  const total = Number(/^total time ([\d.]+) s$/m.exec(summary)?.[1] ?? NaN)
  return { layers, total }
}

function verdict(name, seconds) {
  const goal = GOALS[name]
  if (goal === undefined) return ''
  return seconds <= goal ? `goal <= ${goal} s: met` : `goal <= ${goal} s: MISSED`
}

const { runs, only } = parseArguments(process.argv.slice(2))
const records = []
for (let run = 1; run <= runs; run += 1) {
  const { code, output } = await runSuite(only)
  const { layers, total } = readSummary(output)
  records.push({ run, code, total, layers })
}
console.log('\n=== bench:test-time')
for (const { run, code, total, layers } of records) {
  console.log(`run ${run} (exit ${code}):`)
  for (const { layer, passed, failed, seconds } of layers)
    console.log(
      `  ${layer.padEnd(44)} ${String(passed).padStart(5)} passed ${String(failed).padStart(3)} failed ${seconds.toFixed(1).padStart(8)} s  ${verdict(layer, seconds)}`
    )
  const passed = layers.reduce((n, layer) => n + layer.passed, 0)
  console.log(
    `  ${'total'.padEnd(44)} ${String(passed).padStart(5)} passed ${' '.repeat(10)} ${total.toFixed(1).padStart(8)} s  ${only ? '' : verdict('total', total)}`
  )
}
const file = join(tmpdir(), `appkit-test-time-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
writeFileSync(file, `${JSON.stringify({ only: only ?? null, records }, null, 2)}\n`)
console.log(`runs as JSON: ${file}`)
process.exitCode = records.every(record => record.code === 0) ? 0 : 1
