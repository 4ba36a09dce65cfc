import * as z from 'zod/mini'
import { clientSlot } from './client-slot.js'
import { HttpError, OriginNotAllowedError } from './errors.js'
import { HttpClient } from './http-client.js'
import { analyticsConfigResponseSchema, type AnalyticsEvent } from './schemas/analytics.js'
import { web } from '../utils/web-globals.js'

/**
 * The body goes as text/plain: a simple CORS request (no preflight), and the only type
 * `navigator.sendBeacon` may send across origins. The backend reads it as JSON all the same.
 */
const PLAIN_TEXT = 'text/plain;charset=UTF-8'

/**
 * Analytics (docs/behaviour.md section 7): whether the project has it on (asked of the catalog API) and
 * POST /e of events (to the analytics host, which may be the same): one event, or a batch.
 */
export function createAnalyticsApi(clients: { catalog: HttpClient; events: HttpClient }) {
  return {
    /** false when the answer cannot be had (docs/behaviour.md section 7). */
    async getAnalyticsConfig(): Promise<boolean> {
      try {
        return (await clients.catalog.get('/getAnalyticsConfig', analyticsConfigResponseSchema)).isAnalyticsEnabled
      } catch {
        return false
      }
    },

    /** Sends one event (see sendEvents). */
    sendEvent(event: AnalyticsEvent): Promise<void> {
      return this.sendEvents([event])
    },

    /**
     * Sends a batch, a single try (an event is not worth a retry storm), with keepalive: a batch on
     * its way when the visitor reloads or leaves still arrives (the page's hiding sends only what
     * is still queued). A 403 means the page's origin is not on the allowlist:
     * OriginNotAllowedError, with the spec's text.
     */
    async sendEvents(events: readonly AnalyticsEvent[]): Promise<void> {
      const body = events.length === 1 ? events[0] : events
      try {
        await clients.events.post('/e', z.unknown(), {
          body,
          retry: false,
          keepalive: true,
          headers: { 'Content-Type': PLAIN_TEXT }
        })
      } catch (error) {
        if (error instanceof HttpError && error.status === 403) throw new OriginNotAllowedError()
        throw error
      }
    },

    /**
     * Hands a batch to the browser to send even as the page goes away (navigator.sendBeacon);
     * whether it was queued. The answer is never seen.
     */
    beaconEvents(events: readonly AnalyticsEvent[]): boolean {
      const navigator = web.navigator
      if (typeof navigator?.sendBeacon !== 'function') return false
      const blob = new Blob([JSON.stringify(events)], { type: PLAIN_TEXT })
      return navigator.sendBeacon(clients.events.url('/e'), blob)
    }
  }
}

export type AnalyticsApi = ReturnType<typeof createAnalyticsApi>

const slot = clientSlot((projectId, apiUrl) => {
  const http = new HttpClient({ projectId, baseUrl: apiUrl })
  return createAnalyticsApi({ catalog: http, events: http })
})

/** Replaces the client getAnalyticsApi returns (tests and stories); undefined returns to the default. */
export function setAnalyticsApi(api: AnalyticsApi | undefined): void {
  slot.set(api)
}

/** The analytics API for the current options; undefined when createAppKit was given no apiUrl. */
export function getAnalyticsApi(config: { readonly projectId: string; readonly apiUrl: string | undefined }) {
  return slot.get(config)
}
