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
    // One statement for the batch (a row per event; an eventId stored already, or twice in the batch, is kept once).
    const columns = 13
    const params: unknown[] = []
    for (const event of events) {
      params.push(
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
      )
    }
    const rows = events.map(
      (_, row) => `(${Array.from({ length: columns }, (_, column) => `$${row * columns + column + 1}`).join(', ')})`
    )
    await context.db.query(
      `INSERT INTO analytics_events
         (project_id, event_id, origin, url, domain, event_type, event, address, properties, client_id,
          sdk_type, sdk_version, event_timestamp)
       VALUES ${rows.join(', ')}
       ON CONFLICT (project_id, event_id) DO NOTHING`,
      params
    )
    return c.body(null, 202)
  })

  return app
}
