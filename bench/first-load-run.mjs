// One run of bench/first-load.mjs: a page in a new browser context (a cold cache), left to go
// idle, then its open button clicked; what it fetched, how long the first view took, the long tasks
// before the click, the heap with the modal open and every request that failed.
/* global window, requestIdleCallback -- the page.evaluate callbacks run in the page */
import { gzipSync } from 'node:zlib'
import { OPENERS, pageInit } from './first-load-page.mjs'
import { kitSelfTime, startProfile, stopProfile } from './first-load-profile.mjs'

const QUIET_MS = 500
const IDLE_CAP_MS = 15_000
const OPEN_TIMEOUT_MS = 10_000

/** Requests of a page as they start and end: in-flight count, quiet waits, failures. */
function trackNetwork(page) {
  const requests = []
  const failed = []
  let inFlight = 0
  let lastChange = Date.now()
  let phase = 'load'
  const byRequest = new Map()
  page.on('request', request => {
    inFlight += 1
    lastChange = Date.now()
    const entry = { url: request.url(), resourceType: request.resourceType(), phase, request }
    byRequest.set(request, entry)
    requests.push(entry)
  })
  const done = request => {
    inFlight = Math.max(0, inFlight - 1)
    lastChange = Date.now()
    return byRequest.get(request)
  }
  page.on('requestfinished', request => {
    const entry = done(request)
    if (entry) entry.finished = true
  })
  page.on('requestfailed', request => {
    done(request)
    failed.push({ url: request.url(), phase, error: request.failure()?.errorText ?? 'failed' })
  })
  page.on('response', response => {
    if (response.status() >= 400) {
      failed.push({ url: response.url(), phase, status: response.status() })
    }
  })
  return {
    requests,
    failed,
    setPhase: value => (phase = value),
    get count() {
      return requests.length
    },
    /** Resolves once no request has been in flight for `ms`, or false at `deadline`. */
    async quiet(ms, deadline) {
      while (Date.now() < deadline) {
        if (inFlight === 0 && Date.now() - lastChange >= ms) return true
        await new Promise(resolve => setTimeout(resolve, 50))
      }
      return false
    }
  }
}

/**
 * Waits until the page is idle: no request for 500 ms, then two idle callbacks in a row, then no
 * request for 500 ms again and none started meanwhile (work the page deferred to idle time, and
 * the chunks it loads then, are done). Returns false when it was still busy after 15 s.
 */
async function waitForIdle(page, net) {
  const deadline = Date.now() + IDLE_CAP_MS
  while (Date.now() < deadline) {
    if (!(await net.quiet(QUIET_MS, deadline))) return false
    const before = net.count
    await page.evaluate(
      () =>
        new Promise(resolve =>
          requestIdleCallback(() => requestIdleCallback(() => resolve(), { timeout: 2000 }), { timeout: 2000 })
        )
    )
    if (!(await net.quiet(QUIET_MS, deadline))) return false
    if (net.count === before) return true
  }
  return false
}

const gzipCache = new Map()
/** gzip -9 size of a response body (the server sends it uncompressed), cached by URL and length. */
function gzipSize(url, body) {
  const key = `${url} ${body.length}`
  if (!gzipCache.has(key)) gzipCache.set(key, gzipSync(body, { level: 9 }).length)
  return gzipCache.get(key)
}

const isScript = entry => entry.resourceType === 'script' || new URL(entry.url).pathname.endsWith('.js')

async function scriptFiles(entries) {
  const files = []
  for (const entry of entries.filter(isScript)) {
    const response = await entry.request.response().catch(() => null)
    const body = response && response.status() < 400 ? await response.body().catch(() => null) : null
    files.push({
      url: entry.url,
      bytes: body?.length ?? null,
      gzip: body ? gzipSize(entry.url, body) : null
    })
  }
  return {
    files: files.length,
    bytes: files.reduce((sum, file) => sum + (file.bytes ?? 0), 0),
    gzip: files.reduce((sum, file) => sum + (file.gzip ?? 0), 0),
    list: files
  }
}

/**
 * One run of `page` ({ key, path, kind }) in a new context of `browser`. Every figure it could not
 * take is null, with the reason in `errors`; it throws only when the browser itself fails.
 * `profile` ({ site, libDir }): also take a CPU profile from before navigation to the click and
 * give the kit's own self time (bench/first-load-profile.mjs).
 */
