// The report of bench/first-load.mjs: medians of each page's runs, the table with the floor and the
// goals of issue 35, and the failed requests with what asked for them.
import { PAGES } from './first-load-build.mjs'

const median = list => {
  const sorted = list.filter(value => typeof value === 'number').sort((a, b) => a - b)
  if (sorted.length === 0) return null
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
const range = list => {
  const numbers = list.filter(value => typeof value === 'number')
  return numbers.length ? [Math.min(...numbers), Math.max(...numbers)] : null
}
const kB = bytes => `${(bytes / 1000).toFixed(1)} kB`
const MiB = bytes => `${(bytes / 1024 / 1024).toFixed(2)} MiB`
const ms = value => `${Math.round(value)} ms`
const files = count => `${count} file${count === 1 ? '' : 's'}`

/** One run in a line, as it finishes. */
export function runLine(result) {
  const js = result.jsBeforeClick ? `${kB(result.jsBeforeClick.gzip)} in ${files(result.jsBeforeClick.files)}` : 'n/a'
  const view = result.clickToViewMs === null ? 'n/a' : ms(result.clickToViewMs)
  const longTasks = result.longTasksBeforeClick ? ms(result.longTasksBeforeClick.totalMs) : 'n/a'
  const heap = result.heapOpenBytes === null ? 'n/a' : MiB(result.heapOpenBytes)
  const errors = result.errors.length ? `, ${result.errors.length} errors` : ''
  return `JS before click ${js.padEnd(20)} click->view ${view.padStart(6)}   long tasks ${longTasks.padStart(6)}   heap ${heap}   failed requests ${result.failedRequests.length}${errors}`
}

/** The medians (and ranges) of one page's runs. */
export function summarize(runs) {
  const pick = fn => runs.map(run => fn(run) ?? null)
  return {
    runs: runs.length,
    jsGzip: median(pick(run => run.jsBeforeClick?.gzip)),
    jsFiles: median(pick(run => run.jsBeforeClick?.files)),
    jsFilesRange: range(pick(run => run.jsBeforeClick?.files)),
    jsAfterClickGzip: median(pick(run => run.jsAfterClick?.gzip)),
    clickToView: median(pick(run => run.clickToViewMs)),
    clickToViewRange: range(pick(run => run.clickToViewMs)),
    longTasks: median(pick(run => run.longTasksBeforeClick?.totalMs)),
    longTasksRange: range(pick(run => run.longTasksBeforeClick?.totalMs)),
    requests: median(pick(run => run.requestsBeforeClick)),
    heap: median(pick(run => run.heapOpenBytes)),
    failed: runs.flatMap(run => run.failedRequests),
    errors: runs.flatMap(run => run.errors)
  }
}

function failedText(summary) {
  if (summary.failed.length === 0) return 'none'
  const perRun = summary.failed.length / summary.runs
  return `${perRun % 1 ? perRun.toFixed(1) : perRun} per run`
}

const KIT_PAGES = () => PAGES.filter(page => page.kind === 'kit')

/** The median over rounds of (this page's long-task total - the floor's in the same round), interleaved runs. */
export function longTasksOverFloor(runs, key) {
  const byRound = new Map()
  for (const run of runs) byRound.set(`${run.round} ${run.page}`, run.longTasksBeforeClick?.totalMs ?? null)
  const rounds = [...new Set(runs.map(run => run.round))]
  return {
    median: median(
      rounds.map(round => {
        const page = byRound.get(`${round} ${key}`)
        const floor = byRound.get(`${round} floor`)
        return page === null || floor === null || page === undefined || floor === undefined ? null : page - floor
      })
    )
  }
}

/**
 * The issue 35 table: one column per page (the floor last), a row per figure, and the goal.
 * `extra`: { classicGzip, statics: { key: { gzip, files } }, zodShare, runs, profiles: { key: { kit, kitLibraries, script } } }.
 */
export function printTable(summaries, { classicGzip, statics, zodShare, runs, profiles }) {
  const pages = PAGES.map(page => ({ ...page, s: summaries[page.key] }))
  const floor = summaries.floor
  const rangeText = (r, format) => (r ? ` (${format(r[0])}-${format(r[1])})` : '')
  const cell = (page, fn) => {
    const value = fn(page)
    return value === null || value === undefined ? 'n/a' : value
  }
  const overFloor = key => {
    const { median: value } = longTasksOverFloor(runs, key)
    return value === null ? 'n/a' : `${value >= 0 ? '+' : ''}${ms(value)}`
  }
  const rows = [
    [
      'static first load (entry + static imports), gzip',
      ...pages.map(page =>
        cell(page, p => (statics[p.key] ? `${kB(statics[p.key].gzip)} in ${files(statics[p.key].files)}` : null))
      ),
      '<= 22 kB (the kit, script-tag page)'
    ],
    [
      "  of it the kit's script (dist/appkit-elements.js + its static chunks)",
      ...pages.map(page =>
        cell(page, p => (p.key === 'vanilla' && statics.vanillaKit ? kB(statics.vanillaKit.gzip) : ''))
      ),
      '<= 22 kB'
    ],
    [
      "zod's share of the kit's static first load",
      ...pages.map(page => cell(page, p => (p.key === 'vanilla' && zodShare !== null ? kB(zodShare) : ''))),
      '<= 3 kB'
    ],
    [
      'everything fetched before the click (idle loads too), JS gzip',
      ...pages.map(page =>
        cell(page, p => (p.s.jsGzip === null ? null : `${kB(p.s.jsGzip)} in ${files(p.s.jsFiles)}`))
      ),
      '<= 40 kB (the kit)'
    ],
    ['requests before the click', ...pages.map(page => cell(page, p => p.s.requests)), ''],
    [
      'click -> first view visible',
      ...pages.map(page =>
        cell(page, p =>
          p.s.clickToView === null ? null : `${ms(p.s.clickToView)}${rangeText(p.s.clickToViewRange, Math.round)}`
        )
      ),
      floor.clickToView === null ? '<= floor + 8 ms' : `<= floor + 8 ms (${ms(floor.clickToView + 8)})`
    ],
    [
      'long tasks before the click (total)',
      ...pages.map(page =>
        cell(page, p =>
          p.s.longTasks === null ? null : `${ms(p.s.longTasks)}${rangeText(p.s.longTasksRange, Math.round)}`
        )
      ),
      ''
    ],
    [
      "  minus the floor's in the same round (median)",
      ...pages.map(page => (page.kind === 'floor' ? '' : overFloor(page.key))),
      '<= 10 ms (React page)'
    ],
    [
      "the kit's own scripting before the click (CPU profile self time)",
      ...pages.map(page =>
        cell(page, p => (profiles[p.key] ? ms(profiles[p.key].kit) : page.kind === 'floor' ? '' : null))
      ),
      '<= 8 ms'
    ],
    [
      '  with lit, nanostores and zod',
      ...pages.map(page =>
        cell(page, p =>
          profiles[p.key] ? ms(profiles[p.key].kit + profiles[p.key].kitLibraries) : page.kind === 'floor' ? '' : null
        )
      ),
      ''
    ],
    [
      '  all scripting on the page (self time)',
      ...pages.map(page => cell(page, p => (profiles[p.key] ? ms(profiles[p.key].script) : ''))),
      ''
    ],
    ['heap with the modal open', ...pages.map(page => cell(page, p => (p.s.heap === null ? null : MiB(p.s.heap)))), ''],
    ['appkit-elements.classic.js, gzip', kB(classicGzip), ...pages.slice(1).map(() => ''), '<= 45 kB'],
    ['failed requests', ...pages.map(page => failedText(page.s)), 'none'],
    [
      '(JS fetched after the click, gzip)',
      ...pages.map(page => cell(page, p => (p.s.jsAfterClickGzip === null ? null : kB(p.s.jsAfterClickGzip)))),
      ''
    ]
  ]
  const header = ['', ...pages.map(page => page.label), 'goal (issue 35)']
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map(row => String(row[column]).length)))
  const line = row =>
    `| ${row.map((text, column) => (column === 0 || column === row.length - 1 ? String(text).padEnd(widths[column]) : String(text).padStart(widths[column]))).join(' | ')} |`
  console.log(line(header))
  console.log(
    `|${widths.map((width, column) => (column === 0 || column === widths.length - 1 ? '-' : '') + '-'.repeat(width + 1) + (column === 0 || column === widths.length - 1 ? '' : ':')).join('|')}|`
  )
  for (const row of rows) console.log(line(row))
}

