// Wallet-list scale benchmark: the AllWallets view over a 5000-wallet catalog in Chromium.
//
//   node bench/wallet-list.mjs [--entries 5000] [--no-build] [--json] [--verbose]
//
// Builds the script-tag bundle when it is missing or older than src/ (vite.script-tag.config.ts
// only; --no-build uses dist/ as it is), serves it on 127.0.0.1 with a fake wallet-catalog API
// (GET /getWallets over `--entries` generated wallets, filtered and paged like the reference backend,
// and GET /getWalletImage/{id} as small SVGs), opens a page in headless Chromium (playwright-core)
// that calls createAppKit({ apiUrl: <that server> }) and opens the modal on AllWallets, then:
//   open     the view shows its first page;
//   scroll   wheel-scrolls the list to its very end, page after page, until all wallets are listed;
//   search   types "Aurora" into the search box and waits for the results;
//   clear    empties the search box: the full list is back;
//   reopen   closes the modal and opens AllWallets again with every wallet already loaded.
// For each phase it reports the longest main-thread task from Chromium's trace (top-level tasks on
// the renderer main thread, in wall-clock and in thread CPU time: on a busy machine the OS lends the
// CPU to others mid-task, and only the wall-clock figure grows), and the tasks the page's
// PerformanceObserver saw as 'longtask' (over 50 ms). It prints the machine's load average with them.
// Goal: no task over 50 ms. Not a test: it prints figures and exits 0, or 1 when it cannot run.
// Everything it starts (the server, Chromium) stops at the end; a watchdog ends a run past 3 minutes.
/* global window, document -- pageInit and the page.evaluate callbacks run in the page */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpus, loadavg } from 'node:os'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, ensureChromium } from '../tools/chromium.mjs'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const DIST = join(ROOT, 'dist')
const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '5000' },
    'no-build': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false }
  }
})
const ENTRIES = Math.max(100, Math.min(20_000, Number(values.entries) || 5000))
const SEARCH = 'Aurora'
const LONG_TASK_MS = 50

let server
let browser
const watchdog = setTimeout(() => {
  console.error('bench/wallet-list.mjs: over 3 minutes, giving up')
  void cleanup().finally(() => process.exit(2))
}, 180_000)
watchdog.unref()

async function cleanup() {
  await browser?.close().catch(() => undefined)
  await new Promise(resolve => (server ? server.close(resolve) : resolve()))
}

/** The newest modification time under a folder. */
function newest(dir) {
  let latest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs)
  }
  return latest
}

function ensureBuild() {
  const bundle = join(DIST, 'appkit-elements.js')
  if (values['no-build']) {
    if (!existsSync(bundle))
      throw new Error('dist/appkit-elements.js is missing: run `npm run build` or drop --no-build')
    return 'dist/ as it is (--no-build)'
  }
  if (existsSync(bundle) && statSync(bundle).mtimeMs > newest(join(ROOT, 'src'))) return 'dist/ (current)'
  execFileSync('npx', ['vite', 'build', '-c', 'vite.script-tag.config.ts', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit']
  })
  return 'dist/ (rebuilt: vite build -c vite.script-tag.config.ts)'
}

// ---- The fake catalog: deterministic wallets, filtered and paged like GET /getWallets. ----
const FIRST = [
  'Aurora',
  'Beacon',
  'Cobalt',
  'Drift',
  'Ember',
  'Fathom',
  'Glacier',
  'Harbor',
  'Ion',
  'Jade',
  'Kestrel',
  'Lumen',
  'Meridian',
  'Nimbus',
  'Onyx',
  'Pylon',
  'Quartz',
  'Ripple',
  'Summit',
  'Tundra'
]
const SECOND = ['Wallet', 'Vault', 'Keys', 'Pay', 'Pocket', 'Safe', 'Hub', 'Link', 'Pass', 'Purse']

function makeCatalog(size) {
  return Array.from({ length: size }, (_, index) => {
    const hex = createHash('sha256').update(`wallet-${index}`).digest('hex')
    const combos = FIRST.length * SECOND.length
    const base = `${FIRST[index % FIRST.length]} ${SECOND[Math.floor(index / FIRST.length) % SECOND.length]}`
    const name = index < combos ? base : `${base} ${Math.floor(index / combos) + 1}`
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '')
    return {
      id: hex.slice(0, 32),
      name,
      image_id: `${hex.slice(32, 40)}-${hex.slice(40, 44)}-4${hex.slice(45, 48)}-a${hex.slice(49, 52)}-${hex.slice(52, 64)}`,
      rdns: `app.${slug}`,
      mobile_link: `https://${slug}.app/wc`,
      desktop_link: null,
      webapp_link: null,
      chains: ['eip155:1']
    }
  })
}

