// First-load benchmark (issue 9): what the kit costs a page before and when a visitor opens it,
// side by side with a floor, a React 19 page with a plain native <dialog>.
//
//   npm run bench:first-load [-- --runs 5] [-- --disable-cache] [-- --keep]
//
// 1. Builds with production Vite builds into a new folder under os.tmpdir() (bench/first-load-build.mjs):
//    the script-tag example page (apps/examples/script-tag/ with the kit from vite.script-tag.config.ts),
//    the React example (apps/examples/react/, against a fresh library build), the floor (bench/floor/),
//    and the classic file (vite.classic.config.ts), whose gzip size the table shows too.
//    Nothing is written into the repository (only `npm run build` into the gitignored dist/ when
//    dist/ lacks the entry points the React example's config checks). No backend: the pages run bare.
// 2. Serves them from one node:http server on 127.0.0.1 (a free port), uncompressed.
// 3. Runs each page --runs times (5), interleaved (vanilla, React, floor, vanilla, ...), each in a new
//    browser context (a cold cache) of headless Chromium with the project's flags (tools/chromium.mjs);
//    --disable-cache also sets CDP Network.setCacheDisabled, which also defeats any prefetch.
// 4. Per run (bench/first-load-run.mjs): waits for the page to go idle (no request for 500 ms and
//    requestIdleCallback settled), then clicks the open button and measures
//    - JS fetched before the click: every script response (resource type script, or .js) requested
//      since navigation until the benchmark moves the mouse to click (idle-time chunks included;
//      what hovering the button prefetches counts as after the click), files and the gzip -9 size
//      of the bodies served;
//    - click -> first view visible: from the click event's timestamp to the animation frame where the
//      dialog is open and its first view shows rendered content (performance.now() in the page);
//    - long tasks before the click: the 'longtask' entries (observer registered before any page script);
//    - heap with the modal open: CDP Runtime.getHeapUsage after HeapProfiler.collectGarbage;
//    - failed requests: status >= 400 or failed, by URL, with what asked for them.
//    - requests before the click, and (in PROFILE_RUNS more runs per kit page, with a CPU profile) the
//      self time of the kit's own code before the click (bench/first-load-profile.mjs).
//    The consumer page (issue 35) is an app's own Vite build of the packed package (bench/consumer/,
//    bench/first-load-consumer.mjs); each page's static first load is read from its built files.
// 5. Prints the medians, the floor and the goals of issue 35 (bench/first-load-report.mjs), and
//    writes every run as JSON under os.tmpdir(). A benchmark, not a test: exits 0, or 1 when a
//    figure could not be measured at all (or 2 past its 8-minute watchdog).
import { readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, ensureChromium } from '../tools/chromium.mjs'
import { PAGES, buildPages, removeBuild, serve } from './first-load-build.mjs'
import { printFailures, printGoals, printTable, runLine, summarize } from './first-load-report.mjs'
import { scriptTagZodShare, staticFirstLoad } from './first-load-consumer.mjs'
import { runOnce } from './first-load-run.mjs'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'disable-cache': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false }
  }
})
const RUNS = Math.max(1, Math.min(50, Number(values.runs) || 5))
/** Runs per kit page with a CPU profile, after the measured rounds (the profiler's cost stays out of their figures). */
const PROFILE_RUNS = Math.min(RUNS, 5)

let server
let browser
let built
const started = performance.now()
const watchdog = setTimeout(() => {
  console.error('bench/first-load.mjs: over 15 minutes, giving up')
  void cleanup().finally(() => process.exit(2))
}, 900_000)
watchdog.unref()

async function cleanup() {
  await browser?.close().catch(() => undefined)
  await server?.close()
  if (!values.keep) removeBuild(built?.dir)
}

