// The visual half of the story check (check-stories.mjs): each story in light and dark (locale
// en) is screenshotted in the page the check already shows it in, cropped to what the story
// draws, and compared with its committed baseline (test/visual/baselines/<story id>--<theme>.png)
// with pixelmatch (threshold 0.1, anti-aliased pixels ignored). A changed pixel fails with the
// actual image and a diff image in test-results/visual/; a story without a baseline fails, and so
// does a baseline without a story. `--update` writes the baselines instead (a baseline whose
// pixels did not change is left as it is, so an update touches only what changed).
// docs/testing.md ("Visual regression") says how the screenshots are made deterministic.
/* global window, document, getComputedStyle, requestAnimationFrame, CSSStyleSheet, HTMLImageElement -- the in-page functions run in the story's page */
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'

/** The committed baselines, one PNG per story and theme. */
export const BASELINE_DIR = fileURLToPath(new URL('../visual/baselines/', import.meta.url))
/** Where a failed comparison leaves its actual and diff images. */
export const RESULTS_DIR = fileURLToPath(new URL('../../test-results/visual/', import.meta.url))
/** The combinations screenshotted: both themes, in the source locale. */
export const VISUAL_COMBINATIONS = [
  { theme: 'light', locale: 'en' },
  { theme: 'dark', locale: 'en' }
]
/** The viewport's width for every story the check shows (the modal's narrow, phone layout). */
export const VISUAL_WIDTH = 360
/** pixelmatch's per-pixel colour distance (0 to 1) below which two pixels are the same. */
const THRESHOLD = 0.1
/**
 * What changes from one day to the next whatever the code does, hidden under a flat magenta box in
 * the screenshot (Playwright's `mask`; its CSS selectors pierce shadow roots): every <time>
 * element, which shows how long ago something happened (Activity's "7 d", from fixed fixture dates
 * and the real clock). The QR codes draw the fixtures' fixed URIs, the other dates and amounts are
 * the fixtures', and the spinners stop under reduced motion, so nothing else needs it.
 */
const MASKED = ['time']
const MASK_COLOR = '#ff00ff'

/** `<story id>--<theme>.png` */
export function baselineName(storyId, theme) {
  return `${storyId}--${theme}.png`
}

/** The baselines' file names. */
export async function listBaselines() {
  const files = await readdir(BASELINE_DIR).catch(() => [])
  return files.filter(file => file.endsWith('.png')).sort()
}

/**
 * Runs in the page: motion stopped (the kit's reduced-motion rules apply, running animations
 * finished, infinite ones cancelled), the text caret and the focus ring hidden in the document and
 * every shadow root (and the toast, with `hideToasts`),
 * the pinned fonts and every image loaded. Resolves with the box (page coordinates) of what the
 * story draws: #storybook-root and every visible element under it, shadow roots included (a modal
 * is fixed to the viewport, outside the root's own box), within the page.
 */
function prepareInPage({ hideToasts }) {
  const roots = [document]
  const collect = node => {
    for (const element of node.querySelectorAll('*')) {
      if (element.shadowRoot) {
        roots.push(element.shadowRoot)
        collect(element.shadowRoot)
      }
    }
  }
  collect(document)
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(
    '*, *::before, *::after { caret-color: transparent !important; }' +
      // The focus ring: which control the modal focused first depends on what had rendered by
      // then (a chip that comes later), so the ring would move from one run to the next.
      ' :host, :root { --w3m-focus-ring: 0 0 0 0 transparent !important; }' +
      (hideToasts ? ' w3m-toast { visibility: hidden !important; }' : '')
  )
  for (const root of roots) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
  window.__visualSheet = sheet
  for (const animation of document.getAnimations()) {
    const { iterations } = animation.effect?.getComputedTiming() ?? {}
    if (iterations === Infinity) animation.cancel()
    else animation.finish()
  }
  const images = roots.flatMap(root => [...root.querySelectorAll('img')]).filter(img => img instanceof HTMLImageElement)
  const loaded = Promise.all(images.map(img => (img.complete ? undefined : img.decode().catch(() => undefined))))
  const frame = () => new Promise(resolve => requestAnimationFrame(() => resolve()))
  const timeout = new Promise(resolve => setTimeout(resolve, 3000))
  return Promise.race([Promise.all([document.fonts.ready, loaded]), timeout])
    .then(frame)
    .then(frame)
    .then(() => {
      const root = document.querySelector('#storybook-root')
      const pageWidth = document.documentElement.scrollWidth
      const pageHeight = document.documentElement.scrollHeight
      let box
      const add = rect => {
        if (rect.width <= 0 || rect.height <= 0) return
        const left = Math.max(0, rect.left + window.scrollX)
        const top = Math.max(0, rect.top + window.scrollY)
        const right = Math.min(pageWidth, rect.right + window.scrollX)
        const bottom = Math.min(pageHeight, rect.bottom + window.scrollY)
        if (right <= left || bottom <= top) return
        box = box
          ? {
              left: Math.min(box.left, left),
              top: Math.min(box.top, top),
              right: Math.max(box.right, right),
              bottom: Math.max(box.bottom, bottom)
            }
          : { left, top, right, bottom }
      }
      // A box as large as the viewport (a modal's backdrop, a fullscreen story's root) is the
      // page, not the story: what is inside it counts.
      const coversViewport = rect => rect.width >= window.innerWidth && rect.height >= window.innerHeight
      const visit = node => {
        for (const element of node.querySelectorAll('*')) {
          const style = getComputedStyle(element)
          const rect = element.getBoundingClientRect()
          if (style.display !== 'contents' && style.visibility !== 'hidden' && !coversViewport(rect)) add(rect)
          if (element.shadowRoot) visit(element.shadowRoot)
        }
      }
      if (root) {
        const rect = root.getBoundingClientRect()
        if (!coversViewport(rect)) add(rect)
        visit(root)
      }
      if (!box) return undefined
      const x = Math.floor(box.left)
      const y = Math.floor(box.top)
      return { x, y, width: Math.ceil(box.right) - x, height: Math.ceil(box.bottom) - y }
    })
}

