// Smart sessions by account (CAIP-10 id): GET /v1/sessions/{id} lists them, POST
// /v1/sessions/{id}/revoke revokes one when `signature` is the account's signature of
// revokeSessionMessage(pci), and POST /v1/sessions/{id} (ours) records a granted session. On a
// chain this backend reads, a session is recorded only when the chain says the account granted it:
// its context names the account and the session key (src/api/schemas/permissions.ts), and the
// account's sessions(key) has the same expiry and is not revoked (local/chain/contracts/
// AppKitSmartAccount.sol); its pci is then the context unless one is given.
import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { getAddress, verifyMessage, type Hex } from 'viem'
import * as z from 'zod/mini'
import {
  caip10Schema,
  createSessionBodySchema,
  createSessionResponseSchema,
  revokeSessionBodySchema,
  revokeSessionMessage,
  revokeSessionResponseSchema,
  sessionsResponseSchema,
  type SessionPermission,
  type SmartSession
} from '../../../src/api/schemas/index.js'
import { appKitSmartAccountAbi } from '../../../local/chain/abis.js'
import { decodeSessionContext, type SessionContext } from '../../../src/api/schemas/permissions.js'
import type { ChainContext, ServerContext } from '../context.js'
import { ApiError, badRequest, notFound, parseBody, parseParams, requireProject, respond } from '../http.js'

const accountParamsSchema = z.object({ id: caip10Schema })

interface SessionRow {
  pci: string
  project_id: string | null
  created_at: string | number
  expiry: string | number
  revoked_at: string | number | null
  permissions: SessionPermission[] | string
  context: string | null
}

/** An eip155 CAIP-10 account, normalised (lower-case address) for storage and lookup. */
function parseAccount(id: string): { key: string; chainId: number; address: `0x${string}` } {
  const match = /^eip155:(\d+):(0x[0-9a-fA-F]{40})$/.exec(id)
  if (!match) {
    throw badRequest(
      `Invalid path parameter 'id': expected an eip155 CAIP-10 account such as "eip155:1:0xabc...", got '${id}'`
    )
  }
  return {
    key: `eip155:${match[1]}:${match[2]!.toLowerCase()}`,
    chainId: Number(match[1]),
    address: getAddress(match[2]!)
  }
}

function toSession(row: SessionRow): SmartSession {
  const permissions =
    typeof row.permissions === 'string' ? (JSON.parse(row.permissions) as SessionPermission[]) : row.permissions
  return {
    pci: row.pci,
    ...(row.project_id ? { projectId: row.project_id } : {}),
    createdAt: Number(row.created_at),
    expiry: Number(row.expiry),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
    permissions,
    ...(row.context ? { context: row.context as Hex } : {})
  }
}

export const NOT_GRANTED_ON_CHAIN = 'The account has not granted this session on chain'

/** Throws unless `chain` says `address` granted the session `context` names, until `expiry`, and has not revoked it. */
async function requireGrantedOnChain(
  chain: ChainContext,
  address: `0x${string}`,
  body: { context?: string | undefined; expiry: number }
): Promise<void> {
  if (!body.context) {
    throw badRequest(`Missing body field 'context': a session on eip155:${chain.chainId} is checked on chain by it`)
  }
  let parts: SessionContext
  try {
    parts = decodeSessionContext(body.context)
  } catch (error) {
    throw badRequest(`Invalid body field 'context': ${(error as Error).message}`)
  }
  if (parts.account !== address.toLowerCase()) {
    throw badRequest(`Invalid body field 'context': it names the account ${parts.account}, not ${address}`)
  }
  let granted = false
  try {
    const [, expiry, revoked] = await chain.client.readContract({
      address,
      abi: appKitSmartAccountAbi,
      functionName: 'sessions',
      args: [parts.key]
    })
    granted = Number(expiry) === body.expiry && !revoked
  } catch {
    // Not a smart account of ours (no code, or no sessions): nothing was granted.
  }
  if (!granted) throw new ApiError(403, NOT_GRANTED_ON_CHAIN, 'not_granted')
}

const SESSION_COLUMNS = 'pci, project_id, created_at, expiry, revoked_at, permissions, context'

export function sessionsRoutes(context: ServerContext): Hono {
  const app = new Hono()
  const now = () => Math.floor(Date.now() / 1000)

  app.get('/v1/sessions/:id', async c => {
    requireProject(c, context)
    const account = parseAccount(parseParams(c, accountParamsSchema).id)
    const { rows } = await context.db.query<SessionRow>(
      `SELECT ${SESSION_COLUMNS} FROM smart_sessions WHERE account = $1 ORDER BY created_at, pci`,
      [account.key]
    )
    return respond(c, sessionsResponseSchema, { pcis: rows.map(toSession) })
  })

  app.post('/v1/sessions/:id', async c => {
    const { project } = requireProject(c, context)
    const account = parseAccount(parseParams(c, accountParamsSchema).id)
    const body = await parseBody(c, createSessionBodySchema)
    const createdAt = now()
    if (body.expiry <= createdAt)
      throw badRequest(`Invalid body field 'expiry': expected a time in the future (Unix seconds), got ${body.expiry}`)
    const chain = context.chains.find(item => item.chainId === account.chainId)
    if (chain) await requireGrantedOnChain(chain, account.address, body)
    const pci = body.pci ?? (chain ? body.context : undefined) ?? randomBytes(32).toString('hex')
    const { rows } = await context.db.query<SessionRow>(
      `INSERT INTO smart_sessions (pci, account, project_id, created_at, expiry, permissions, context)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (pci) DO NOTHING
       RETURNING ${SESSION_COLUMNS}`,
      [pci, account.key, project.id, createdAt, body.expiry, JSON.stringify(body.permissions), body.context ?? null]
    )
    const row = rows[0]
    if (!row) throw new ApiError(409, `A session with pci '${pci}' already exists`, 'conflict')
    return respond(c, createSessionResponseSchema, toSession(row), 201)
  })

  app.post('/v1/sessions/:id/revoke', async c => {
    requireProject(c, context)
    const account = parseAccount(parseParams(c, accountParamsSchema).id)
    const body = await parseBody(c, revokeSessionBodySchema)
    const { rows } = await context.db.query<SessionRow>(
      `SELECT ${SESSION_COLUMNS} FROM smart_sessions WHERE account = $1 AND pci = $2`,
      [account.key, body.pci]
    )
    const session = rows[0]
    if (!session) throw notFound(`No session '${body.pci}' for account ${account.key}`)
    const message = revokeSessionMessage(body.pci)
    const signature = body.signature as Hex
    // On a chain this backend reads, the chain checks it too (ERC-1271 smart accounts); else EOA only.
    const chain = context.chains.find(item => item.chainId === account.chainId)
    let valid: boolean
    try {
      valid = chain
        ? await chain.client.verifyMessage({ address: account.address, message, signature })
        : await verifyMessage({ address: account.address, message, signature })
    } catch {
      valid = false
    }
    if (!valid) {
      throw new ApiError(
        403,
        `Invalid signature: expected ${account.address}'s signature of "${message}"`,
        'invalid_signature'
      )
    }
    if (session.revoked_at === null) {
      await context.db.query(
        'UPDATE smart_sessions SET revoked_at = $1, revoke_signature = $2 WHERE pci = $3 AND revoked_at IS NULL',
        [now(), body.signature, body.pci]
      )
    }
    return respond(c, revokeSessionResponseSchema, { success: true })
  })

  return app
}