export function printGoals(summaries, { classicGzip, statics, zodShare, runs, profiles }) {
  const { floor } = summaries
  const goal = (text, met) => console.log(`  ${met === null ? 'n/a    ' : met ? 'met    ' : 'not met'}  ${text}`)
  const within = (value, limit) => (value === null || value === undefined || limit === null ? null : value <= limit)
  console.log('\ngoals of issue 35 (on the medians):')
  goal("the kit's static first load <= 22 kB gzip (script-tag page)", within(statics.vanillaKit?.gzip, 22_000))
  goal("zod's share of it <= 3 kB", within(zodShare, 3_000))
  for (const page of KIT_PAGES()) {
    const s = summaries[page.key]
    goal(`everything fetched before the click <= 40 kB gzip, ${page.label}`, within(s.jsGzip, 40_000))
    goal(
      `click -> first view <= floor + 8 ms, ${page.label}`,
      within(s.clickToView, floor.clickToView === null ? null : floor.clickToView + 8)
    )
    goal(`the kit's own scripting before the click <= 8 ms, ${page.label}`, within(profiles[page.key]?.kit, 8))
    goal(
      `long tasks before the click minus the floor's <= 10 ms, ${page.label}`,
      within(longTasksOverFloor(runs, page.key).median, 10)
    )
    goal(`no failed request, ${page.label}`, s.failed.length === 0)
  }
  goal('appkit-elements.classic.js <= 45 kB gzip', classicGzip <= 45_000)
}

export function printFailures(summaries) {
  for (const page of PAGES) {
    const { failed, errors } = summaries[page.key]
    const byUrl = new Map()
    for (const failure of failed) {
      const key = `${failure.status ?? failure.error} ${failure.url}`
      byUrl.set(key, { ...failure, times: (byUrl.get(key)?.times ?? 0) + 1 })
    }
    for (const failure of byUrl.values()) {
      const by = failure.initiator
        ? ` asked for by ${failure.initiator.type}${failure.initiator.url ? ` ${failure.initiator.url}` : ''}${failure.initiator.line ? `:${failure.initiator.line}:${failure.initiator.column ?? ''}` : ''}`
        : ''
      console.log(
        `  ${page.key}: ${failure.status ?? failure.error} ${failure.url} (${failure.times} of ${summaries[page.key].runs} runs, ${failure.phase === 'click' ? 'after' : failure.phase === 'load' ? 'before' : 'seen by the server,'} the click)${by}`
      )
    }
    for (const error of new Set(errors)) console.log(`  ${page.key}: ${error}`)
  }
}