const catalog = makeCatalog(ENTRIES)
const byImageId = new Map(catalog.map(wallet => [wallet.image_id, wallet]))
const list = value => (value ? value.split(',').filter(Boolean) : [])

function getWallets(params) {
  const page = Math.max(1, Number(params.get('page')) || 1)
  const entries = Math.min(100, Math.max(1, Number(params.get('entries')) || 40))
  const include = new Set(list(params.get('include')))
  const exclude = new Set(list(params.get('exclude')))
  const search = params.get('search')?.trim().toLowerCase()
  let matches = catalog.filter(w => (include.size === 0 || include.has(w.id)) && !exclude.has(w.id))
  if (search) {
    const starts = matches.filter(w => w.name.toLowerCase().startsWith(search))
    const contains = matches.filter(
      w => !w.name.toLowerCase().startsWith(search) && w.name.toLowerCase().includes(search)
    )
    matches = [...starts, ...contains]
  }
  return { data: matches.slice((page - 1) * entries, page * entries), count: matches.length }
}

const HUES = [220, 160, 20, 280, 190, 340, 45, 95]
function walletSvg(wallet) {
  const hue = HUES[parseInt(wallet.id.slice(0, 2), 16) % HUES.length]
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 56 56"><rect width="56" height="56" rx="14" fill="hsl(${hue} 70% 50%)"/><circle cx="28" cy="28" r="12" fill="#fff" opacity=".85"/></svg>`
}

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>wallet-list benchmark</title></head>
<body><script type="module">
  import '/dist/appkit-elements.js'
  const { createAppKit, localChainA } = window.AppKit
  window.kit = createAppKit({ projectId: 'bench', networks: [localChainA], apiUrl: location.origin, themeMode: 'light' })
  window.kitReady = true
