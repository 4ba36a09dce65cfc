// The project owner's read routes, for operators and the end-to-end tests: GET
// /admin/analytics-events?projectId= lists the stored analytics events (oldest first, at most 500).
// Only with APPKIT_ADMIN_TOKEN set, and only with `Authorization: Bearer <that token>` (compared in
// constant time); otherwise 404, as if the route did not exist.
import { timingSafeEqual } from 'node:crypto'
import { Hono, type Context } from 'hono'
import * as z from 'zod/mini'
import type { ServerContext } from '../context.js'
import { notFound, parseQuery } from '../http.js'

const querySchema = z.object({ projectId: z.string().check(z.minLength(1)) })

function authorized(c: Context, token: string | undefined): boolean {
  if (!token) return false
  const given = Buffer.from(c.req.header('Authorization') ?? '')
  const wanted = Buffer.from(`Bearer ${token}`)
  return given.length === wanted.length && timingSafeEqual(given, wanted)
}

export function adminRoutes(context: ServerContext): Hono {
  const app = new Hono()

  app.get('/admin/analytics-events', async c => {
    if (!authorized(c, context.config.adminToken)) throw notFound(`Not found: ${c.req.path}`)
    const { projectId } = parseQuery(c, querySchema)
    const { rows } = await context.db.query<{
      event_id: string
      origin: string
      url: string
      domain: string
      event_type: string
      event: string
      properties: unknown
      event_timestamp: string
    }>(
      `SELECT event_id, origin, url, domain, event_type, event, properties, event_timestamp
         FROM analytics_events WHERE project_id = $1 ORDER BY id LIMIT 500`,
      [projectId]
    )
    return c.json({
      events: rows.map(row => ({
        eventId: row.event_id,
        origin: row.origin,
        url: row.url,
        domain: row.domain,
        type: row.event_type,
        event: row.event,
        properties: row.properties,
        timestamp: Number(row.event_timestamp)
      }))
    })
  })

  return app
}
