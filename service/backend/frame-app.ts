// The embedded wallet's own origin (service/frame/README.md): the frame page built into service/frame/dist/
// (index.html at '/', its files under /assets/) and the frame's backend API (/frame-api/*,
// service/backend/routes/frame-api.ts). Every answer carries X-Content-Type-Options: nosniff and
// Referrer-Policy: no-referrer, and a Content-Security-Policy: the page's is
//   default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self' <?rpc= origins>;
//   img-src 'self' data:; frame-ancestors <the allowed origins of ?projectId=>
// ('none' for an unknown or absent project), everything else's allows nothing and no framing.
// The `rpc` parameters are the origins of the app's RPC URLs, which the frame calls itself for a
// network the backend does not serve (service/frame/chain-rpc.ts); only plain http(s) origins are taken.
// No CORS headers, ever: only the frame's own page can read these answers.
import { readFile } from 'node:fs/promises'
import { dirname, extname, join, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Hono, type Context } from 'hono'
import { errorHandler, notFoundHandler } from './app.js'
import type { ServerContext } from './context.js'
import { RetryLaterError } from './embedded/codes.js'
import { createEmbeddedWallet, type EmbeddedWallet } from './embedded/wallet.js'
import { frameApiRoutes } from './routes/frame-api.js'
import { frameBalanceRoutes } from './routes/frame-api-balance.js'

export const FRAME_DIST_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'frame', 'dist')
export const FRAME_NOT_BUILT = 'The frame is not built: run npm run build:frame'

/** The page's policy with `connect` (the origins it may call besides its own). */
const pagePolicy = (connect: readonly string[]) =>
  `default-src 'none'; script-src 'self'; style-src 'self'; connect-src ${["'self'", ...connect].join(' ')}; img-src 'self' data:`
/** The most app RPC origins a page allows (the kit sends one per network it has). */
export const MAX_RPC_ORIGINS = 32
/** An http(s) origin usable as a CSP source as it is: scheme, host (letters, digits, '.', '-'), optional port. */
const RPC_ORIGIN = /^https?:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/
const DEFAULT_POLICY = "default-src 'none'; frame-ancestors 'none'"

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8'
}

/** One path segment of an asset: letters, digits, '.', '_', '-', not starting with a dot. */
const SAFE_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/
/** A project origin pattern usable as a CSP host-source as it is (a leading '*.' only). */
const CSP_SOURCE = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::(?:\d{1,5}|\*))?$/i

export interface FrameAppOptions {
  /** The frame's own origin, known once it listens. */
  origin: () => string
  /** Where the built page is; default service/frame/dist. */
  distDir?: string
  /** Default: createEmbeddedWallet(context) (undefined without a master key), closed with the context. */
  wallet?: EmbeddedWallet
}

/** The page's frame-ancestors sources: the project's origin patterns, or 'none'. */
export function frameAncestors(context: ServerContext, projectId: string | undefined): string {
  const project = projectId ? context.config.projects.find(candidate => candidate.id === projectId) : undefined
  const sources = (project?.allowedOrigins ?? []).filter(pattern => CSP_SOURCE.test(pattern))
  return sources.length > 0 ? sources.join(' ') : "'none'"
}

/** The page's connect-src origins besides its own: the `rpc` parameters that are plain http(s) origins, at most MAX_RPC_ORIGINS. */
export function rpcOrigins(values: readonly string[] | undefined): string[] {
  const origins = new Set<string>()
  for (const value of values ?? []) {
    if (origins.size >= MAX_RPC_ORIGINS) break
    if (!RPC_ORIGIN.test(value)) continue
    try {
      if (new URL(value).origin === value) origins.add(value)
    } catch {
      // not a URL
    }
  }
  return [...origins]
}

/** The file under `dir` that the URL path segments name; undefined for anything else. */
function safeFile(dir: string, path: string): string | undefined {
  const segments: string[] = []
  for (const raw of path.split('/')) {
    let segment: string
    try {
      segment = decodeURIComponent(raw)
    } catch {
      return undefined
    }
    if (!SAFE_SEGMENT.test(segment)) return undefined
    segments.push(segment)
  }
  const root = resolve(dir)
  const file = resolve(root, ...segments)
  return file.startsWith(root + sep) ? file : undefined
}

async function readOptional(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file)
  } catch {
    return undefined
  }
}

export function createFrameApp(context: ServerContext, options: FrameAppOptions): Hono {
  const distDir = options.distDir ?? FRAME_DIST_DIR
  let wallet = options.wallet
  if (!wallet) {
    wallet = createEmbeddedWallet(context)
    const created = wallet
    if (created) context.onClose?.(() => created.close())
  }
  const app = new Hono()

  app.use('*', async (c, next) => {
    await next()
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Referrer-Policy', 'no-referrer')
    if (!c.res.headers.has('Content-Security-Policy')) c.header('Content-Security-Policy', DEFAULT_POLICY)
  })

  app.route('/', frameApiRoutes(context, { origin: options.origin, wallet }))
  app.route('/', frameBalanceRoutes(context, { origin: options.origin, wallet }))

  app.get('/', async c => {
    const html = await readOptional(join(distDir, 'index.html'))
    if (!html) return c.json({ message: FRAME_NOT_BUILT, code: 'not_built' }, 503)
    c.header(
      'Content-Security-Policy',
      `${pagePolicy(rpcOrigins(c.req.queries('rpc')))}; frame-ancestors ${frameAncestors(context, c.req.query('projectId'))}`
    )
    c.header('Cache-Control', 'no-store')
    return c.body(new Uint8Array(html), 200, { 'Content-Type': 'text/html; charset=utf-8' })
  })

  app.get('/assets/*', async (c: Context) => {
    const file = safeFile(join(distDir, 'assets'), c.req.path.slice('/assets/'.length))
    const body = file ? await readOptional(file) : undefined
    if (!file || !body) return notFoundHandler(c)
    const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'
    return c.body(new Uint8Array(body), 200, { 'Content-Type': type, 'Cache-Control': 'no-cache' })
  })

  app.notFound(notFoundHandler)
  app.onError((error, c) => {
    if (error instanceof RetryLaterError) c.header('Retry-After', String(error.retryAfterSeconds))
    return errorHandler(error, c)
  })
  return app
}