/** Runs in the page: takes the caret style out again (the story is shown in more combinations). */
function restoreInPage() {
  const sheet = window.__visualSheet
  if (!sheet) return
  const unadopt = root => {
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter(adopted => adopted !== sheet)
    for (const element of root.querySelectorAll('*')) if (element.shadowRoot) unadopt(element.shadowRoot)
  }
  unadopt(document)
  delete window.__visualSheet
}

/**
 * The story's screenshot as a PNG buffer, motion off and cropped to what the story draws.
 * `hideToasts`: the toast is left out (hidden, not masked): it closes by itself 5 s after it opened
 * (docs/behaviour.md section 4), so a story that seeds one besides its view (Activity's fetch
 * error) would show it or not depending on how long the page took; the Toast stories keep it.
 */
export async function screenshotStory(page, { hideToasts = true } = {}) {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  try {
    const clip = await page.evaluate(prepareInPage, { hideToasts })
    if (!clip) throw new Error('the story draws nothing to screenshot')
    return await page.screenshot({
      clip,
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      mask: MASKED.map(selector => page.locator(selector)),
      maskColor: MASK_COLOR
    })
  } finally {
    await page.evaluate(restoreInPage).catch(() => undefined)
    await page.emulateMedia({ reducedMotion: null })
  }
}

function decode(buffer) {
  return PNG.sync.read(buffer)
}

/** PNG at the highest compression, every row filter tried: the baselines stay small in git. */
function encode(png) {
  return PNG.sync.write(png, { deflateLevel: 9, filterType: -1 })
}

/** Pixels that differ beyond the threshold (anti-aliasing ignored), and the diff image. */
function compare(expected, actual) {
  const { width, height } = expected
  const diff = new PNG({ width, height })
  const changed = pixelmatch(expected.data, actual.data, diff.data, width, height, {
    threshold: THRESHOLD,
    includeAA: false
  })
  return { changed, diff }
}

/**
 * Compares the screenshot with the story's baseline, or writes the baseline (`update`). Returns
 * the failures (empty: the same); a failure leaves `<name>.actual.png` and `<name>.diff.png` in
 * RESULTS_DIR.
 */
export async function checkScreenshot(storyId, theme, screenshot, { update = false } = {}) {
  const name = baselineName(storyId, theme)
  const baselineFile = join(BASELINE_DIR, name)
  const actual = decode(screenshot)
  const stored = await readFile(baselineFile).catch(() => undefined)
  const expected = stored ? decode(stored) : undefined
  const sameSize = expected && expected.width === actual.width && expected.height === actual.height
  const result = sameSize ? compare(expected, actual) : undefined
  if (update) {
    if (result?.changed === 0) return { failures: [], written: false }
    await mkdir(BASELINE_DIR, { recursive: true })
    await writeFile(baselineFile, encode(actual))
    return { failures: [], written: true }
  }
  const stem = join(RESULTS_DIR, name.replace(/\.png$/, ''))
  const rerun = 'run "npm run test:visual -- --update" to write it'
  if (!expected) {
    await saveResult(`${stem}.actual.png`, actual)
    return { failures: [`visual: no baseline ${name}: ${rerun} (actual image: ${stem}.actual.png)`] }
  }
  if (!sameSize) {
    await saveResult(`${stem}.actual.png`, actual)
    return {
      failures: [
        `visual: the size changed from ${expected.width}x${expected.height} to ${actual.width}x${actual.height} px ` +
          `(actual image: ${stem}.actual.png; ${rerun} if the change is wanted)`
      ]
    }
  }
  if (result.changed === 0) {
    // What an earlier run left for this screenshot is out of date now.
    await Promise.all([`${stem}.actual.png`, `${stem}.diff.png`].map(file => rm(file, { force: true })))
    return { failures: [] }
  }
  await saveResult(`${stem}.actual.png`, actual)
  await saveResult(`${stem}.diff.png`, result.diff)
  return {
    failures: [
      `visual: ${result.changed} pixels differ from ${name} (diff image: ${stem}.diff.png, actual: ${stem}.actual.png; ` +
        `${rerun} if the change is wanted)`
    ]
  }
}

async function saveResult(file, png) {
  await mkdir(RESULTS_DIR, { recursive: true })
  // A fast encoding: these are for a person to look at, not to commit.
  await writeFile(file, PNG.sync.write(png, { deflateLevel: 1 }))
}

/**
 * Baselines no story has any more: a failure each, or (`update`) deleted. `expected` is the set
 * of file names the stories have.
 */
export async function staleBaselines(expected, { update = false } = {}) {
  const stale = (await listBaselines()).filter(file => !expected.has(file))
  if (update) {
    await Promise.all(stale.map(file => rm(join(BASELINE_DIR, file))))
    return []
  }
  return stale.map(
    file => `visual: ${file} is the baseline of no story: delete it (npm run test:visual -- --update does)`
  )
}