async function main() {
  console.log('first-load benchmark (issue 9): building the pages with Vite ...')
  built = await buildPages({ log: text => console.log(`  ${text}`) })
  const classicGzip = gzipSync(readFileSync(built.classic), { level: 9 }).length
  console.log(`  built in ${((performance.now() - started) / 1000).toFixed(1)} s into ${built.dir}`)

  server = await serve(built.site)
  browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS })
  console.log(
    `serving on ${server.url}; Chromium ${browser.version()} headless; ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(1)}`
  )
  console.log(
    `${RUNS} runs per page, interleaved, a new browser context per run${values['disable-cache'] ? ', CDP cache disabled' : ''}\n`
  )

  const runs = []
  for (let round = 1; round <= RUNS; round += 1) {
    for (const page of PAGES) {
      const result = await runOnce(browser, server, page, { disableCache: values['disable-cache'] })
      runs.push({ round, ...result })
      console.log(`  run ${round}/${RUNS} ${page.key.padEnd(7)} ${runLine(result)}`)
    }
  }

  // The kit's own scripting before the click: profiled runs of each kit page, apart from the measured ones.
  const profiled = []
  for (let round = 1; round <= PROFILE_RUNS; round += 1) {
    for (const page of PAGES.filter(p => p.kind === 'kit')) {
      const result = await runOnce(browser, server, page, {
        disableCache: values['disable-cache'],
        profile: { site: built.site, libDir: built.lib }
      })
      profiled.push({ round, ...result })
      const self = result.selfTimeBeforeClick
      console.log(
        `  profiled ${round}/${PROFILE_RUNS} ${page.key.padEnd(8)} ${self ? `kit ${self.kit.toFixed(1)} ms, with lit/nanostores/zod ${(self.kit + self.kitLibraries).toFixed(1)} ms, all scripting ${self.script.toFixed(1)} ms` : 'n/a'}`
      )
    }
  }
  const median = list => {
    const sorted = list.filter(value => typeof value === 'number').sort((a, b) => a - b)
    return sorted.length === 0 ? null : sorted[Math.floor((sorted.length - 1) / 2)]
  }
  const profiles = Object.fromEntries(
    PAGES.filter(p => p.kind === 'kit').map(page => {
      const selfTimes = profiled
        .filter(run => run.page === page.key)
        .map(run => run.selfTimeBeforeClick)
        .filter(Boolean)
      if (selfTimes.length === 0) return [page.key, null]
      const pick = key => median(selfTimes.map(self => self[key]))
      // The source files where the kit's time went: per file, the median over the profiled runs (a run
      // starved by other work on the machine does not lead the list).
      const sources = new Set(selfTimes.flatMap(self => Object.keys(self.bySource)))
      const bySource = Object.fromEntries(
        [...sources].map(source => [source, median(selfTimes.map(self => self.bySource[source] ?? 0))])
      )
      const top = Object.entries(bySource)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
      return [page.key, { kit: pick('kit'), kitLibraries: pick('kitLibraries'), script: pick('script'), top }]
    })
  )
  const statics = Object.fromEntries(PAGES.map(page => [page.key, staticFirstLoad(built.site, page.path)]))
  statics.vanillaKit = staticFirstLoad(built.site, '/examples/script-tag/', 'appkit-elements.js')
  const zodShare = scriptTagZodShare(built.site)
  const report = { classicGzip, statics, zodShare, runs, profiles }

  const summaries = Object.fromEntries(
    PAGES.map(page => [page.key, summarize(runs.filter(run => run.page === page.key))])
  )
  console.log(
    `\nmedians of ${RUNS} runs (range min-max), interleaved with the floor; the kit's scripting: medians of ${PROFILE_RUNS} profiled runs\n`
  )
  printTable(summaries, report)
  printGoals(summaries, report)
  console.log(
    "\nwhere the kit's scripting before the click went (self time by source file, median of the profiled runs):"
  )
  for (const page of PAGES.filter(p => p.kind === 'kit')) {
    const top = profiles[page.key]?.top ?? []
    console.log(`  ${page.key}: ${top.map(([source, time]) => `${source} ${time.toFixed(1)} ms`).join(', ') || 'n/a'}`)
  }
  console.log('\nfailed requests and page errors:')
  printFailures(summaries)
  if (Object.values(summaries).every(s => s.failed.length === 0 && s.errors.length === 0)) console.log('  none')

  const file = join(tmpdir(), `appkit-first-load-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  writeFileSync(
    file,
    `${JSON.stringify({ chromium: browser.version(), cpus: cpus().length, runsPerPage: RUNS, disableCache: values['disable-cache'], classicGzip, statics, zodShare, profiles, summaries, runs, profiled }, null, 2)}\n`
  )
  console.log(`\nraw runs: ${file}`)
  console.log(`took ${((performance.now() - started) / 1000).toFixed(1)} s`)

  const unmeasured = PAGES.flatMap(page =>
    ['jsGzip', 'clickToView', 'longTasks', 'heap']
      .filter(key => summaries[page.key][key] === null)
      .map(key => `${page.key} ${key}`)
  )
  if (unmeasured.length > 0) {
    console.error(`\nbench/first-load.mjs: could not measure ${unmeasured.join(', ')} in any run`)
    return 1
  }
  return 0
}

try {
  const code = await main()
  await cleanup()
  process.exit(code)
} catch (error) {
  console.error(`bench/first-load.mjs: ${error instanceof Error ? (error.stack ?? error.message) : error}`)
  await cleanup()
  process.exit(1)
}
