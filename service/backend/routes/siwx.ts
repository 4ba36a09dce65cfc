// Sign-in with X (issue 12), for the kit's createBackendSiwx():
//   POST /v1/siwx/nonce                 a nonce for one sign-in (10 minutes, used once)
//   POST /v1/siwx/sessions              a signed session: verified (the message is the data's text,
//                                       the nonce ours and unused, the domain the caller's origin,
//                                       the signature the account's: EIP-191, EIP-1271 on a chain
//                                       this backend reads, ed25519), kept, and answered with its id
//                                       and a bearer token (a new one unless the caller sent one)
//   GET  /v1/siwx/sessions              the bearer's current sessions (chainId and address narrow it)
//   POST /v1/siwx/sessions/{id}/revoke  ends one of the bearer's sessions
// Tokens are random 32 bytes; only their SHA-256 is stored.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import * as z from 'zod/mini'
import {
  siwxChainIdSchema,
  siwxCreateSessionBodySchema,
  siwxCreateSessionResponseSchema,
  siwxNonceResponseSchema,
  siwxSessionSchema,
  siwxSessionsResponseSchema,
  successResponseSchema,
  type SiwxSession
} from '../../../src/api/schemas/index.js'
import { isSessionCurrent, randomNonce } from '../../../src/siwx/message.js'
import { sessionProblem } from '../../../src/siwx/verify.js'
import type { ServerContext } from '../context.js'
import { ApiError, badRequest, notFound, parseBody, parseParams, parseQuery, requireProject, respond } from '../http.js'

export const SIWX_NONCE_TTL_MS = 10 * 60_000

const listQuerySchema = z.object({
  chainId: z.optional(siwxChainIdSchema),
  address: z.optional(z.string().check(z.minLength(1)))
})
const idParamsSchema = z.object({ id: z.string().check(z.minLength(1)) })

interface SessionRow {
  id: string
  session: SiwxSession | string
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
const addressKey = (chainId: string, address: string) =>
  chainId.startsWith('eip155:') ? address.toLowerCase() : address
const unauthorized = (message: string) => new ApiError(401, message, 'unauthorized')

/** The bearer token of the request, when it sent one. */
function bearerOf(c: Context): string | undefined {
  const header = c.req.header('Authorization')
  const match = header ? /^Bearer ([A-Za-z0-9_-]{16,})$/.exec(header) : null
  return match?.[1]
}

function toStored(row: SessionRow) {
  const session = siwxSessionSchema.parse(typeof row.session === 'string' ? JSON.parse(row.session) : row.session)
  return { id: row.id, session }
}

export function siwxRoutes(context: ServerContext): Hono {
  const app = new Hono()
  const db = context.db

  app.post('/v1/siwx/nonce', async c => {
    const { project } = requireProject(c, context)
    const nonce = randomNonce()
    const expiresAt = Date.now() + SIWX_NONCE_TTL_MS
    await db.query('INSERT INTO siwx_nonces (nonce, project_id, expires_at) VALUES ($1, $2, $3)', [
      nonce,
      project.id,
      expiresAt
    ])
    return respond(c, siwxNonceResponseSchema, { nonce, expiresAt: new Date(expiresAt).toISOString() })
  })

  app.post('/v1/siwx/sessions', async c => {
    const { project } = requireProject(c, context)
    const session = await parseBody(c, siwxCreateSessionBodySchema)
    const { data } = session
    const origin = c.req.header('Origin')
    if (origin && new URL(origin).host !== data.domain) {
      throw badRequest(
        `Invalid body field 'data.domain': expected the calling page's host ${new URL(origin).host}, got '${data.domain}'`
      )
    }
    if (!isSessionCurrent(data)) throw badRequest('The session is expired or not yet valid')
    const chain = context.chains.find(item => item.caipNetworkId === data.chainId)
    const problem = await sessionProblem(session, chain ? { rpcUrl: chain.rpcUrl } : {})
    if (problem) throw new ApiError(403, `Invalid signature: ${problem}`, 'invalid_signature')
    // The nonce last: a bad signature does not burn it.
    const used = await db.query<{ nonce: string }>(
      `UPDATE siwx_nonces SET used_at = $1
       WHERE nonce = $2 AND project_id = $3 AND used_at IS NULL AND expires_at > $1 RETURNING nonce`,
      [Date.now(), data.nonce, project.id]
    )
    if (used.rows.length === 0) throw badRequest(`Invalid body field 'data.nonce': unknown, used or expired nonce`)
    const token = bearerOf(c) ?? randomBytes(32).toString('base64url')
    const id = randomUUID()
    await db.query(
      `INSERT INTO siwx_sessions (id, token_hash, project_id, chain_id, address_key, session, expires_at, not_before, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        id,
        hashToken(token),
        project.id,
        data.chainId,
        addressKey(data.chainId, data.accountAddress),
        JSON.stringify(session),
        data.expirationTime ? Date.parse(data.expirationTime) : null,
        data.notBefore ? Date.parse(data.notBefore) : null,
        Date.now()
      ]
    )
    return respond(c, siwxCreateSessionResponseSchema, { id, token, session }, 201)
  })

  app.get('/v1/siwx/sessions', async c => {
    const { project } = requireProject(c, context)
    const query = parseQuery(c, listQuerySchema)
    const token = bearerOf(c)
    if (!token) throw unauthorized('A bearer token is required (Authorization: Bearer ...)')
    const now = Date.now()
    const params: unknown[] = [hashToken(token), project.id, now]
    let where = `token_hash = $1 AND project_id = $2 AND revoked_at IS NULL
      AND (expires_at IS NULL OR expires_at > $3) AND (not_before IS NULL OR not_before <= $3)`
    if (query.chainId) {
      params.push(query.chainId)
      where += ` AND chain_id = $${params.length}`
      if (query.address) {
        params.push(addressKey(query.chainId, query.address))
        where += ` AND address_key = $${params.length}`
      }
    }
    const { rows } = await db.query<SessionRow>(
      `SELECT id, session FROM siwx_sessions WHERE ${where} ORDER BY created_at`,
      params
    )
    return respond(c, siwxSessionsResponseSchema, { sessions: rows.map(toStored) })
  })

  app.post('/v1/siwx/sessions/:id/revoke', async c => {
    const { project } = requireProject(c, context)
    const { id } = parseParams(c, idParamsSchema)
    const token = bearerOf(c)
    if (!token) throw unauthorized('A bearer token is required (Authorization: Bearer ...)')
    const { rows } = await db.query<{ id: string }>(
      `UPDATE siwx_sessions SET revoked_at = COALESCE(revoked_at, $1)
       WHERE id = $2 AND token_hash = $3 AND project_id = $4 RETURNING id`,
      [Date.now(), id, hashToken(token), project.id]
    )
    if (rows.length === 0) throw notFound(`No session '${id}' for this token`)
    return respond(c, successResponseSchema, { success: true })
  })

  return app
}