</script></body></html>`

const TYPES = { '.js': 'text/javascript; charset=utf-8', '.map': 'application/json' }

function handle(request, response) {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1')
  const send = (status, type, body, headers = {}) =>
    response.writeHead(status, { 'content-type': type, ...headers }).end(body)
  if (url.pathname === '/') return send(200, 'text/html; charset=utf-8', PAGE)
  if (url.pathname === '/getWallets') {
    return send(200, 'application/json', JSON.stringify(getWallets(url.searchParams)), { 'cache-control': 'no-store' })
  }
  const image = /^\/getWalletImage\/([-\w]+)$/.exec(url.pathname)
  if (image) {
    const wallet = byImageId.get(image[1])
    return wallet
      ? send(200, 'image/svg+xml', walletSvg(wallet), { 'cache-control': 'public, max-age=604800, immutable' })
      : send(404, 'application/json', '{"message":"no such image"}')
  }
  if (url.pathname.startsWith('/dist/')) {
    const file = normalize(join(ROOT, url.pathname))
    if (file.startsWith(DIST + sep) && existsSync(file) && statSync(file).isFile()) {
      return send(200, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file))
    }
  }
  if (url.pathname === '/favicon.ico') return send(204, 'text/plain', '')
  return send(404, 'text/plain', 'not found')
}

// ---- In the page: reach into the shadow roots and collect 'longtask' entries. ----
function pageInit() {
  window.__longTasks = []
  new PerformanceObserver(list => {
    for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration })
  }).observe({ type: 'longtask', buffered: true })
  window.__deep = selector => {
    const visit = root => {
      const found = root.querySelector(selector)
      if (found) return found
      for (const element of root.querySelectorAll('*')) {
        if (element.shadowRoot) {
          const inner = visit(element.shadowRoot)
          if (inner) return inner
        }
      }
      return null
    }
    return visit(document)
  }
  /** What the AllWallets view shows now. */
  window.__listState = () => {
    const view = window.__deep('w3m-all-wallets-view')
    const scroller = view?.shadowRoot?.querySelector('[data-testid=all-wallets-list]')
    const grids = [...(view?.shadowRoot?.querySelectorAll('wui-wallet-grid[data-testid=wallet-grid]') ?? [])]
    const grid = grids.find(g => !g.closest('[hidden]'))
    return {
      listed: grid?.wallets?.length ?? 0,
      buttons: grid?.shadowRoot?.querySelectorAll('button').length ?? 0,
      sentinel: Boolean(view?.shadowRoot?.querySelector('[data-testid=wallets-sentinel]')),
      atEnd: scroller ? scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2 : false,
      empty: Boolean(view?.shadowRoot?.querySelector('[data-testid=wallets-empty]')),
      status: view?.shadowRoot?.querySelector('[role=status]')?.textContent ?? ''
    }
  }
}

/**
 * The page's main-thread tasks from a trace: every top-level task (ThreadControllerImpl::RunTask) on
 * the renderer main thread (the benchmark's own page.evaluate calls included: kit.open runs in one):
 * their longest, their 99th percentile and how many ran over 50 ms, in wall-clock time (what a
 * visitor waits) and in the thread's CPU time (the same without the time the OS gave to other
 * processes: on a busy machine the two differ).
 */
function mainThreadTasks(traceBuffer) {
  const { traceEvents = [] } = JSON.parse(traceBuffer.toString('utf8'))
  const mains = new Set(
    traceEvents
      .filter(e => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map(e => `${e.pid}:${e.tid}`)
  )
  const byThread = new Map()
  for (const e of traceEvents) {
    if (e.ph !== 'X' || e.name !== 'ThreadControllerImpl::RunTask' || !mains.has(`${e.pid}:${e.tid}`)) continue
    const key = `${e.pid}:${e.tid}`
    byThread.set(key, [...(byThread.get(key) ?? []), e])
  }
  const tasks = [...byThread.values()].sort((a, b) => b.length - a.length)[0] ?? []
  const stats = values => {
    const sorted = [...values].sort((a, b) => a - b)
    return {
      maxMs: sorted.at(-1) ?? 0,
      p99Ms: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
      over50: values.filter(ms => ms > LONG_TASK_MS).length
    }
  }
  return {
    tasks: tasks.length,
    wall: stats(tasks.map(task => task.dur / 1000)),
    cpu: stats(tasks.map(task => (task.tdur ?? task.dur) / 1000))
  }
}

async function until(page, predicate, what, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const state = await page.evaluate(() => window.__listState())
    if (predicate(state)) return state
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(state)}`)
    await page.waitForTimeout(20)
  }
}

const log = (...args) => values.verbose && console.error('[bench]', ...args)

async function phase(page, name, run) {
  log(`phase ${name}`)
  const from = await page.evaluate(() => performance.now())
  await browser.startTracing(page, { categories: ['toplevel'] })
  const started = Date.now()
  const detail = await run()
  const seconds = (Date.now() - started) / 1000
  await page.waitForTimeout(300)
  const trace = mainThreadTasks(await browser.stopTracing())
  const to = await page.evaluate(() => performance.now())
  // 'longtask' entries arrive late: the phase's own are the ones that started inside it.
  const longTasks = await page.evaluate(
    ([start, end]) =>
      window.__longTasks.filter(t => t.start >= start && t.start <= end).map(t => Math.round(t.duration)),
    [from, to]
  )
  return { phase: name, seconds, ...trace, longTasks, ...detail }
}

