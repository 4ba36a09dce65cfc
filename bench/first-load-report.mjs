// The report of bench/first-load.mjs: medians of each page's runs, the table against the floor,
// the goals of issue 9, and the failed requests with what asked for them.
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
    heap: median(pick(run => run.heapOpenBytes)),
    failed: runs.flatMap(run => run.failedRequests),
    errors: runs.flatMap(run => run.errors)
  }
}

/** "0.68x (-22.0 kB)" against the floor; only the difference when the floor is 0. */
function versus(value, floor, format) {
  if (value === null || floor === null) return 'n/a'
  const delta = value - floor
  const sign = delta > 0 ? '+' : delta < 0 ? '-' : '±'
  const difference = `${sign}${format(Math.abs(delta))}`
  return floor > 0 ? `${(value / floor).toFixed(2)}x (${difference})` : difference
}

function failedText(summary) {
  if (summary.failed.length === 0) return 'none'
  const perRun = summary.failed.length / summary.runs
  return `${perRun % 1 ? perRun.toFixed(1) : perRun} per run`
}

export function printTable(summaries, classicGzip) {
  const [vanilla, react, floor] = PAGES.map(page => summaries[page.key])
  const rangeText = (r, format) => (r ? ` (${format(r[0])}-${format(r[1])})` : '')
  const rows = [
    [
      'JS fetched before the click, gzip',
      ...[vanilla, react, floor].map(s => (s.jsGzip === null ? 'n/a' : `${kB(s.jsGzip)} in ${files(s.jsFiles)}`)),
      versus(vanilla.jsGzip, floor.jsGzip, kB),
      versus(react.jsGzip, floor.jsGzip, kB)
    ],
    [
      'click -> first view visible',
      ...[vanilla, react, floor].map(s =>
        s.clickToView === null ? 'n/a' : `${ms(s.clickToView)}${rangeText(s.clickToViewRange, Math.round)}`
      ),
      versus(vanilla.clickToView, floor.clickToView, ms),
      versus(react.clickToView, floor.clickToView, ms)
    ],
    [
      'main-thread long tasks before the click',
      ...[vanilla, react, floor].map(s =>
        s.longTasks === null ? 'n/a' : `${ms(s.longTasks)}${rangeText(s.longTasksRange, Math.round)}`
      ),
      versus(vanilla.longTasks, floor.longTasks, ms),
      versus(react.longTasks, floor.longTasks, ms)
    ],
    [
      'heap with the modal open',
      ...[vanilla, react, floor].map(s => (s.heap === null ? 'n/a' : MiB(s.heap))),
      versus(vanilla.heap, floor.heap, MiB),
      versus(react.heap, floor.heap, MiB)
    ],
    ['appkit-elements.classic.js, gzip', kB(classicGzip), '', '', '', ''],
    ['failed requests', ...[vanilla, react, floor].map(failedText), '', ''],
    [
      '(JS fetched after the click, gzip)',
      ...[vanilla, react, floor].map(s => (s.jsAfterClickGzip === null ? 'n/a' : kB(s.jsAfterClickGzip))),
      '',
      ''
    ]
  ]
  const header = ['', ...PAGES.map(page => page.label), 'vanilla vs floor', 'React vs floor']
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map(row => String(row[column]).length)))
  const line = row =>
    `| ${row.map((cell, column) => (column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]))).join(' | ')} |`
  console.log(line(header))
  console.log(
    `|${widths.map((width, column) => (column === 0 ? '-' : '') + '-'.repeat(width + 1) + (column === 0 ? '' : ':')).join('|')}|`
  )
  for (const row of rows) console.log(line(row))
}

export function printGoals(summaries, classicGzip) {
  const { vanilla, react, floor } = summaries
  const goal = (text, met) => console.log(`  ${met === null ? 'n/a    ' : met ? 'met    ' : 'not met'}  ${text}`)
  const within = (value, limit) => (value === null || limit === null ? null : value <= limit)
  console.log('\ngoals of issue 9 (on the medians; long tasks and failed requests in every run):')
  goal('JS before the click <= 25 kB gzip, vanilla', within(vanilla.jsGzip, 25_000))
  goal(
    'JS before the click <= floor + 30 kB gzip, React',
    within(react.jsGzip, floor.jsGzip === null ? null : floor.jsGzip + 30_000)
  )
  for (const [label, s] of [
    ['vanilla', vanilla],
    ['React', react]
  ]) {
    goal(
      `click -> first view within 10 ms of the floor, ${label}`,
      within(s.clickToView, floor.clickToView === null ? null : floor.clickToView + 10)
    )
    goal(`no long task before the click in any run, ${label}`, within(s.longTasksRange?.[1] ?? null, 0))
    goal(`heap with the modal open <= 4.5 MiB, ${label}`, within(s.heap, 4.5 * 1024 * 1024))
    goal(`no failed request, ${label}`, s.failed.length === 0)
  }
  goal('appkit-elements.classic.js <= 60 kB gzip', classicGzip <= 60_000)
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
