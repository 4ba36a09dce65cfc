/**
 * Shared by test/wallets/*.test.ts: builds the test page (test/wallets/page/) with Vite into a
 * temporary directory, serves it from a tiny node:http server on 127.0.0.1 under a strict
 * Content-Security-Policy, and drives it in Chromium (playwright-core, the project's flags).
 */
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, normalize, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/**
 * What the test page is served with: no inline script or style anywhere (`'self'` only), and
 * `connect-src` opened to the local chains and the Solana runtime on 127.0.0.1.
 */
export const TEST_PAGE_CSP = "default-src 'self'; connect-src 'self' http://127.0.0.1:* ws://127.0.0.1:*"

/** Builds test/wallets/page/ into a fresh temporary directory; returns it and how long it took. */
export async function buildTestPage(): Promise<{ dir: string; ms: number; remove(): void }> {
  const started = performance.now()
  const dir = mkdtempSync(join(tmpdir(), 'appkit-wallet-page-'))
  const { build } = await import('vite')
  await build({
    configFile: join(ROOT, 'test/wallets/page/vite.config.ts'),
    logLevel: 'error',
    build: { outDir: dir, emptyOutDir: true }
  })
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`the test page build wrote no index.html to ${dir}`)
  return { dir, ms: performance.now() - started, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json'
}

/** Serves `dir` on 127.0.0.1 (a free port) with `headers` on every answer. */
export function serveDirectory(
  dir: string,
  headers: Record<string, string> = {}
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname)
    let file = normalize(join(dir, pathname.endsWith('/') ? `${pathname}index.html` : pathname))
    if (file !== dir && !file.startsWith(dir + sep)) file = join(dir, 'missing')
    if (!existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404, { 'Content-Type': 'text/plain', ...headers }).end('Not found\n')
      return
    }
    response.writeHead(200, {
      'Content-Type': MIME[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-store',
      ...headers
    })
    createReadStream(file).pipe(response)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>(done => {
            server.closeAllConnections()
            server.close(() => done())
          })
      })
    })
  })
}

/** Headless Chromium with the project's flags (tools/chromium.mjs installs it where it is missing). */
export async function launchChromium(): Promise<Browser> {
  const chromiumModule = join(ROOT, 'tools/chromium.mjs')
  const { ensureChromium, CHROMIUM_ARGS } = (await import(chromiumModule)) as {
    ensureChromium(): string
    CHROMIUM_ARGS: string[]
  }
  return chromium.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS })
}

export interface OpenedPage {
  context: BrowserContext
  page: Page
  /** Uncaught errors and CSP violations seen on the page. */
  problems: string[]
}

/** A new context (fresh localStorage) and page, recording uncaught errors and CSP violations. */
export async function openContext(browser: Browser): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', error => problems.push(`uncaught: ${error.message}`))
  page.on('console', message => {
    if (message.type() === 'error' && /Content.Security.Policy|Refused to/i.test(message.text())) {
      problems.push(`console: ${message.text()}`)
    }
  })
  await context.exposeBinding('__reportCspViolation', (_source, text: string) =>
    problems.push(`CSP violation: ${text}`)
  )
  await context.addInitScript(() => {
    // Runs in the page; this file is Node code, typed without the DOM: the page's document as used here.
    interface Violation {
      violatedDirective: string
      blockedURI: string
      sourceFile: string
      lineNumber: number
    }
    const { document } = globalThis as unknown as {
      document: { addEventListener(type: 'securitypolicyviolation', listener: (event: Violation) => void): void }
    }
    document.addEventListener('securitypolicyviolation', event => {
      const report = (globalThis as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation
      report?.(
        `${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`
      )
    })
  })
  return { context, page, problems }
}

/** Opens the test page and waits until both wallets are installed. */
export async function gotoTestPage(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.waitForSelector('body[data-ready="true"]', { timeout: 10_000 })
}

/** Resolves when `check` is true, polling every 50 ms; rejects after `ms`. */
export async function waitUntil(check: () => boolean | Promise<boolean>, ms = 5000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what} not met within ${ms} ms`)
    await new Promise(resolve => setTimeout(resolve, 50))
  }
}

export interface JsonRpcRequest {
  method: string
  params: unknown[]
}

/** What a proxy's `answer` returns to answer a request itself; undefined forwards it. */
export type JsonRpcAnswer = { result: unknown } | { error: { code: number; message: string } } | undefined

/**
 * A JSON-RPC proxy on 127.0.0.1 (a free port) in front of `target`: `answer` may answer a request
 * itself, anything else goes to `target` as it is. It answers CORS like hardhat does, so a page can
 * use it as a chain's RPC URL. For the cases a real node does not produce on demand (a gas estimate
 * that lets a reverting call be mined, a node without evm_snapshot).
 */
export function rpcProxy(
  target: string,
  answer: (request: JsonRpcRequest) => JsonRpcAnswer
): Promise<{ url: string; close(): Promise<void> }> {
  const cors = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type'
  }
  const server = createServer((request, response) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors).end()
      return
    }
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString('utf8')
        const parsed = JSON.parse(body) as { id?: unknown; method?: unknown; params?: unknown }
        const own =
          !Array.isArray(parsed) && typeof parsed.method === 'string'
            ? answer({ method: parsed.method, params: Array.isArray(parsed.params) ? parsed.params : [] })
            : undefined
        const text = own
          ? JSON.stringify({ jsonrpc: '2.0', id: parsed.id ?? null, ...own })
          : await (
              await fetch(target, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })
            ).text()
        response.writeHead(200, { 'Content-Type': 'application/json', ...cors }).end(text)
      })().catch((error: unknown) => {
        response.writeHead(502, cors).end(String(error))
      })
    })
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>(done => {
            server.closeAllConnections()
            server.close(() => done())
          })
      })
    })
  })
}
