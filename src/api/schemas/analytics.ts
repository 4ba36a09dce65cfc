import * as z from 'zod/mini'

/** GET /getAnalyticsConfig: whether the project sends analytics events. */
export const analyticsConfigResponseSchema = z.object({ isAnalyticsEnabled: z.boolean() })
export type AnalyticsConfigResponse = z.infer<typeof analyticsConfigResponseSchema>

/**
 * POST /e: one analytics event. `timestamp` is Unix milliseconds; `url` the page, `domain` its host.
 * The backend answers 202 with no body, or 403 'Invalid App Configuration: Origin not found on
 * Allowlist' when the page's origin is not allowed.
 */
export const analyticsEventSchema = z.object({
  eventId: z.string().check(z.minLength(1)),
  url: z.string(),
  domain: z.string(),
  timestamp: z.number().check(z.int(), z.nonnegative()),
  props: z.object({
    type: z.enum(['track', 'error']),
    /** MODAL_OPEN, SIWX_AUTH_SUCCESS, ERROR_FETCH_TRANSACTIONS, ... */
    event: z.string().check(z.minLength(1)),
    address: z.optional(z.string()),
    properties: z.optional(z.record(z.string(), z.unknown()))
  })
})
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>

/** The most events one POST /e carries (the kit batches them). */
export const ANALYTICS_BATCH_MAX = 50

/** POST /e's body as a batch: 1 to 50 events (sent as the page hides); a single event is the other form. */
export const analyticsBatchSchema = z
  .array(analyticsEventSchema)
  .check(z.minLength(1), z.maxLength(ANALYTICS_BATCH_MAX))

export const ORIGIN_NOT_ALLOWED_MESSAGE = 'Invalid App Configuration: Origin not found on Allowlist'
