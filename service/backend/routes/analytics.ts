// Analytics: GET /getAnalyticsConfig (whether the project collects events) and POST /e (one event,
// or a batch of up to 50: the kit sends its queue with navigator.sendBeacon as the page hides).
// An event is accepted only from a page whose Origin is on the project's allowlist; otherwise 403
// with the spec's exact text. Accepted events are stored (analytics_events), once per eventId.
import { Hono } from 'hono'
import * as z from 'zod/mini'
import {
  analyticsBatchSchema,
  analyticsConfigResponseSchema,
  analyticsEventSchema,
  ORIGIN_NOT_ALLOWED_MESSAGE
} from '../../../src/api/schemas/index.js'
import type { ServerContext } from '../context.js'
import { ApiError, parseBody, parseOr400, requireProject, respond } from '../http.js'
import { isOriginAllowed } from '../../../src/utils/origin-patterns.js'

export function analyticsRoutes(context: ServerContext): Hono {
  const app = new Hono()

  app.get('/getAnalyticsConfig', c => {
    const { project } = requireProject(c, context)
    return respond(c, analyticsConfigResponseSchema, { isAnalyticsEnabled: project.isAnalyticsEnabled })
  })

  app.post('/e', async c => {
    const { sdk, project } = requireProject(c, context)
    const origin = c.req.header('Origin')
    if (!isOriginAllowed(origin, project.allowedOrigins)) {
      throw new ApiError(403, ORIGIN_NOT_ALLOWED_MESSAGE, 'origin_not_allowed')
    }
    const body: unknown = await parseBody(c, z.unknown())
    const events = Array.isArray(body)
      ? parseOr400(analyticsBatchSchema, body, 'body')
      : [parseOr400(analyticsEventSchema, body, 'body')]
    if (!project.isAnalyticsEnabled) return c.body(null, 202)
    for (const event of events) {
      await context.db.query(
        `INSERT INTO analytics_events
           (project_id, event_id, origin, url, domain, event_type, event, address, properties, client_id,
            sdk_type, sdk_version, event_timestamp)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         ON CONFLICT (project_id, event_id) DO NOTHING`,
        [
          project.id,
          event.eventId,
          origin,
          event.url,
          event.domain,
          event.props.type,
          event.props.event,
          event.props.address ?? null,
          event.props.properties === undefined ? null : JSON.stringify(event.props.properties),
          sdk.clientId ?? null,
          sdk.st,
          sdk.sv,
          event.timestamp
        ]
      )
    }
    return c.body(null, 202)
  })

  return app
}
