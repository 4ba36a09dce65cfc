// The one place the fuzz tests (issue 33, point 1) take their run count and seed from.
//   FUZZ_RUNS    cases per property (default 1,000: what `npm test` runs)
//   FUZZ_SEED    the seed (default a fixed one, so `npm test` checks the same cases every time)
//   FUZZ_RANDOM  1: a random seed unless FUZZ_SEED is set (`npm run fuzz`)
//   FUZZ_PATH    with FUZZ_SEED, replays one failure straight to its shrunk counterexample
// A failing property's error names the seed and path and the command that replays it.
import * as fc from 'fast-check'

const DEFAULT_RUNS = 1000
/** Fixed so that `npm test` is deterministic: the same cases on every run and machine. */
const DEFAULT_SEED = 20261128

function envInt(name: string): number | undefined {
  const text = process.env[name]
  if (text === undefined || text.trim() === '') return undefined
  const value = Number(text)
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, got ${JSON.stringify(text)}`)
  return value
}

export const FUZZ_RUNS = Math.max(1, envInt('FUZZ_RUNS') ?? DEFAULT_RUNS)
export const FUZZ_SEED =
  envInt('FUZZ_SEED') ??
  (process.env.FUZZ_RANDOM === '1' ? (Date.now() ^ (Math.random() * 0x100000000)) | 0 : DEFAULT_SEED)
const FUZZ_PATH = process.env.FUZZ_PATH || undefined
/** The test file running, for the replay command (set by announce). */
let testFile = 'test/fuzz/<file>.test.ts'

/** fast-check's parameters for one property: `runs` scales FUZZ_RUNS for a property that costs more per case. */
export function fuzzParameters<T>(scale = 1): fc.Parameters<T> {
  return {
    numRuns: Math.max(1, Math.round(FUZZ_RUNS * scale)),
    seed: FUZZ_SEED,
    ...(FUZZ_PATH ? { path: FUZZ_PATH } : {})
  }
}

/** The error of a failed run: fast-check's report, and how to replay it. */
function failure(name: string, details: fc.RunDetails<unknown>): Error {
  const replay =
    `FUZZ_SEED=${details.seed} FUZZ_PATH=${JSON.stringify(details.counterexamplePath ?? '')} ` +
    `node --import tsx --test --test-name-pattern=${shellQuote(namePattern(name))} ${testFile}`
  const report = fc.defaultReportMessage(details) ?? 'the property failed'
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)
  console.error(
    `[fuzz] "${name}" failed: seed ${details.seed}, path ${details.counterexamplePath}\n  replay: ${replay}`
  )
  return new Error(`${report}\nError: ${cause}\nReplay: ${replay}`, { cause: details.errorInstance })
}

/**
 * Checks a synchronous property with the shared run count and seed; throws fast-check's report
 * with the seed, the path and the replay command when it fails. `name` is the test's name.
 */
export function checkProperty<Ts>(name: string, property: fc.IProperty<Ts>, scale = 1): void {
  const details = fc.check(property, fuzzParameters<Ts>(scale))
  if (details.failed) throw failure(name, details as fc.RunDetails<unknown>)
}

/** The same for an asynchronous property. */
export async function checkAsyncProperty<Ts>(name: string, property: fc.IAsyncProperty<Ts>, scale = 1): Promise<void> {
  const details = await fc.check(property, fuzzParameters<Ts>(scale))
  if (details.failed) throw failure(name, details as fc.RunDetails<unknown>)
}

/** The test's name as a --test-name-pattern: every character but letters, digits and spaces matched by '.' (no escapes to survive TAP and the shell). */
const namePattern = (text: string): string => text.replace(/[^A-Za-z0-9 ]/g, '.')
const shellQuote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`

/** Prints the seed once per file (test/fuzz/<file>.test.ts), so that any run (a green one too) can be repeated. */
export function announce(file: string): void {
  testFile = `test/fuzz/${file}.test.ts`
  console.log(`[fuzz] ${file}: ${FUZZ_RUNS} runs per property, seed ${FUZZ_SEED} (FUZZ_SEED=${FUZZ_SEED} replays)`)
}
