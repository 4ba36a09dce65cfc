import * as z from 'zod/mini'
import { HttpError, OriginNotAllowedError } from './errors.js'
import type { HttpClient } from './http-client.js'
import { analyticsConfigResponseSchema, type AnalyticsEvent } from './schemas/index.js'

/**
 * Analytics (spec.md section 7): whether the project has it on (asked of the catalog API) and
 * POST /e of one event (to the analytics host, which may be the same).
 */
export function createAnalyticsApi(clients: { catalog: HttpClient; events: HttpClient }) {
  return {
    /** false when the answer cannot be had (spec.md section 7). */
    async getAnalyticsConfig(): Promise<boolean> {
      try {
        return (await clients.catalog.get('/getAnalyticsConfig', analyticsConfigResponseSchema)).isAnalyticsEnabled
      } catch {
        return false
      }
    },

    /**
     * Sends one event, a single try (an event is not worth a retry storm). A 403 means the page's
     * origin is not on the allowlist: OriginNotAllowedError, with the spec's text.
     */
    async sendEvent(event: AnalyticsEvent): Promise<void> {
      try {
        await clients.events.post('/e', z.unknown(), { body: event, retry: false })
      } catch (error) {
        if (error instanceof HttpError && error.status === 403) throw new OriginNotAllowedError()
        throw error
      }
    }
  }
}

export type AnalyticsApi = ReturnType<typeof createAnalyticsApi>
