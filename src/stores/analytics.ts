import { getAnalyticsApi, type AnalyticsApi } from '../api/analytics-api.js'
import { OriginNotAllowedError } from '../api/errors.js'
import { ANALYTICS_BATCH_MAX, type AnalyticsEvent } from '../api/schemas/analytics.js'
import { ANALYTICS_FLUSH_MS } from '../config/constants.js'
import { showAlert } from './alert.js'
import { toAnalyticsEvent } from './analytics-event.js'
import { onKitEvent, type KitEvent } from './kit-events.js'
import { $options } from './options.js'

interface AnalyticsRun {
  readonly api: AnalyticsApi
  /** undefined until the project's answer (GET /getAnalyticsConfig) is in; events wait. */
  enabled: boolean | undefined
  queue: AnalyticsEvent[]
  timer: ReturnType<typeof setTimeout> | undefined
  readonly stop: () => void
}

let run: AnalyticsRun | undefined

/**
 * Analytics (docs/behaviour.md sections 7 and 8): on unless `features.analytics` is false, and only when the
 * project has it on (getAnalyticsConfig; false when it cannot be read). Every event of the kit's
 * stream is queued as a POST /e event with safe properties; the queue goes out ANALYTICS_FLUSH_MS
 * after its first event or at 50 events, and with navigator.sendBeacon when the page hides. A 403
 * (the page's origin is not on the project's list) turns analytics off for the page and shows
 * 'Invalid App Configuration' once. Resolves once the project has answered.
 * `early`: the kit's events from before (createAppKit recorded them), queued first; `checked`: the
 * project's check (stores/project-checks.ts): nothing is sent before it passed, and all is dropped
 * when it fails.
 */
export async function startAnalytics(
  early?: { readonly events?: readonly KitEvent[]; stop(): void },
  checked: Promise<boolean> = Promise.resolve(true)
): Promise<void> {
  const options = $options.get()
  if (run || !options?.apiUrl || !options.projectId || options.features.analytics === false) return
  const api = getAnalyticsApi({ projectId: options.projectId, apiUrl: options.apiUrl })
  if (!api || typeof window === 'undefined') return
  // The events recorded since createAppKit are queued first, and the recording stops in the same
  // step as the listening starts: none is counted twice or lost.
  early?.stop()
  const queue = (early?.events ?? []).map(event => toAnalyticsEvent(event, location))
  const stopListening = onKitEvent(event => queueEvent(event))
  const onHide = (): void => {
    if (document.visibilityState === 'hidden') flushWithBeacon()
  }
  window.addEventListener('pagehide', flushWithBeacon)
  document.addEventListener('visibilitychange', onHide)
  const current: AnalyticsRun = {
    api,
    enabled: undefined,
    queue,
    timer: undefined,
    stop: () => {
      stopListening()
      window.removeEventListener('pagehide', flushWithBeacon)
      document.removeEventListener('visibilitychange', onHide)
    }
  }
  run = current
  // Sent only when the project has analytics on and the page passed the project's check.
  const [enabled, passed] = await Promise.all([api.getAnalyticsConfig(), checked])
  if (run !== current) return
  current.enabled = enabled && passed
  if (current.enabled) scheduleFlush(current)
  else turnOff()
}

function queueEvent(event: KitEvent): void {
  if (!run || run.enabled === false) return
  run.queue.push(toAnalyticsEvent(event, location))
  if (run.enabled) scheduleFlush(run)
}

function scheduleFlush(current: AnalyticsRun): void {
  if (current.queue.length >= ANALYTICS_BATCH_MAX) void flushAnalytics()
  else if (current.queue.length > 0 && current.timer === undefined)
    current.timer = setTimeout(() => void flushAnalytics(), ANALYTICS_FLUSH_MS)
}

/** Sends the queued events now (tests, and the timer). Resolves once the backend answered. */
export async function flushAnalytics(): Promise<void> {
  const current = run
  if (!current?.enabled) return
  clearTimeout(current.timer)
  current.timer = undefined
  const batch = current.queue.splice(0, ANALYTICS_BATCH_MAX)
  if (batch.length === 0) return
  try {
    await current.api.sendEvents(batch)
  } catch (error) {
    if (error instanceof OriginNotAllowedError) {
      turnOff()
      showAlert('invalid-app-configuration', location.origin)
      return
    }
    // Lost events are not worth a retry storm; the next batch tries again.
    console.warn('[appkit] Analytics events could not be sent:', error)
  }
  if (run === current) scheduleFlush(current)
}

/** The page is going away: whatever is queued goes with sendBeacon, which outlives the page. */
function flushWithBeacon(): void {
  const current = run
  if (!current?.enabled || current.queue.length === 0) return
  clearTimeout(current.timer)
  current.timer = undefined
  while (current.queue.length > 0) {
    const batch = current.queue.splice(0, ANALYTICS_BATCH_MAX)
    if (!current.api.beaconEvents(batch)) void current.api.sendEvents(batch).catch(() => undefined)
  }
}

/** Stops for the page: the queue is dropped, nothing more is sent. */
function turnOff(): void {
  if (!run) return
  clearTimeout(run.timer)
  run.stop()
  run = { ...run, enabled: false, queue: [], timer: undefined }
}

/** Whether analytics is sending for this page (undefined: not started, or waiting for the project). */
export function analyticsEnabled(): boolean | undefined {
  return run?.enabled
}

/** Forgets everything (tests). */
export function resetAnalytics(): void {
  if (run) {
    clearTimeout(run.timer)
    run.stop()
  }
  run = undefined
}
