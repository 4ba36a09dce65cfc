// POST /v1/bundler?chainId=eip155:N (with the sdk query: projectId, st, sv): the ERC-4337 bundler
// for an app that holds a smart session's key (ours, not in the spec; the spec's chain RPC carries
// chainId and projectId the same way). It is the backend's one bundler (the frame's too) and its
// paymaster (ERC-7677 pm_* methods), which sponsors a user operation here only when its sender has a
// session of this project that is recorded, not revoked and not expired (GET /v1/sessions/{id}):
// apps cannot have the paymaster pay for any other account. Whether a session key may do what it
// signs, the account decides on chain (local/chain/contracts/AppKitSmartAccount.sol): the bundler's
// simulation answers its refusal ('AA24 signature error') before anything is sent.
import { Hono } from 'hono'
import * as z from 'zod/mini'
import { jsonRpcRequestSchema } from '../../../src/api/schemas/index.js'
import { BUNDLER_ERRORS, BundlerError } from '../bundler/bundler.js'
import { contextBundler } from '../bundler/context-bundler.js'
import { nowOf, type ServerContext } from '../context.js'
import { parseBody, parseQuery, requireProject } from '../http.js'

export const noActiveSession = (sender: string) =>
  `No active smart session of this project for ${sender}: the paymaster sponsors only those`

const querySchema = z.object({
  chainId: z.string().check(z.regex(/^eip155:\d{1,20}$/, 'an EVM CAIP-2 chain id'))
})
const senderSchema = z.tuple(
  [z.object({ sender: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'an address')) })],
  z.unknown()
)

export function sessionBundlerRoutes(context: ServerContext): Hono {
  const app = new Hono()
  const bundler = contextBundler(context)

  /** Throws unless `params`' sender has a live session of `projectId` on `chainId`. */
  async function requireSession(projectId: string, chainId: number, params: unknown): Promise<void> {
    const parsed = z.safeParse(senderSchema, params)
    if (!parsed.success) throw new BundlerError(BUNDLER_ERRORS.invalidParams, 'Expected [userOperation, ...]')
    const sender = parsed.data[0].sender
    const { rows } = await context.db.query<{ pci: string }>(
      `SELECT pci FROM smart_sessions
       WHERE account = $1 AND project_id = $2 AND revoked_at IS NULL AND expiry > $3 LIMIT 1`,
      [`eip155:${chainId}:${sender.toLowerCase()}`, projectId, Math.floor(nowOf(context) / 1000)]
    )
    if (!rows[0]) throw new BundlerError(BUNDLER_ERRORS.invalidParams, noActiveSession(sender))
  }

  app.post('/v1/bundler', async c => {
    const { project } = requireProject(c, context)
    const { chainId } = parseQuery(c, querySchema)
    const request = await parseBody(c, jsonRpcRequestSchema)
    const id = Number(chainId.slice('eip155:'.length))
    try {
      if (request.method.startsWith('pm_')) await requireSession(project.id, id, request.params)
      const result = await bundler.handle(id, request.method, request.params ?? [])
      return c.json({ jsonrpc: '2.0', id: request.id, result })
    } catch (error) {
      if (!(error instanceof BundlerError)) throw error
      const data = error.data === undefined ? {} : { data: error.data }
      return c.json({ jsonrpc: '2.0', id: request.id, error: { code: error.code, message: error.message, ...data } })
    }
  })

  return app
}
