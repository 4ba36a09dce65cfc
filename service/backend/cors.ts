// Which pages may read the API's answers (issue 33, section 3): CORS headers go only to an origin
// the request's project allows (its `allowedOrigins`, ?projectId=) or that every project allows
// (the built-in patterns of docs/behaviour.md section 6: localhost, 127.0.0.1, *.pages.dev,
// *.vercel.app). A request that names no known project is answered for the origins of any project.
// Any other origin, a preflight included, gets no Access-Control-Allow-Origin: its browser reads
// nothing and sends no non-simple request. Requests without an Origin (not from a page) need none.
import type { Context } from 'hono'
import { isPageOriginAllowed } from '../../src/utils/origin-patterns.js'
import type { ServerContext } from './context.js'

/** The `origin` option of hono's cors(): the origin itself when allowed, else null (no header). */
export function corsOrigin(context: ServerContext): (origin: string, c: Context) => string | null {
  const everyProject = context.config.projects.flatMap(project => project.allowedOrigins)
  return (origin, c) => {
    if (!origin) return null
    const projectId = c.req.query('projectId')
    const project = projectId ? context.config.projects.find(candidate => candidate.id === projectId) : undefined
    return isPageOriginAllowed(origin, project ? project.allowedOrigins : everyProject) ? origin : null
  }
}
