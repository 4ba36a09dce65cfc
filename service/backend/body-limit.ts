// Request body limits (issue 33, section 3): a body over its route's limit is answered 413
// `{ message: 'Request body too large (at most N bytes)', code: 'payload_too_large' }` before any
// route runs, so it reads, writes and mails nothing. Hono's bodyLimit refuses a Content-Length over
// the limit at once and reads a body without one (chunked) into memory up to the limit, never
// further, before the route sees it.
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'

/** The API's POSTs (analytics batches, SIWX sessions, onramp, smart sessions, names, swaps). */
export const API_BODY_LIMIT = 64 * 1024
/** JSON-RPC forwarded to a node or the bundler (a raw transaction may carry 48 KiB of init code as hex, batches more). */
export const RPC_BODY_LIMIT = 1024 * 1024
/** The API's routes that forward JSON-RPC (service/backend/routes/chains.ts, session-bundler.ts). */
export const API_RPC_PATHS: ReadonlySet<string> = new Set(['/v1', '/v1/', '/v1/bundler'])
/** The frame's (service/backend/routes/frame-api.ts). */
export const FRAME_RPC_PATHS: ReadonlySet<string> = new Set(['/frame-api/rpc', '/frame-api/bundler'])

export const bodyTooLarge = (maxSize: number) => `Request body too large (at most ${maxSize} bytes)`

/** 413 for a body over `maxSize` bytes (see the header comment). */
export function limitBody(maxSize: number): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: c => c.json({ message: bodyTooLarge(maxSize), code: 'payload_too_large' }, 413)
  })
}

/** RPC_BODY_LIMIT on the JSON-RPC forwards `rpcPaths`, API_BODY_LIMIT on every other route. */
export function bodyLimits(rpcPaths: ReadonlySet<string>): MiddlewareHandler {
  const rpc = limitBody(RPC_BODY_LIMIT)
  const api = limitBody(API_BODY_LIMIT)
  return (c, next) => (rpcPaths.has(c.req.path) ? rpc : api)(c, next)
}
