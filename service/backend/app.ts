// The reference backend as a Hono app. Route modules each export `xxxRoutes(context): Hono` and are
// mounted at '/'. Errors are JSON `{ message }`: 400 for a request that fails its schema (the
// message names the field), 403 for an unknown project or a disallowed origin, 404 for an unknown
// path, 500 for our own faults.
import { Hono, type Context, type ErrorHandler, type NotFoundHandler } from 'hono'
import { cors } from 'hono/cors'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { API_RPC_PATHS, bodyLimits } from './body-limit.js'
import type { ServerContext } from './context.js'
import { corsOrigin } from './cors.js'
import { ApiError } from './http.js'
import { adminRoutes } from './routes/admin.js'
import { analyticsRoutes } from './routes/analytics.js'
import { blockchainRoutes } from './routes/blockchain.js'
import { catalogRoutes } from './routes/catalog.js'
import { supportedChainsRoutes } from './routes/chains.js'
import { onrampRoutes } from './routes/onramp.js'
import { sessionBundlerRoutes } from './routes/session-bundler.js'
import { sessionsRoutes } from './routes/sessions.js'
import { siwxRoutes } from './routes/siwx.js'

export type { ServerContext, ChainContext } from './context.js'

export function createApp(context: ServerContext): Hono {
  const app = new Hono()

  // The API is cookie-less; its answers are readable by the pages its projects allow
  // (service/backend/cors.ts: the project's origins and the built-in patterns). POST /e refuses
  // an origin off the project's own list with a 403 that such a page can still read.
  app.use(
    '*',
    cors({
      origin: corsOrigin(context),
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      exposeHeaders: ['Retry-After'],
      maxAge: 600
    })
  )

  // After CORS, so that a page can read its 413.
  app.use('*', bodyLimits(API_RPC_PATHS))

  app.get('/health', c => c.json({ ok: true }))

  app.route('/', supportedChainsRoutes(context))
  app.route('/', analyticsRoutes(context))
  app.route('/', adminRoutes(context))
  app.route('/', catalogRoutes(context))
  app.route('/', sessionsRoutes(context))
  app.route('/', sessionBundlerRoutes(context))
  app.route('/', siwxRoutes(context))
  app.route('/', onrampRoutes(context))
  app.route('/', blockchainRoutes(context))

  app.notFound(notFoundHandler)
  app.onError(errorHandler)

  return app
}

export const notFoundHandler: NotFoundHandler = (c: Context) =>
  c.json({ message: `Not found: ${c.req.method} ${c.req.path}`, code: 'not_found' }, 404)

/** `{ message }` bodies: ApiError as it says, HTTPException by its status, anything else a logged 500. */
export const errorHandler: ErrorHandler = (error, c) => {
  if (error instanceof ApiError) {
    return c.json({ message: error.message, ...(error.code ? { code: error.code } : {}) }, error.status)
  }
  if (error instanceof HTTPException) {
    return c.json({ message: error.message || 'Request failed' }, error.status as ContentfulStatusCode)
  }
  console.error(`[server] ${c.req.method} ${c.req.path} failed:`, error)
  return c.json({ message: 'Internal server error', code: 'internal' }, 500)
}
