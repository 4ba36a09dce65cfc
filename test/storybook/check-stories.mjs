// Opens every story of the built Storybook (storybook-static/) in headless Chromium and fails on
// any console error, uncaught exception, render error, play-function failure, empty story or
// custom element that never registered. Prints one line per story, then
// `storybook: N passed, M failed`; exits 1 when anything failed or no story was found.
// Usage: npm run test:storybook (builds first), or node test/storybook/check-stories.mjs.
// Environment: STORYBOOK_STATIC_DIR (another build), STORYBOOK_URL (a running `npm run storybook`),
// STORYBOOK_CHECK_CONCURRENCY (pages at once, default 2).
/* global window, document, customElements -- listenForOutcome and waitForStory run in the page */
import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, ensureChromium } from '../../scripts/chromium.mjs'

/** The built Storybook: storybook-static/, or STORYBOOK_STATIC_DIR (or see STORYBOOK_URL below). */
const ROOT = process.env.STORYBOOK_STATIC_DIR
  ? resolve(process.env.STORYBOOK_STATIC_DIR)
  : resolve(fileURLToPath(new URL('../../storybook-static/', import.meta.url)))
const STORY_TIMEOUT_MS = 15_000
/** Stories checked at once, each in its own page (STORYBOOK_CHECK_CONCURRENCY; default 2). */
const CONCURRENCY = Math.max(1, Number(process.env.STORYBOOK_CHECK_CONCURRENCY) || 2)

const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8'
}

/** A static file server for ROOT on 127.0.0.1 and a free port. */
async function serveStatic() {
  const server = createServer(async (request, response) => {
    try {
      const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname)
      let file = normalize(join(ROOT, pathname))
      if (file !== ROOT && !file.startsWith(ROOT + sep)) {
        response.writeHead(403).end()
        return
      }
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html')
      await stat(file)
      // Built assets have content hashes in their names: let the browser cache them.
      const cacheControl = pathname.startsWith('/assets/') || pathname.startsWith('/sb-') ? 'max-age=3600' : 'no-cache'
      response.writeHead(200, {
        'content-type': MIME_TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': cacheControl
      })
      createReadStream(file).pipe(response)
    } catch {
      response.writeHead(404).end()
    }
  })
  await new Promise((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolveListen)
  })
  const address = server.address()
  return { server, origin: `http://127.0.0.1:${address.port}` }
}

/** The stories of index.json (docs entries are left out), from the built files or a running Storybook. */
async function readStories(origin) {
  let text
  if (process.env.STORYBOOK_URL) {
    const response = await fetch(`${origin}/index.json`)
    if (!response.ok) throw new Error(`${origin}/index.json answered ${response.status}`)
    text = await response.text()
  } else {
    const file = join(ROOT, 'index.json')
    text = await readFile(file, 'utf8').catch(() => {
      throw new Error(`${file} is missing: run "npm run build-storybook" first`)
    })
  }
  const index = JSON.parse(text)
  return Object.values(index.entries ?? {}).filter(entry => entry.type === 'story')
}

/**
 * Runs in the page before Storybook: listens on Storybook's channel for the story's outcome
 * (finished with success or error, exceptions, play-function failures).
 */
function listenForOutcome() {
  const outcome = { status: undefined, errors: [] }
  window.__storyCheck = outcome
  const describe = value =>
    value && typeof value === 'object' ? (value.message ?? value.title ?? JSON.stringify(value)) : String(value)
  let channel
  Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => channel,
    set: value => {
      channel = value
      value.on('storyFinished', event => (outcome.status = event?.status ?? 'unknown'))
      value.on('storyErrored', event => outcome.errors.push(`story errored: ${describe(event)}`))
      value.on('storyThrewException', event => outcome.errors.push(`story threw: ${describe(event)}`))
      value.on('playFunctionThrewException', event => outcome.errors.push(`play failed: ${describe(event)}`))
      value.on('unhandledErrorsWhilePlaying', events =>
        outcome.errors.push(`unhandled errors while playing: ${[].concat(events).map(describe).join('; ')}`)
      )
      value.on('storyMissing', id => outcome.errors.push(`story missing: ${id}`))
    }
  })
}

/**
 * Waits until Storybook has finished the story (render, play, afterEach), then reads the outcome:
 * its channel's errors and status, its error display, or an empty root. Returns error messages.
 */
