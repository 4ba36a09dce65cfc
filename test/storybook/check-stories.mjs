// Opens every story of the built Storybook (storybook-static/) in headless Chromium, once in each
// combination of theme (light, dark) and locale (en, ar), and fails on any console error, uncaught
// exception, render error, play-function failure, empty story, custom element that never
// registered, locale that did not load, or axe violation (axe-check.mjs: WCAG 2.2 AA and best
// practices). Each story in each combination is one check: one line each, then
// `storybook: N passed, M failed`; exits 1 when anything failed or no story was found.
// Usage: npm run test:storybook (builds first), or node test/storybook/check-stories.mjs.
// Environment: STORYBOOK_STATIC_DIR (another build), STORYBOOK_URL (a running `npm run storybook`),
// STORYBOOK_CHECK_CONCURRENCY (pages at once, default 2), STORYBOOK_CHECK_FILTER (only the stories
// whose id contains it), STORYBOOK_CHECK_REPORT (a file to write every failure to, as JSON).
/* global window, document, customElements -- listenForOutcome and waitForStory run in the page */
import { createReadStream } from 'node:fs'
import { readFile, stat, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, ensureChromium } from '../../scripts/chromium.mjs'
import { describeViolations, runAxe } from './axe-check.mjs'

/** The built Storybook: storybook-static/, or STORYBOOK_STATIC_DIR (or see STORYBOOK_URL below). */
const ROOT = process.env.STORYBOOK_STATIC_DIR
  ? resolve(process.env.STORYBOOK_STATIC_DIR)
  : resolve(fileURLToPath(new URL('../../storybook-static/', import.meta.url)))
const STORY_TIMEOUT_MS = 15_000
/** Checks run at once, each in its own page and browser context (STORYBOOK_CHECK_CONCURRENCY; default 2). */
const CONCURRENCY = Math.max(1, Number(process.env.STORYBOOK_CHECK_CONCURRENCY) || 2)
/** The toolbar globals of .storybook/preview.ts each story is checked in: ar is the right-to-left locale. */
const COMBINATIONS = [
  { theme: 'light', locale: 'en' },
  { theme: 'dark', locale: 'en' },
  { theme: 'light', locale: 'ar' },
  { theme: 'dark', locale: 'ar' }
]

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
  const filter = process.env.STORYBOOK_CHECK_FILTER ?? ''
  return Object.values(index.entries ?? {}).filter(entry => entry.type === 'story' && entry.id.includes(filter))
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
  await page.evaluate(() => {
    delete window.__undefinedSince
  })
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
      if (undefinedTags.size > 0) {
        // A lazily loaded element (a tab's panel loads its chunk when shown) may still be on its
        // way when the story ends: it gets 5 s to register before it counts as never defined.
        window.__undefinedSince ??= Date.now()
        if (Date.now() - window.__undefinedSince < 5000) return false
        errors.push(`custom elements never defined: ${[...undefinedTags].join(', ')}`)
      }
      return errors
    },
    undefined,
    { timeout: STORY_TIMEOUT_MS, polling: 50 }
  )
  return handle.jsonValue()
}

/**
 * Waits until the preview shows the story in the combination's theme and locale (.storybook/preview.ts
 * marks both on <html> once applied). Returns error messages: a locale that did not load.
 */
