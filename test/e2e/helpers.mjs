// Shared by the end-to-end tests: the built pages' server (its own process, on a free port on
// 127.0.0.1, stopped by its process id), Chromium through playwright-core, and checks that look
// through shadow roots. The tests assume `npm run build` already ran and fail at once with that
// message when it did not; the React test builds its example pages itself (a second each).
import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { after, before } from 'node:test'
import { chromium } from 'playwright-core'
import { ROOT, assertBuilt } from '../../bench/bundle-graph.mjs'
import { CHROMIUM_ARGS, ensureChromium } from '../../tools/chromium.mjs'

export { ROOT }

/** Throws "run `npm run build` first" when dist/ is missing. */
export function assertPagesBuilt() {
  assertBuilt()
}

/**
 * Builds the React example from the current dist/, so the React test never runs against a stale
 * page; `npm run build` must have run. Twice, about a second each: on React 19 to
 * apps/examples/react/dist/ (/examples/react/), then on React 18 (REACT_VERSION=18, the react-18 and
 * react-dom-18 npm aliases) to apps/examples/react/dist/react-18/ (/examples/react/react-18/).
 */
export function buildReactExample() {
  assertBuilt()
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js')
  for (const [reactVersion, index] of [
    ['19', 'apps/examples/react/dist/index.html'],
    ['18', 'apps/examples/react/dist/react-18/index.html']
  ]) {
    const result = spawnSync(
      process.execPath,
      [vite, 'build', '-c', 'apps/examples/react/vite.config.ts', '--logLevel', 'warn'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, REACT_VERSION: reactVersion }
      }
    )
    if (result.status !== 0 || !existsSync(join(ROOT, index))) {
      throw new Error(
        `Building the React example on React ${reactVersion} failed (REACT_VERSION=${reactVersion} npm run build:examples):\n${result.stdout}${result.stderr}`
      )
    }
  }
}

/**
 * Starts local/stack/serve.mjs in its own process with PORT=0 (the system picks a free port) and
 * resolves to { url, stop } once it prints its address.
 */
export function startPageServer() {
  const child = spawn(process.execPath, [join(ROOT, 'local/stack/serve.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  const stop = () =>
    new Promise(resolve => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      process.kill(child.pid, 'SIGTERM')
    })
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop()
      reject(new Error(`local/stack/serve.mjs did not start within 10 s. Its output:\n${output}`))
    }, 10_000)
    const onData = chunk => {
      output += chunk
      const match = /examples on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output)
      if (match) {
        clearTimeout(timer)
        child.stdout.off('data', onData)
        resolve({ url: match[1], stop })
      }
    }
    child.stdout.setEncoding('utf8').on('data', onData)
    child.stderr.setEncoding('utf8').on('data', chunk => (output += chunk))
    child.once('exit', code => {
      clearTimeout(timer)
      reject(new Error(`local/stack/serve.mjs exited (code ${code}) before listening. Its output:\n${output}`))
    })
  })
}

/** Headless Chromium with the project's flags (tools/chromium.mjs installs it where it is missing). */
export function launchChromium() {
  return chromium.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS })
}

/**
 * A new page that records what went wrong on it: console errors, uncaught exceptions, failed
 * requests and Content-Security-Policy violations (`securitypolicyviolation` events, in every
 * document, from before the first script runs).
 */
