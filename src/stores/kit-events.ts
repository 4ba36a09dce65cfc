import type { KitEventName } from '../events/kit-event-names.js'

/**
 * The kit's event stream (docs/behaviour.md section 8, tracked events): what happened inside the modal that
 * an app may want to know or count, such as ERROR_FETCH_TRANSACTIONS. Actions emit; the app
 * follows with `appKit.subscribeEvents()`. A listener that throws is logged and the others still
 * hear the event.
 */
export interface KitEvent {
  /** The event's name, in the spec's spelling (ERROR_FETCH_TRANSACTIONS, SIWX_AUTH_SUCCESS, ...). */
  readonly event: KitEventName
  /** Details, when the event has any. */
  readonly properties?: Readonly<Record<string, unknown>>
  /** When it happened (milliseconds since the epoch). */
  readonly timestamp: number
}

const listeners = new Set<(event: KitEvent) => void>()

/** Follows the kit's events; returns the unsubscribe function. */
export function onKitEvent(listener: (event: KitEvent) => void): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** Tells every listener about `event`. */
export function emitKitEvent(event: KitEventName, properties?: Readonly<Record<string, unknown>>): void {
  const entry: KitEvent = { event, timestamp: Date.now(), ...(properties ? { properties } : {}) }
  for (const listener of [...listeners]) {
    try {
      listener(entry)
    } catch (error) {
      console.error('[appkit] An event listener failed:', error)
    }
  }
}
