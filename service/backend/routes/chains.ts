// GET /v1/supported-chains: the chains this backend serves (its EVM chains, Solana and Bitcoin), and the chain
// RPC of docs/behaviour.md section 7: POST /v1?chainId=eip155:31337&projectId=... forwarded to that chain's
// node, so the kit can use this backend as its RPC endpoint.
import { Hono, type Context } from 'hono'
import {
  jsonRpcBatchResponseSchema,
  jsonRpcPayloadSchema,
  jsonRpcResponseSchema,
  rpcQuerySchema,
  supportedChainsResponseSchema
} from '../../../src/api/schemas/index.js'
import type { ServerContext } from '../context.js'
import { ApiError, badRequest, forbidden, parseBody, parseQuery, requireProject, respond } from '../http.js'

const RPC_TIMEOUT_MS = 10_000

export function supportedChainsRoutes(context: ServerContext): Hono {
  const app = new Hono()

  app.get('/v1/supported-chains', c => {
    requireProject(c, context)
    // Every network it reads balances, history and NFTs for: the EVM chains and the Solana runtime
    // (the kit asks nothing for a network off this list: docs/behaviour.md section 5).
    const http = [
      ...context.chains.map(chain => chain.caipNetworkId),
      ...(context.solana ? [context.solana.caipNetworkId] : []),
      ...(context.bitcoin ? [context.bitcoin.caipNetworkId] : [])
    ]
    // No websocket endpoint is proxied: ws stays empty.
    return respond(c, supportedChainsResponseSchema, { http, ws: [] })
  })

  const rpc = async (c: Context) => {
    const query = parseQuery(c, rpcQuerySchema)
    if (!context.config.projects.some(project => project.id === query.projectId)) {
      throw forbidden(`Invalid Project ID: '${query.projectId}' is not a project of this backend`)
    }
    const chain = context.chains.find(candidate => candidate.caipNetworkId === query.chainId)
    if (!chain) {
      throw badRequest(
        `Chain '${query.chainId}' is not supported by this backend (supported: ${context.chains.map(item => item.caipNetworkId).join(', ') || 'none'})`
      )
    }
    const payload = await parseBody(c, jsonRpcPayloadSchema)
    let response: Response
    try {
      response = await fetch(chain.rpcUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(RPC_TIMEOUT_MS)
      })
    } catch (error) {
      throw new ApiError(
        502,
        `The node of ${chain.caipNetworkId} did not answer: ${(error as Error).message}`,
        'bad_gateway'
      )
    }
    let answer: unknown
    try {
      answer = await response.json()
    } catch {
      throw new ApiError(
        502,
        `The node of ${chain.caipNetworkId} answered ${response.status} without JSON`,
        'bad_gateway'
      )
    }
    return respond(c, Array.isArray(payload) ? jsonRpcBatchResponseSchema : jsonRpcResponseSchema, answer as never)
  }
  app.post('/v1', rpc)
  app.post('/v1/', rpc)

  return app
}
