// Shows every story of the built Storybook (storybook-static/) in headless Chromium, one page per
// worker that goes from story to story as the sidebar does, and checks it in each combination of
// theme (light, dark) and locale (en, ar); fails on any console error, uncaught
// exception, render error, play-function failure, empty story, custom element that never
// registered, locale that did not load, or axe violation (axe-check.mjs: WCAG 2.2 AA and best
// practices). In the light and dark combinations of locale en it also compares the story's
// screenshot with its committed baseline (visual-check.mjs). Each story in each combination is one
// check, and each screenshot one more: one line each, then `storybook: N passed, M failed`; exits 1
// when anything failed or no story was found. The viewport is 360 px wide (a phone).
// Usage: npm run test:storybook (builds first), or node test/storybook/check-stories.mjs.
// `--visual`: only the screenshots (locale en, no axe): `npm run test:visual` (builds first);
// `--update` (with or without --visual) writes the baselines and docs/gallery.md instead of
// comparing (npm run test:visual -- --update).
// Environment: STORYBOOK_STATIC_DIR (another build), STORYBOOK_URL (a running `npm run storybook`),
// STORYBOOK_CHECK_CONCURRENCY (pages at once, default 4), STORYBOOK_CHECK_FILTER (only the stories
// whose id contains it), STORYBOOK_CHECK_REPORT (a file to write every failure to, as JSON).
import { createReadStream } from 'node:fs'
import { readFile, stat, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, ensureChromium } from '../../tools/chromium.mjs'
import { writeGallery } from '../../tools/visual-gallery.mjs'
import { describeViolations, injectAxe, runAxe } from './axe-check.mjs'
import { listenForOutcome, switchCombination, switchStory, waitForCombination, waitForStory } from './story-page.mjs'
import {
  VISUAL_COMBINATIONS,
  VISUAL_WIDTH,
  baselineName,
  checkScreenshot,
  screenshotStory,
  staleBaselines
} from './visual-check.mjs'

/** The built Storybook: storybook-static/, or STORYBOOK_STATIC_DIR (or see STORYBOOK_URL below). */
const ROOT = process.env.STORYBOOK_STATIC_DIR
  ? resolve(process.env.STORYBOOK_STATIC_DIR)
  : resolve(fileURLToPath(new URL('../../storybook-static/', import.meta.url)))
/**
 * Stories checked at once, each worker with its own browser context and one page at a time
 * (STORYBOOK_CHECK_CONCURRENCY; default 4: on a 2-core machine the pages beyond two fill the time
 * the others wait on the network, timers, the settling pause and Chromium's compositor. Measured on
 * this machine, quiet, the 716 checks: 198 s with 3, 165 s with 4, 180 s with 5, 181 s with 6).
 */
const CONCURRENCY = Math.max(1, Number(process.env.STORYBOOK_CHECK_CONCURRENCY) || 4)
/** How long the check waits before it takes a differing story's screenshot a second time. */
const SCREENSHOT_RETRY_MS = 500
/** `--visual`: only the screenshots; `--update`: write the baselines (see the top of this file). */
const VISUAL_ONLY = process.argv.includes('--visual')
const UPDATE = process.argv.includes('--update')
/**
 * The toolbar globals of apps/storybook/.storybook/preview.ts each story is checked in: ar is the
 * right-to-left locale. With --visual only the screenshotted ones (VISUAL_COMBINATIONS).
 */
const COMBINATIONS = VISUAL_ONLY
  ? VISUAL_COMBINATIONS
  : [
      { theme: 'light', locale: 'en' },
      { theme: 'dark', locale: 'en' },
      { theme: 'light', locale: 'ar' },
      { theme: 'dark', locale: 'ar' }
    ]
/** For each combination, its screenshot's index in VISUAL_COMBINATIONS (-1: none taken). */
const VISUAL_INDEX = COMBINATIONS.map(({ theme, locale }) =>
  VISUAL_COMBINATIONS.findIndex(visual => visual.theme === theme && visual.locale === locale)
)
/** Checks per story: one per combination (none with --visual), one per screenshot. */
const CHECKS_PER_STORY = (VISUAL_ONLY ? 0 : COMBINATIONS.length) + VISUAL_COMBINATIONS.length

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

