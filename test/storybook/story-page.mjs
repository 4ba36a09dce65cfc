// The in-page half of the story check (check-stories.mjs): what runs in a story's iframe to learn
// how the story ended, and how a story is shown again in another theme and locale without loading
// the page again (the toolbar globals, as a designer switches them), then mounted afresh so its
// loaders, decorators and play function run once more in the new combination.
/* global window, document, customElements -- these functions run in the page */

/** How long a story gets to finish (render, play, afterEach) and to show its combination. */
export const STORY_TIMEOUT_MS = 15_000
/** The same for a story in a page loaded afresh: Storybook's preview starts first. */
const LOAD_TIMEOUT_MS = 30_000

/**
 * Runs in the page before Storybook: listens on Storybook's channel for the story's outcome
 * (finished with success or error, exceptions, play-function failures) into `window.__storyCheck`,
 * which the check replaces with a fresh record before each combination.
 */
export function listenForOutcome() {
  window.__storyCheck = { status: undefined, errors: [] }
  const describe = value =>
    value && typeof value === 'object' ? (value.message ?? value.title ?? JSON.stringify(value)) : String(value)
  const record = () => window.__storyCheck
  let channel
  Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => channel,
    set: value => {
      channel = value
      value.on('storyFinished', event => (record().status = event?.status ?? 'unknown'))
      value.on('storyErrored', event => record().errors.push(`story errored: ${describe(event)}`))
      value.on('storyThrewException', event => record().errors.push(`story threw: ${describe(event)}`))
      value.on('playFunctionThrewException', event => record().errors.push(`play failed: ${describe(event)}`))
      value.on('unhandledErrorsWhilePlaying', events =>
        record().errors.push(`unhandled errors while playing: ${[].concat(events).map(describe).join('; ')}`)
      )
      value.on('storyMissing', id => record().errors.push(`story missing: ${id}`))
    }
  })
}

/**
 * Waits until Storybook has finished the story (render, play, afterEach), then reads the outcome:
 * its channel's errors and status, its error display, or an empty root. Returns error messages.
 * `afterSwitch`: the story was mounted again in the page, so only its own `storyFinished` counts
 * (the render phase of the render before may still read "finished").
 */
export async function waitForStory(page, { afterSwitch = false } = {}) {
  await page.evaluate(() => {
    delete window.__undefinedSince
  })
  const handle = await page.waitForFunction(
    afterSwitch => {
      const outcome = window.__storyCheck
      const phase = window.__STORYBOOK_PREVIEW__?.currentRender?.phase
      const ended = outcome?.status !== undefined || (!afterSwitch && phase === 'finished') || phase === 'aborted'
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
    afterSwitch,
    { timeout: afterSwitch ? STORY_TIMEOUT_MS : LOAD_TIMEOUT_MS, polling: 50 }
  )
  return handle.jsonValue()
}

/**
 * Waits until the preview shows the story in the combination's theme and locale (apps/storybook/.storybook/preview.ts
 * marks both on <html> once applied). Returns error messages: a locale that did not load.
 */
export async function waitForCombination(page, combination) {
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

/**
 * Shows the story of the page in another combination, as the toolbar does: the globals change
 * (Storybook renders the story again with them), then the story is mounted afresh (torn down,
 * loaders, decorators, render and play function again), as a fresh load would, with the page's
 * local and session storage emptied first so that the visitor is a new one. Resolves once the
 * remount was asked for; `waitForStory(page, { afterSwitch: true })` then reads its outcome.
 */
export async function switchCombination(page, storyId, combination) {
  await page.evaluate(({ theme, locale }) => {
    window.__storyCheck = { status: undefined, errors: [] }
    window.__STORYBOOK_ADDONS_CHANNEL__.emit('updateGlobals', { globals: { theme, locale } })
  }, combination)
  // The globals' own render first, so that the remount does not cancel it half-way.
  const errors = await waitForStory(page, { afterSwitch: true })
  errors.push(...(await waitForCombination(page, combination)))
  await page.evaluate(storyId => {
    window.localStorage.clear()
    window.sessionStorage.clear()
    window.__storyCheck = { status: undefined, errors: [] }
    window.__STORYBOOK_ADDONS_CHANNEL__.emit('forceRemount', { storyId })
  }, storyId)
  return errors
}

/**
 * Shows another story in the page, as Storybook's sidebar does (its `setCurrentStory` event): the
 * story before is torn down and the next one rendered in the page's current globals, with its
 * loaders, decorators (the kit's stores reset) and play function; the page's local and session
 * storage are emptied first, so that the visitor is a new one. `waitForStory(page, { afterSwitch:
 * true })` then reads its outcome.
 */
export async function switchStory(page, storyId) {
  await page.evaluate(storyId => {
    window.localStorage.clear()
    window.sessionStorage.clear()
    window.__storyCheck = { status: undefined, errors: [] }
    window.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId, viewMode: 'story' })
  }, storyId)
}
