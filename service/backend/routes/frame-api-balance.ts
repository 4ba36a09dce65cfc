// The embedded wallet's balances (service/frame/README.md), on the frame's origin behind the same Origin
// check as frame-api.ts's routes: what the frame answers wallet_getAssets from (service/frame/assets.ts).
//   GET /frame-api/balance?address=0x…   bearer (a session bound to the host page, as every wallet
//                                        route); the address's token balances on every chain the
//                                        backend reads, read from the chain now, in the shape of
//                                        GET /v1/account/{address}/balance (docs/behaviour.md section 3)
// Without a master key there are no sessions: 503, as the other wallet routes.
import { Hono } from 'hono'
import * as z from 'zod/mini'
import { balanceResponseSchema } from '../../../src/api/schemas/index.js'
import { blockchainService } from '../blockchain/service.js'
import type { ServerContext } from '../context.js'
import type { EmbeddedWallet } from '../embedded/wallet.js'
import { ApiError, parseQuery, respond } from '../http.js'
import { originGuard } from './frame-api.js'
import { hostOriginOf, NOT_CONFIGURED } from './frame-api-wallet.js'

const balanceQuerySchema = z.object({
  address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'an EVM address'))
})

export interface FrameBalanceOptions {
  /** The frame's own origin, known once it listens. */
  readonly origin: () => string
  /** Undefined when no master key is configured: 503. */
  readonly wallet: EmbeddedWallet | undefined
}

export function frameBalanceRoutes(context: ServerContext, { origin, wallet }: FrameBalanceOptions): Hono {
  const app = new Hono()
  app.use('/frame-api/balance', originGuard(origin))
  const service = blockchainService(context)
  // Token icons are the main backend's (/public/getTokenImage), known only from its public URL.
  const publicUrl = context.config.publicUrl?.replace(/\/$/, '')
  const iconUrl = (imageId: string) =>
    publicUrl ? `${publicUrl}/public/getTokenImage/${encodeURIComponent(imageId)}` : ''

  app.get('/frame-api/balance', async c => {
    if (!wallet) throw new ApiError(503, NOT_CONFIGURED, 'not_configured')
    await wallet.account(c.req.header('Authorization'), hostOriginOf(c))
    const { address } = parseQuery(c, balanceQuerySchema)
    const balances = await service.balances.balances(address as `0x${string}`, { forceUpdate: true, iconUrl })
    return respond(c, balanceResponseSchema, { balances })
  })

  return app
}