async function waitForCombination(page, combination) {
  const handle = await page.waitForFunction(
    ({ theme, locale }) => {
      const { appkitTheme, appkitLocale, appkitLocaleError } = document.documentElement.dataset
      if (appkitLocaleError) return [`the locale did not load: ${appkitLocaleError}`]
      return appkitTheme === theme && appkitLocale === locale ? [] : false
    },
    combination,
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

/** The story's iframe URL with the combination as Storybook globals (`globals=theme:dark;locale:ar`). */
function storyUrl(origin, story, { theme, locale }) {
  const globals = `theme:${theme};locale:${locale}`
  return `${origin}/iframe.html?id=${encodeURIComponent(story.id)}&viewMode=story&globals=${encodeURIComponent(globals)}`
}

/**
 * Checks one story in one combination: its failures (render, console, locale) and axe violations.
 * The page opens in the worker's own browser context with the origin's storage cleared first
 * (local and session storage, IndexedDB, cookies, caches, service workers), so each check is a
 * fresh visitor; the context's HTTP and compiled-code cache stays warm (a third less time).
 */
async function checkStory(context, origin, story, combination) {
  const failures = []
  const violations = []
  const page = await context.newPage()
  const devtools = await context.newCDPSession(page)
  await devtools.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })
  await devtools.detach()
  await page.addInitScript(listenForOutcome)
  page.on('console', message => {
    if (message.type() !== 'error' || isFaviconRequest(message)) return
    failures.push(`console error: ${firstLine(message.text())}`)
  })
  page.on('pageerror', error => failures.push(`page error: ${firstLine(error.message)}`))
  try {
    await page.goto(storyUrl(origin, story, combination), { waitUntil: 'commit' })
    failures.push(...(await waitForStory(page)).map(firstLine))
    failures.push(...(await waitForCombination(page, combination)))
    // Let what the story started settle (lazy views, 150 ms transitions) so late errors show.
    await page.waitForTimeout(200)
    violations.push(...(await runAxe(page)))
  } catch (error) {
    failures.push(firstLine(error instanceof Error ? error.message : error))
  } finally {
    await page.close()
  }
  return { failures, violations }
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
  const checks = stories.flatMap(story => COMBINATIONS.map(combination => ({ story, combination })))
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS, headless: true })
  const results = new Array(checks.length)
  let printed = 0
  let passed = 0
  let failed = 0
  /** Prints finished results in index order, as soon as every earlier check has finished. */
  const flush = () => {
    while (printed < checks.length && results[printed]) {
      const { story, combination } = checks[printed]
      const { failures, violations } = results[printed]
      const label = `${story.title} / ${story.name} (${story.id}) [${combination.theme} ${combination.locale}]`
      if (failures.length === 0 && violations.length === 0) {
        passed += 1
        console.log(`ok   ${label}`)
      } else {
        failed += 1
        const axeLines = describeViolations(violations).map(message => `\n    ${message}`)
        console.log(`FAIL ${label}${failures.length ? `: ${failures.join(' | ')}` : ':'}${axeLines.join('')}`)
      }
      printed += 1
    }
  }
  try {
    let next = 0
    const worker = async () => {
      // One context per worker, never shared by two pages at once.
      const context = await browser.newContext({ viewport: { width: 1024, height: 768 } })
      try {
        while (next < checks.length) {
          const index = next++
          const { story, combination } = checks[index]
          results[index] = await checkStory(context, origin, story, combination).catch(error => ({
            failures: [`the check did not run: ${firstLine(error instanceof Error ? error.message : error)}`],
            violations: []
          }))
          flush()
        }
      } finally {
        await context.close()
      }
    }
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, checks.length) }, worker))
  } finally {
    await browser.close()
    await stopServer()
  }
  summarizeViolations(checks, results)
  if (process.env.STORYBOOK_CHECK_REPORT) await writeReport(process.env.STORYBOOK_CHECK_REPORT, checks, results)
  console.log(`storybook: ${passed} passed, ${failed} failed`)
  return failed > 0 ? 1 : 0
}

/** After the per-check lines: each violated axe rule once, with how many checks it failed. */
function summarizeViolations(checks, results) {
  const byRule = new Map()
  results.forEach(({ violations }, index) => {
    for (const { rule, impact } of violations) {
      const entry = byRule.get(rule) ?? { impact, checks: 0, stories: new Set() }
      entry.checks += 1
      entry.stories.add(checks[index].story.id)
      byRule.set(rule, entry)
    }
  })
  if (byRule.size === 0) return
  console.log('axe violations by rule:')
  for (const [rule, { impact, checks: count, stories }] of byRule)
    console.log(`  ${rule} (${impact}): ${count} checks, ${stories.size} stories`)
}

/** Every failed check as JSON: story, theme, locale, failures and axe violations with their nodes. */
async function writeReport(file, checks, results) {
  const failedChecks = checks
    .map(({ story, combination }, index) => ({ story: story.id, ...combination, ...results[index] }))
    .filter(check => check.failures.length > 0 || check.violations.length > 0)
  await writeFile(file, `${JSON.stringify(failedChecks, null, 2)}\n`)
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
