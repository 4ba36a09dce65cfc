// Waiting for a condition in the element tests. A wait ends as soon as its condition holds, so its
// timeout costs nothing in a passing run: it only bounds a failing one. The element tests run two or
// more files at a time on a 2-core machine that other test layers share, where a step that takes
// 100 ms alone can take 5 s; a timeout of a few seconds failed there with no bug (the "Timed out
// waiting for the session" of issue 29). Every wait uses WAIT_MS unless a test has a reason of its
// own; spec durations are never waited for: a fake clock runs them (docs/testing.md).
import { waitUntil as openWcWaitUntil } from '@open-wc/testing'

/** The longest a condition is waited for. Below mocha's timeout, so the failure names what was awaited. */
export const WAIT_MS = 20_000

/** How often a condition is checked again. */
const POLL_MS = 10

// The page's own clock, taken before any test can fake it: a wait keeps polling and keeps its
// timeout while a test runs a fake clock (sinon.useFakeTimers) for the code under test.
const realSetTimeout = globalThis.setTimeout.bind(globalThis)
const realNow = Date.now.bind(Date)

/** Waits for `condition`, checking every 10 ms of real time (a fake clock does not stop it); fails with `what` after `ms`. */
export async function until(condition: () => unknown, what: string, ms = WAIT_MS): Promise<void> {
  const end = realNow() + ms
  while (!condition()) {
    if (realNow() > end) throw new Error(`Timed out waiting for ${what}`)
    await new Promise(resolve => realSetTimeout(resolve, POLL_MS))
  }
}

/** @open-wc/testing's waitUntil with this suite's timeout and a 10 ms poll (its defaults: 1 s and 50 ms). */
export function waitUntil(
  condition: () => unknown,
  message?: string,
  options: { interval?: number; timeout?: number } = {}
): Promise<void> {
  return openWcWaitUntil(condition, message, { interval: POLL_MS, timeout: WAIT_MS, ...options })
}

/** Every animation in `root` and the shadow trees inside it (a tree's getAnimations sees only its own). */
function animationsIn(root: Document | ShadowRoot): Animation[] {
  const found = root.getAnimations()
  for (const element of root.querySelectorAll('*'))
    if (element.shadowRoot) found.push(...animationsIn(element.shadowRoot))
  return found
}

/**
 * Waits for the page's finite animations, shadow trees included, to end (a view fades in over
 * 150 ms): a colour read, or an axe contrast check, in the middle of one sees the colours blended
 * with what is behind.
 */
export async function animationsDone(): Promise<void> {
  const nextFrame = () => new Promise(resolve => requestAnimationFrame(resolve))
  // Until none is left, a frame apart: one that starts while the others run (a view's fade-in after
  // the card's shake) counts too. Seen once in a clean run: axe read the Sign button at the end of its
  // fade (#3f6ff6 for the accent #3b6cf6, contrast 4.25) after a single look had found it not started.
  for (let round = 0; round < 50; round += 1) {
    await nextFrame()
    const finite = animationsIn(document).filter(
      animation => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity
    )
    if (!finite.length) return
    await Promise.all(finite.map(animation => animation.finished.catch(() => undefined)))
  }
}

/**
 * Watches the async `object[name]` from now on: `asked` gets each call's first argument when it is
 * called, `answered` once its answer came back (or failed), before the caller goes on. A test that
 * says "a slow answer is dropped" waits until that answer came, instead of a pause longer than its
 * delay (which a loaded machine overran, so the test passed without the answer ever arriving).
 */
export function watchCalls<T extends object>(
  object: T,
  name: keyof T & string
): { asked: unknown[]; answered: unknown[] } {
  const seen = { asked: [] as unknown[], answered: [] as unknown[] }
  const target = object as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>
  const original = target[name]!
  target[name] = function (this: unknown, ...args: unknown[]) {
    seen.asked.push(args[0])
    const answer = original.apply(this, args)
    void answer.then(
      () => seen.answered.push(args[0]),
      () => seen.answered.push(args[0])
    )
    return answer
  }
  return seen
}
