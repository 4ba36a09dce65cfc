// The embedded wallet frame's backend API (service/frame/README.md "The frame's backend API"), served only
// on the frame's own origin (service/backend/frame-app.ts), never with CORS headers:
//   GET  /frame-api/projects/:projectId   the project's allowed origins (404 unknown project)
//   POST /frame-api/rpc?chainId=eip155:N  a JSON-RPC request forwarded to that chain's node: one the
//                                        backend reads, else config.frameRpcUrls' (the spec's frame
//                                        networks, service/backend/frame-networks.ts); 404 'Unknown chain' for
//                                        any other. The URL is never taken from the request.
//   POST /frame-api/bundler?chainId=eip155:N  the ERC-4337 bundler's JSON-RPC (service/backend/bundler/)
//   GET  /frame-api/smart-accounts        the EntryPoint, the account factory and the chains with both
//   the e-mail login, session and key routes: frame-api-wallet.ts
// A POST (any method but GET/HEAD) whose Origin is not the frame's own origin, or that has none:
// 403 'Forbidden origin'. A GET carrying another origin's Origin gets the same.
import { Hono, type MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as z from 'zod/mini'
import { jsonRpcPayloadSchema, jsonRpcRequestSchema } from '../../../src/api/schemas/index.js'
import { UNKNOWN_CHAIN } from '../../../src/frame/rpc-methods.js'
import type { EmbeddedWallet } from '../embedded/wallet.js'
import { ApiError, notFound, parseBody, parseParams, parseQuery } from '../http.js'
import { frameWalletRoutes } from './frame-api-wallet.js'
import { BundlerError } from '../bundler/bundler.js'
import { contextBundler } from '../bundler/context-bundler.js'
import { createSmartAccountNetworks } from '../bundler/smart-account-networks.js'
import type { ServerContext } from '../context.js'
import { bodyLimits, FRAME_RPC_PATHS } from '../body-limit.js'
import type { Address } from 'viem'

export const FORBIDDEN_ORIGIN = 'Forbidden origin'
const RPC_TIMEOUT_MS = 15_000

export interface FrameApiOptions {
  /** The frame's own origin ('http://127.0.0.1:8788'), known once it listens. */
  origin: () => string
  /** Undefined when no master key is configured: the wallet routes answer 503. */
  wallet: EmbeddedWallet | undefined
}

const projectParamsSchema = z.object({ projectId: z.string().check(z.minLength(1), z.maxLength(200)) })
const bundlerQuerySchema = z.object({
  chainId: z.string().check(z.regex(/^eip155:\d{1,20}$/, 'an EVM CAIP-2 chain id'))
})
const rpcQuerySchema = z.object({
  chainId: z.string().check(z.regex(/^(?:eip155:\d{1,20}|solana:[1-9A-HJ-NP-Za-km-z]{1,44})$/, 'a CAIP-2 chain id'))
})

/** 403 unless the request comes from `origin` (see the header comment). */
export function originGuard(origin: () => string): MiddlewareHandler {
  return async (c, next) => {
    const sent = c.req.header('Origin')
    const safe = c.req.method === 'GET' || c.req.method === 'HEAD'
    if (safe ? sent !== undefined && sent !== origin() : sent !== origin()) {
      throw new ApiError(403, FORBIDDEN_ORIGIN, 'forbidden_origin')
    }
    await next()
  }
}

export function frameApiRoutes(context: ServerContext, options: FrameApiOptions): Hono {
  const app = new Hono()

  app.use('/frame-api/*', originGuard(options.origin))
  app.use('/frame-api/*', bodyLimits(FRAME_RPC_PATHS))

  app.get('/frame-api/projects/:projectId', c => {
    const { projectId } = parseParams(c, projectParamsSchema)
    const project = context.config.projects.find(candidate => candidate.id === projectId)
    if (!project) throw notFound('Unknown project')
    return c.json({ allowedOrigins: project.allowedOrigins })
  })

  app.post('/frame-api/rpc', async c => {
    const { chainId } = parseQuery(c, rpcQuerySchema)
    const rpcUrl =
      context.chains.find(chain => chain.caipNetworkId === chainId)?.rpcUrl ??
      (context.solana?.caipNetworkId === chainId ? context.solana.rpcUrl : undefined) ??
      (Object.hasOwn(context.config.frameRpcUrls, chainId) ? context.config.frameRpcUrls[chainId] : undefined)
    if (!rpcUrl) throw notFound(UNKNOWN_CHAIN)
    const payload = await parseBody(c, jsonRpcPayloadSchema)
    let response: Response
    try {
      response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(RPC_TIMEOUT_MS)
      })
    } catch (error) {
      throw new ApiError(502, `The node of ${chainId} did not answer: ${(error as Error).message}`, 'bad_gateway')
    }
    let answer: unknown
    try {
      answer = await response.json()
    } catch {
      throw new ApiError(502, `The node of ${chainId} answered ${response.status} without JSON`, 'bad_gateway')
    }
    return c.json(answer as object, response.status as ContentfulStatusCode)
  })

  const bundler = contextBundler(context)
  app.post('/frame-api/bundler', async c => {
    const { chainId } = parseQuery(c, bundlerQuerySchema)
    const request = await parseBody(c, jsonRpcRequestSchema)
    try {
      const result = await bundler.handle(Number(chainId.slice('eip155:'.length)), request.method, request.params ?? [])
      return c.json({ jsonrpc: '2.0', id: request.id, result })
    } catch (error) {
      if (!(error instanceof BundlerError)) throw error
      const data = error.data === undefined ? {} : { data: error.data }
      return c.json({ jsonrpc: '2.0', id: request.id, error: { code: error.code, message: error.message, ...data } })
    }
  })

  const smartAccountNetworks = createSmartAccountNetworks({
    chains: context.chains,
    entryPoint: context.config.entryPoint as Address,
    factory: context.config.accountFactory as Address
  })
  app.get('/frame-api/smart-accounts', async c => c.json(await smartAccountNetworks()))

  app.route('/', frameWalletRoutes(context, options.wallet))

  return app
}