export async function runOnce(browser, server, page, { disableCache = false, profile = null } = {}) {
  const logStart = server.log.length
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const result = {
    page: page.key,
    jsBeforeClick: null,
    jsAfterClick: null,
    clickToViewMs: null,
    pointerDownToClickMs: null,
    framesPolled: null,
    longTasksBeforeClick: null,
    requestsBeforeClick: null,
    selfTimeBeforeClick: null,
    heapOpenBytes: null,
    failedRequests: [],
    idleBeforeClick: null,
    errors: []
  }
  try {
    const tab = await context.newPage()
    const cdp = await context.newCDPSession(tab)
    const initiators = new Map()
    cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
      if (initiators.has(request.url)) return
      const frame = initiator.stack?.callFrames?.[0]
      initiators.set(request.url, {
        type: initiator.type,
        url: frame?.url ?? initiator.url ?? null,
        line: frame ? frame.lineNumber + 1 : (initiator.lineNumber ?? null),
        column: frame ? frame.columnNumber + 1 : null,
        function: frame?.functionName || null
      })
    })
    await cdp.send('Network.enable')
    if (disableCache) await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    tab.on('pageerror', error => result.errors.push(`uncaught: ${error.message}`))
    tab.on('console', message => {
      if (message.type() === 'error') result.errors.push(`console error: ${message.text()}`)
    })
    await tab.addInitScript(pageInit, page.kind)
    const net = trackNetwork(tab)
    if (profile) await startProfile(cdp)

    await tab.goto(`${server.url}${page.path}`, { waitUntil: 'load', timeout: 20_000 })
    const opener = tab.locator(OPENERS[page.kind])
    await opener.waitFor({ state: 'visible', timeout: 10_000 })
    result.idleBeforeClick = await waitForIdle(tab, net)
    if (!result.idleBeforeClick) result.errors.push('the page was not idle within 15 s; clicked anyway')

    // Everything the page fetched on its own, before the benchmark moves the mouse to the button.
    net.setPhase('click')
    result.requestsBeforeClick = net.requests.filter(entry => entry.phase === 'load').length
    if (profile) {
      result.selfTimeBeforeClick = kitSelfTime(await stopProfile(cdp), { ...profile, origin: server.url })
    }
    await opener.click({ timeout: 10_000 })
    try {
      await tab.waitForFunction(() => window.__bench.openedAt !== undefined, null, { timeout: OPEN_TIMEOUT_MS })
    } catch {
      result.errors.push(`the first view did not show within ${OPEN_TIMEOUT_MS / 1000} s of the click`)
    }
    const bench = await tab.evaluate(() => window.__bench)
    if (bench.clickAt !== undefined && bench.openedAt !== undefined)
      result.clickToViewMs = bench.openedAt - bench.clickAt
    if (bench.clickAt !== undefined && bench.pointerDownAt !== undefined)
      result.pointerDownToClickMs = bench.clickAt - bench.pointerDownAt
    result.framesPolled = bench.frames
    const clickAt = bench.pointerDownAt ?? bench.clickAt ?? Infinity
    const before = bench.longTasks.filter(task => task.start < clickAt)
    result.longTasksBeforeClick = {
      totalMs: before.reduce((sum, task) => sum + task.duration, 0),
      count: before.length,
      tasks: before.map(task => ({ start: Math.round(task.start), duration: Math.round(task.duration) }))
    }

    // The heap with the modal open, once what the click started has settled, after a full GC.
    await net.quiet(QUIET_MS, Date.now() + 5000)
    if (result.clickToViewMs !== null) {
      await cdp.send('HeapProfiler.collectGarbage')
      const { usedSize } = await cdp.send('Runtime.getHeapUsage')
      result.heapOpenBytes = usedSize
    }

    result.jsBeforeClick = await scriptFiles(net.requests.filter(entry => entry.phase === 'load'))
    result.jsAfterClick = await scriptFiles(net.requests.filter(entry => entry.phase === 'click'))
    result.failedRequests = net.failed.map(failure => ({ ...failure, initiator: initiators.get(failure.url) ?? null }))
  } catch (error) {
    result.errors.push(error instanceof Error ? error.message.split('\n')[0] : String(error))
  } finally {
    await context.close().catch(() => undefined)
  }
  // What the server answered with an error that the page's own requests did not show.
  for (const { path, status } of server.log.slice(logStart)) {
    const url = `${server.url}${path}`
    if (status >= 400 && !result.failedRequests.some(failure => failure.url === url))
      result.failedRequests.push({ url, status, phase: 'server log', initiator: null })
  }
  return result
}