async function main() {
  const build = ensureBuild()
  server = createServer(handle)
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${server.address().port}`
  browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS })
  const page = await browser.newPage({ viewport: { width: 1024, height: 900 } })
  const errors = []
  page.on('pageerror', error => errors.push(error.message))
  await page.addInitScript(pageInit)
  await page.goto(origin)
  await page.waitForFunction(() => window.kitReady === true)

  // Loading the bundle and createAppKit, before the view opens (not part of the list's figures).
  const loadLongTasks = await page.evaluate(() => window.__longTasks.map(t => Math.round(t.duration)))
  const results = []
  results.push(
    await phase(page, 'open', async () => {
      await page.evaluate(() => window.kit.open({ view: 'AllWallets' }))
      const state = await until(page, s => s.buttons >= 40, 'the first page')
      return { listed: state.listed }
    })
  )

  results.push(
    await phase(page, 'scroll', async () => {
      const box = await page.locator('[data-testid=all-wallets-list]').boundingBox()
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
      let wheels = 0
      for (;;) {
        const state = await page.evaluate(() => window.__listState())
        if (wheels % 20 === 0) log(JSON.stringify(state), wheels)
        if (!state.sentinel && state.atEnd && state.listed >= ENTRIES) return { listed: state.listed, wheels }
        if (state.atEnd) {
          await page.waitForTimeout(16)
          continue
        }
        await page.mouse.wheel(0, 1200)
        wheels++
        await page.waitForTimeout(16)
      }
    })
  )

  results.push(
    await phase(page, 'search', async () => {
      await page.locator('[data-testid=wallet-search] input').click()
      await page.keyboard.type(SEARCH, { delay: 60 })
      const state = await until(
        page,
        s => / found$/.test(s.status) && s.listed > 0 && s.listed <= 100 && s.buttons > 0,
        'the search results'
      )
      return { listed: state.listed }
    })
  )

  results.push(
    await phase(page, 'clear', async () => {
      await page.locator('[data-testid=wallet-search] input').fill('')
      const state = await until(page, s => s.listed === ENTRIES, 'the full list after the search')
      return { listed: state.listed }
    })
  )

  results.push(
    await phase(page, 'reopen', async () => {
      await page.evaluate(() => window.kit.close())
      await page.waitForTimeout(200)
      await page.evaluate(() => window.kit.open({ view: 'AllWallets' }))
      const state = await until(page, s => s.listed === ENTRIES && s.buttons >= 40, 'the reopened list')
      return { listed: state.listed }
    })
  )

  if (errors.length > 0) throw new Error(`the page threw: ${errors.join('; ')}`)
  return { build, entries: ENTRIES, results, loadLongTasks, cpus: cpus().length, loadAverage: loadavg()[0] }
}

function print({ build, entries, results, loadLongTasks, cpus: cores, loadAverage, loadBefore }) {
  console.log(`wallet-list benchmark: AllWallets over ${entries} catalog wallets, headless Chromium, ${build}`)
  console.log(
    `machine: ${cores} CPUs, load average ${loadBefore.toFixed(1)} before the run, ${loadAverage.toFixed(1)} after`
  )
  console.log('main-thread tasks (trace): wall-clock time / thread CPU time\n')
  const ms = value => `${value.toFixed(1)}`.padStart(7)
  console.log(
    'phase     seconds   tasks   longest (wall/cpu ms)   p99 (wall/cpu ms)   >50 ms (wall/cpu)  listed  longtask entries (ms)'
  )
  for (const r of results) {
    console.log(
      `${r.phase.padEnd(9)} ${r.seconds.toFixed(1).padStart(7)} ${String(r.tasks).padStart(7)}   ${ms(r.wall.maxMs)} / ${ms(r.cpu.maxMs)}     ${ms(r.wall.p99Ms)} / ${ms(r.cpu.p99Ms)}   ${String(r.wall.over50).padStart(6)} / ${String(r.cpu.over50).padEnd(6)}  ${String(r.listed).padStart(6)}  ${r.longTasks.length ? r.longTasks.join(', ') : 'none'}`
    )
  }
  console.log(
    `(page load, before the view opens: 'longtask' entries ${loadLongTasks.length ? loadLongTasks.join(', ') + ' ms' : 'none'})`
  )
  const worst = key => Math.max(...results.map(r => r[key].maxMs))
  const longtasks = results.reduce((n, r) => n + r.longTasks.length, 0)
  console.log(
    `\nlongest main-thread task: ${worst('wall').toFixed(1)} ms wall-clock, ${worst('cpu').toFixed(1)} ms CPU; 'longtask' entries: ${longtasks}`
  )
  console.log(
    `goal, no task over ${LONG_TASK_MS} ms: ${worst('wall') <= LONG_TASK_MS && longtasks === 0 ? 'met' : 'not met'} in wall-clock time, ${worst('cpu') <= LONG_TASK_MS ? 'met' : 'not met'} in CPU time`
  )
}

try {
  const loadBefore = loadavg()[0]
  const report = { ...(await main()), loadBefore }
  if (values.json) console.log(JSON.stringify(report, null, 2))
  else print(report)
  await cleanup()
  process.exit(0)
} catch (error) {
  console.error(`bench/wallet-list.mjs: ${error instanceof Error ? error.message : error}`)
  await cleanup()
  process.exit(1)
}