async function waitForStory(page) {
  const handle = await page.waitForFunction(
    () => {
      const outcome = window.__storyCheck
      const phase = window.__STORYBOOK_PREVIEW__?.currentRender?.phase
      const ended = outcome?.status !== undefined || phase === 'finished' || phase === 'aborted'
      const errorShown = document.body.classList.contains('sb-show-errordisplay')
      if (!ended && !errorShown && !outcome?.errors.length) return false
      const errors = [...(outcome?.errors ?? [])]
      if (errorShown) {
        const title = document.querySelector('#error-message')?.textContent?.trim() ?? ''
        errors.push(`Storybook error display: ${title}`)
      }
      if (outcome?.status === 'error' && errors.length === 0) errors.push('the story finished with status "error"')
      if (phase === 'aborted') errors.push('the story was aborted')
      const root = document.querySelector('#storybook-root')
      const hasContent = [...(root?.querySelectorAll('*') ?? [])].some(element => element.id !== 'root-inner')
      if (!hasContent && errors.length === 0) errors.push('#storybook-root is empty')
      // A custom element that never registered (a dropped side-effect import) renders as nothing.
      const undefinedTags = new Set()
      const visit = node => {
        for (const element of node.querySelectorAll('*')) {
          if (element.localName.includes('-') && !customElements.get(element.localName))
            undefinedTags.add(element.localName)
          if (element.shadowRoot) visit(element.shadowRoot)
        }
      }
      if (root) visit(root)
      if (undefinedTags.size > 0) errors.push(`custom elements never defined: ${[...undefinedTags].join(', ')}`)
      return errors
    },
    undefined,
    { timeout: STORY_TIMEOUT_MS, polling: 50 }
  )
  return handle.jsonValue()
}

/** One line of a possibly multi-line message (a stack trace adds nothing to the report). */
function firstLine(text) {
  return String(text).trim().split('\n')[0]
}

/** Chromium asks for /favicon.ico by itself (iframe.html declares no icon): its 404 is no story's fault. */
function isFaviconRequest(message) {
  const url = message.location()?.url
  return Boolean(url) && new URL(url).pathname === '/favicon.ico'
}

async function checkStory(browser, origin, story) {
  const failures = []
  // Each story in a fresh context, as a fresh visitor: no storage left by the stories before it.
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } })
  const page = await context.newPage()
  await page.addInitScript(listenForOutcome)
  page.on('console', message => {
    if (message.type() !== 'error' || isFaviconRequest(message)) return
    failures.push(`console error: ${firstLine(message.text())}`)
  })
  page.on('pageerror', error => failures.push(`page error: ${firstLine(error.message)}`))
  try {
    await page.goto(`${origin}/iframe.html?id=${encodeURIComponent(story.id)}&viewMode=story`, { waitUntil: 'commit' })
    failures.push(...(await waitForStory(page)).map(firstLine))
    // Let what the story started settle (lazy views, 150 ms transitions) so late errors show.
    await page.waitForTimeout(200)
  } catch (error) {
    failures.push(firstLine(error instanceof Error ? error.message : error))
  } finally {
    await context.close()
  }
  return failures
}

async function main() {
  // STORYBOOK_URL checks a running Storybook (npm run storybook) instead of serving the build.
  const served = process.env.STORYBOOK_URL ? undefined : await serveStatic()
  const origin = served?.origin ?? process.env.STORYBOOK_URL.replace(/\/$/, '')
  const stopServer = () => (served ? new Promise(resolveClose => served.server.close(resolveClose)) : undefined)
  let stories
  try {
    stories = await readStories(origin)
  } catch (error) {
    await stopServer()
    throw error
  }
  if (stories.length === 0) {
    await stopServer()
    console.log(`storybook: no stories found at ${origin}/index.json`)
    console.log('storybook: 0 passed, 0 failed')
    return 1
  }
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS, headless: true })
  const results = new Array(stories.length)
  let printed = 0
  let passed = 0
  let failed = 0
  /** Prints finished results in index order, as soon as every earlier story has finished. */
  const flush = () => {
    while (printed < stories.length && results[printed]) {
      const story = stories[printed]
      const failures = results[printed]
      const label = `${story.title} / ${story.name} (${story.id})`
      if (failures.length === 0) {
        passed += 1
        console.log(`ok   ${label}`)
      } else {
        failed += 1
        console.log(`FAIL ${label}: ${failures.join(' | ')}`)
      }
      printed += 1
    }
  }
  try {
    let next = 0
    const worker = async () => {
      while (next < stories.length) {
        const index = next++
        results[index] = await checkStory(browser, origin, stories[index])
        flush()
      }
    }
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, stories.length) }, worker))
  } finally {
    await browser.close()
    await stopServer()
  }
  console.log(`storybook: ${passed} passed, ${failed} failed`)
  return failed > 0 ? 1 : 0
}

main().then(
  code => {
    process.exitCode = code
  },
  error => {
    console.error(error)
    console.log('storybook: 0 passed, 1 failed')
    process.exitCode = 1
  }
)