/** A screenshot check that failed because the story did not show (not a difference). */
function isNotShown({ failures }) {
  return failures.some(failure => failure.startsWith('visual: no screenshot'))
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
 * A worker's page, which shows one story after another. The first story, and any story after a
 * check that did not run to its end, loads the page afresh with the origin's storage cleared
 * (local and session storage, IndexedDB, cookies, caches, service workers); every other story is
 * switched to in the page (switchStory: as the sidebar does, storage emptied). Each story is then
 * checked in every combination, starting with the page's current one; each other combination is
 * switched to in the page (switchCombination: the toolbar globals, then the story mounted afresh).
 */
function storyChecker(context, origin) {
  let page
  let failures = []
  /** The page shows a story in COMBINATIONS[current] and has axe; false: load it afresh. */
  let ready = false
  let current = 0

  async function openPage() {
    await page?.close()
    page = await context.newPage()
    const devtools = await context.newCDPSession(page)
    await devtools.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })
    await devtools.detach()
    await page.addInitScript(listenForOutcome)
    page.on('console', message => {
      if (message.type() !== 'error' || isFaviconRequest(message)) return
      failures.push(`console error: ${firstLine(message.text())}`)
    })
    page.on('pageerror', error => failures.push(`page error: ${firstLine(error.message)}`))
  }

  /** Shows the story in COMBINATIONS[index] (a first one: load or switch); returns its failures. */
  async function show(story, index, first) {
    const combination = COMBINATIONS[index]
    const errors = []
    if (!ready) {
      await openPage()
      await page.goto(storyUrl(origin, story, combination), { waitUntil: 'commit' })
      errors.push(...(await waitForStory(page)).map(firstLine))
    } else {
      if (first) await switchStory(page, story.id)
      else errors.push(...(await switchCombination(page, story.id, combination)).map(firstLine))
      errors.push(...(await waitForStory(page, { afterSwitch: true })).map(firstLine))
    }
    errors.push(...(await waitForCombination(page, combination)))
    current = index
    return errors
  }

  /** The story's screenshot in VISUAL_COMBINATIONS[visualIndex], compared with its baseline (or written). */
  async function compareScreenshot(story, visualIndex) {
    try {
      const { theme } = VISUAL_COMBINATIONS[visualIndex]
      const shoot = async () =>
        checkScreenshot(
          story.id,
          theme,
          await screenshotStory(page, { hideToasts: !story.title.startsWith('Toast/') }),
          {
            update: UPDATE
          }
        )
      let { failures: visualFailures } = await shoot()
      // A screenshot that differs is taken once more, SCREENSHOT_RETRY_MS later: a clean run showed
      // a story's text edge one frame from settled (3-4 pixels, once in five runs). A changed look
      // differs twice and fails; the second screenshot's images are the ones left in test-results.
      if (visualFailures.length && !UPDATE) {
        await new Promise(resolveWait => setTimeout(resolveWait, SCREENSHOT_RETRY_MS))
        ;({ failures: visualFailures } = await shoot())
      }
      return { failures: visualFailures, violations: [] }
    } catch (error) {
      return { failures: [`visual: ${firstLine(error instanceof Error ? error.message : error)}`], violations: [] }
    }
  }

  /**
   * Checks one story in every combination: one `{ failures, violations }` each, in COMBINATIONS'
   * order (none with --visual), then one `{ failures, violations }` per screenshot, in
   * VISUAL_COMBINATIONS' order. A screenshot is taken only of a combination shown without failure.
   */
  async function check(story) {
    const results = new Array(COMBINATIONS.length)
    const visuals = VISUAL_COMBINATIONS.map(() => undefined)
    const order = COMBINATIONS.map((_, offset) => (current + offset) % COMBINATIONS.length)
    for (const [step, index] of order.entries()) {
      failures = []
      const violations = []
      results[index] = { failures, violations }
      try {
        const loading = !ready
        failures.push(...(await show(story, index, step === 0)))
        ready = true
        // Let what the story started settle (lazy views, 150 ms transitions) so late errors show.
        await page.waitForTimeout(200)
        if (!VISUAL_ONLY) {
          if (loading) await injectAxe(page)
          violations.push(...(await runAxe(page)))
        }
        // The screenshot after axe: turning reduced motion off again after it starts the kit's
        // entrance animations anew (a view fading in), which axe must not see half-way.
        const visualIndex = VISUAL_INDEX[index]
        if (visualIndex >= 0 && failures.length === 0)
          visuals[visualIndex] = await compareScreenshot(story, visualIndex)
      } catch (error) {
        failures.push(firstLine(error instanceof Error ? error.message : error))
        ready = false
      }
    }
    // A combination that failed has no screenshot: its failures say why (--visual prints no other line).
    const noScreenshot = visualIndex => {
      const shown = results[VISUAL_INDEX.indexOf(visualIndex)]
      return { failures: [`visual: no screenshot: ${shown.failures.join(' | ')}`], violations: [] }
    }
    return [...(VISUAL_ONLY ? [] : results), ...visuals.map((visual, index) => visual ?? noScreenshot(index))]
  }

  return { check, close: () => page?.close() }
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
  const checks = stories.flatMap(story => [
    ...(VISUAL_ONLY ? [] : COMBINATIONS.map(combination => ({ story, combination }))),
    ...VISUAL_COMBINATIONS.map(combination => ({ story, combination, visual: true }))
  ])
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS, headless: true })
  const results = new Array(checks.length)
  let printed = 0
  let passed = 0
  let failed = 0
  /** Prints finished results in index order, as soon as every earlier check has finished. */
  const flush = () => {
    while (printed < checks.length && results[printed]) {
      const { story, combination, visual } = checks[printed]
      const { failures, violations } = results[printed]
      const label = `${story.title} / ${story.name} (${story.id}) [${combination.theme} ${combination.locale}${visual ? ' visual' : ''}]`
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
      // One context per worker, and one page in it at a time.
      // A phone's width (the screenshots' width too); the same for every check, so that the
      // axe checks see the layout the baselines show.
      const context = await browser.newContext({
        viewport: { width: VISUAL_WIDTH, height: 800 },
        deviceScaleFactor: 1,
        // Dates (Activity's month headings) in one time zone and language on every machine.
        timezoneId: 'UTC',
        locale: 'en-US'
      })
      const checker = storyChecker(context, origin)
      try {
        while (next < stories.length) {
          const storyIndex = next++
          const story = stories[storyIndex]
          let storyResults = await checker.check(story)
          // --visual (the baselines' update above all): a story that could not be shown (a page
          // that timed out on a loaded machine) is tried once more, in a page loaded afresh.
          if (VISUAL_ONLY && storyResults.some(isNotShown)) storyResults = await checker.check(story)
          storyResults.forEach((result, offset) => (results[storyIndex * CHECKS_PER_STORY + offset] = result))
          flush()
        }
      } finally {
        await checker.close()
        await context.close()
      }
    }
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, stories.length) }, worker))
  } finally {
    await browser.close()
    await stopServer()
  }
  const wholeRun = !process.env.STORYBOOK_CHECK_FILTER
  if (wholeRun) {
    // Baselines of stories that are gone, and the gallery made from the baselines.
    const expected = new Set(
      stories.flatMap(story => VISUAL_COMBINATIONS.map(({ theme }) => baselineName(story.id, theme)))
    )
    const stale = await staleBaselines(expected, { update: UPDATE })
    const gallery = await writeGallery(stories, { update: UPDATE })
    for (const failure of [...stale, ...gallery]) {
      failed += 1
      console.log(`FAIL ${failure}`)
    }
    if (stale.length + gallery.length === 0) {
      passed += 1
      console.log(
        `ok   visual: every baseline has its story${UPDATE ? ', docs/gallery.md written' : ', docs/gallery.md is up to date'}`
      )
    }
  } else if (UPDATE) console.log('visual: filtered run: stale baselines and docs/gallery.md left as they are')
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
