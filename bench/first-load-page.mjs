// In the page of a bench/first-load.mjs run: what the benchmark clicks, and the script it adds
// before the page's own (Playwright addInitScript) to time the first view and collect long tasks.
/* global window, document, requestAnimationFrame */

/** What the benchmark clicks on each kind of page. */
export const OPENERS = {
  kit: 'appkit-button [data-testid="connect-button"]',
  floor: '[data-testid="open-dialog"]'
}

/**
 * Runs in the page before its own scripts (addInitScript): collects 'longtask' entries, and on the
 * first pointerdown records its time and polls each animation frame until the first view shows.
 */
export function pageInit(kind) {
  window.__bench = { longTasks: [], pointerDownAt: undefined, clickAt: undefined, openedAt: undefined, frames: 0 }
  const bench = window.__bench
  new PerformanceObserver(list => {
    for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration })
  }).observe({ type: 'longtask', buffered: true })

  const shows = element => {
    if (!element?.checkVisibility?.()) return false
    const box = element.getBoundingClientRect()
    return box.width > 0 && box.height > 0
  }
  const viewShows = {
    // The modal's <dialog> is open and its router shows a view element with rendered content.
    kit() {
      const modal = document.querySelector('w3m-modal')?.shadowRoot
      if (!modal?.querySelector('dialog')?.open) return false
      const view = modal.querySelector('w3m-router')?.shadowRoot?.querySelector('.view > *')
      if (!view || !shows(view)) return false
      const parts = [...(view.shadowRoot ?? view).children].filter(
        child => !['style', 'link'].includes(child.localName)
      )
      return parts.some(shows)
    },
    // The floor's <dialog> is open and React rendered its content.
    floor() {
      const dialog = document.querySelector('dialog')
      return Boolean(dialog?.open && shows(dialog.querySelector('[data-testid="floor-view"] li')))
    }
  }[kind]

  window.addEventListener(
    'pointerdown',
    event => {
      if (bench.pointerDownAt === undefined) bench.pointerDownAt = event.timeStamp
    },
    { capture: true }
  )
  window.addEventListener(
    'click',
    event => {
      if (bench.clickAt !== undefined) return
      bench.clickAt = event.timeStamp
      const poll = () => {
        bench.frames += 1
        if (viewShows()) bench.openedAt = performance.now()
        else if (performance.now() - bench.clickAt < 10_000) requestAnimationFrame(poll)
      }
      requestAnimationFrame(poll)
    },
    { capture: true }
  )
}