export async function openPage(browser, { viewport = { width: 1280, height: 800 } } = {}) {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  const problems = []
  const requests = []
  page.on('console', message => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`)
  })
  page.on('pageerror', error => problems.push(`uncaught: ${error.message}`))
  page.on('requestfailed', request =>
    problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`)
  )
  page.on('response', response => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`)
  })
  page.on('request', request => requests.push(request.url()))
  await page.exposeBinding('__reportCspViolation', (_source, text) => problems.push(`CSP violation: ${text}`))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', event => {
      const report = globalThis.__reportCspViolation
      if (typeof report === 'function') {
        void report(
          `${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`
        )
      }
    })
  })
  return { context, page, problems, requests }
}

/** Whether <w3m-modal>'s <dialog> is open. */
export function isModalOpen(page) {
  return page.evaluate(() => Boolean(document.querySelector('w3m-modal')?.shadowRoot?.querySelector('dialog')?.open))
}

export async function waitForModalOpen(page, timeout = 5000) {
  await page.waitForFunction(
    () => document.querySelector('w3m-modal')?.shadowRoot?.querySelector('dialog')?.open === true,
    null,
    { timeout }
  )
}

export async function waitForModalClosed(page, timeout = 5000) {
  await page.waitForFunction(
    () => document.querySelector('w3m-modal')?.shadowRoot?.querySelector('dialog')?.open === false,
    null,
    { timeout }
  )
}

/** Waits until <w3m-router> (inside the modal's shadow root) shows the view element `tag`. */
export async function waitForView(page, tag, timeout = 5000) {
  await page.waitForFunction(
    viewTag => {
      const router = document.querySelector('w3m-modal')?.shadowRoot?.querySelector('w3m-router')
      return Boolean(router?.shadowRoot?.querySelector(viewTag))
    },
    tag,
    { timeout }
  )
}

/**
 * The focused element looked up through open shadow roots: its tag, data-testid, and the chain of
 * shadow hosts around it (outermost first), e.g. { tag: 'button', testId: 'connect-button',
 * hosts: ['appkit-button', 'appkit-connect-button'] }.
 */
export function deepActiveElement(page) {
  return page.evaluate(() => {
    let active = document.activeElement
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
    if (!active) return null
    const hosts = []
    for (let root = active.getRootNode(); root instanceof ShadowRoot; root = root.host.getRootNode()) {
      hosts.unshift(root.host.localName)
    }
    return { tag: active.localName, testId: active.getAttribute('data-testid'), hosts }
  })
}

/**
 * Registers the suite's hooks: `prepare` (the build check, or building the React example), then
 * the pages' server and Chromium, stopped after the suite. Returns an object whose `server` and
 * `browser` are set once the hooks ran.
 */
export function usePagesInChromium(prepare = assertPagesBuilt) {
  const pages = { server: undefined, browser: undefined }
  before(async () => {
    prepare()
    pages.server = await startPageServer()
    pages.browser = await launchChromium()
  })
  after(async () => {
    await pages.browser?.close()
    await pages.server?.stop()
  })
  return pages
}

/** The pairing URI in the QR code of the WalletConnect view `tag` (runs in the page). */
function pairingUriIn(tag) {
  return document
    .querySelector('w3m-modal')
    ?.shadowRoot?.querySelector('w3m-router')
    ?.shadowRoot?.querySelector(tag)
    ?.shadowRoot?.querySelector('wui-qr-code')?.uri
}

/**
 * Waits until the WalletConnect view `viewTag` shows a pairing URI in its QR code and returns it;
 * fails naming what went wrong on the page (`problems`) when none comes within 20 s.
 */
export async function waitForPairingUri(page, viewTag, problems) {
  const deadline = Date.now() + 20_000
  for (;;) {
    const uri = await page.evaluate(pairingUriIn, viewTag)
    if (typeof uri === 'string' && uri.startsWith('wc:')) return uri
    if (Date.now() > deadline) assert.fail(`no pairing URI; problems: ${problems.join('; ')}`)
    await page.waitForTimeout(100)
  }
}

/**
 * The sign-in sessions the backend at `api` keeps for `address` on `chainId` (default Local Chain A),
 * asked as the browser holding `token` (its bearer token) would ask: GET /v1/siwx/sessions, which
 * must answer 200.
 */
export async function siwxSessionsOnServer(api, token, address, chainId = 'eip155:31337') {
  const url = new URL('/v1/siwx/sessions', api)
  url.search = new URLSearchParams({
    projectId: 'appkit-local',
    st: 'appkit',
    sv: 'e2e',
    chainId,
    address
  }).toString()
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } })
  if (response.status !== 200) throw new Error(`GET /v1/siwx/sessions answered ${response.status}`)
  return (await response.json()).sessions
}
