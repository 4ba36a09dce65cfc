// Onramp (docs/behaviour.md section 7): GET /v1/onramp/options, POST /v1/onramp/quote, POST
// /v1/generators/onrampurl, and the sandbox onramp those URLs open (service/backend/routes/onramp-sandbox.ts).
import { randomBytes, randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { getAddress, isAddress } from 'viem'
import {
  onrampOptionsResponseSchema,
  onrampQuoteBodySchema,
  onrampQuoteResponseSchema,
  onrampUrlBodySchema,
  onrampUrlResponseSchema
} from '../../../src/api/schemas/index.js'
import type { ServerContext } from '../context.js'
import { badRequest, parseBody, requireProject, respond } from '../http.js'
import { insertOrder } from '../onramp/orders.js'
import { checkLimits, onrampOptions, parseCents, price, purchaseAssets, quoteResponse } from '../onramp/pricing.js'
import { orderAmounts, SANDBOX_CURRENCY, SANDBOX_PROVIDER } from '../onramp/sandbox-amounts.js'
import { createTreasury, type TokenTreasury } from '../onramp/treasury.js'
import { onrampSandboxRoutes } from './onramp-sandbox.js'

export interface OnrampRoutesOptions {
  /** Sends the tokens; by default from the treasury key over the context's chains. */
  treasury?: TokenTreasury
}

export function onrampRoutes(context: ServerContext, options: OnrampRoutesOptions = {}): Hono {
  const app = new Hono()
  const localChainIds = context.chains.map(chain => chain.chainId)
  const assets = purchaseAssets(localChainIds)
  let treasury = options.treasury
  const getTreasury = () => (treasury ??= createTreasury(context.chains))

  const findAsset = (id: string) => assets.find(asset => asset.id.toLowerCase() === id.toLowerCase())

  app.get('/v1/onramp/options', c => {
    requireProject(c, context)
    return respond(c, onrampOptionsResponseSchema, onrampOptions(assets))
  })

  app.post('/v1/onramp/quote', async c => {
    requireProject(c, context)
    const body = await parseBody(c, onrampQuoteBodySchema)
    const asset = findAsset(body.purchaseCurrency)
    if (!asset) {
      throw badRequest(
        `Unknown purchase currency '${body.purchaseCurrency}' (expected one of ${assets.map(item => item.id).join(', ')})`
      )
    }
    const network = body.network.toLowerCase()
    if (network !== asset.symbol.toLowerCase() && !asset.networks.some(item => item.name === network)) {
      throw badRequest(
        `Invalid body field 'network': expected the purchase currency's symbol '${asset.symbol}' or one of its networks (${asset.networks.map(item => item.name).join(', ')}), got '${body.network}'`
      )
    }
    const currency = body.paymentCurrency.toUpperCase()
    const cents = parseCents(body.amount, "body field 'amount'")
    if (!onrampOptions(assets).paymentCurrencies.some(item => item.id === currency)) {
      throw badRequest(`Unknown payment currency '${body.paymentCurrency}' (expected one of USD, EUR)`)
    }
    checkLimits(cents, currency, body.paymentMethod ?? 'card')
    const priced = price(cents, currency, asset, body.provider ?? 'coinbase')
    return respond(c, onrampQuoteResponseSchema, quoteResponse(randomUUID(), priced, currency, asset))
  })

  app.post('/v1/generators/onrampurl', async c => {
    const { project } = requireProject(c, context)
    const body = await parseBody(c, onrampUrlBodySchema)
    const deliverable = assets.flatMap(asset =>
      asset.networks.filter(network => network.deliverable).map(network => ({ asset, network }))
    )
    // The wallet and network: defaultNetwork when a wallet lists it, else the first wallet's first network.
    const wallet =
      (body.defaultNetwork && body.destinationWallets.find(item => item.blockchains.includes(body.defaultNetwork!))) ||
      body.destinationWallets[0]!
    const networkName =
      body.defaultNetwork && wallet.blockchains.includes(body.defaultNetwork)
        ? body.defaultNetwork
        : wallet.blockchains[0]
    if (!networkName)
      throw badRequest("Invalid body field 'destinationWallets.0.blockchains': expected at least one network")
    if (!isAddress(wallet.address, { strict: false })) {
      throw badRequest(
        `Invalid body field 'destinationWallets.0.address': expected an EVM address, got '${wallet.address}'`
      )
    }
    const candidates = deliverable.filter(item => item.network.name === networkName)
    if (candidates.length === 0) {
      const available = [...new Set(deliverable.map(item => item.network.name))]
      throw badRequest(
        `Network '${networkName}' is not available in the sandbox onramp (available: ${available.join(', ') || 'none, no local chain is running'})`
      )
    }
    const wanted = wallet.assets?.[0]
    const choice = wanted
      ? candidates.find(item => item.asset.symbol.toLowerCase() === wanted.toLowerCase())
      : candidates[0]
    if (!choice) {
      throw badRequest(
        `Asset '${wanted}' is not available on '${networkName}' in the sandbox onramp (available: ${candidates.map(item => item.asset.symbol).join(', ')})`
      )
    }
    const amounts = orderAmounts(choice.asset, body.presetFiatAmount, body.presetCryptoAmount)
    const row = await insertOrder(context.db, {
      id: randomBytes(16).toString('hex'),
      project_id: project.id,
      status: 'created',
      provider: SANDBOX_PROVIDER,
      network: choice.network.name,
      chain_id: choice.network.chainId,
      destination: getAddress(wallet.address),
      asset_symbol: choice.asset.symbol,
      token_address: choice.network.contract_address,
      token_decimals: choice.asset.decimals,
      partner_user_id: body.partnerUserId,
      fiat_currency: SANDBOX_CURRENCY,
      ...amounts
    })
    const base = (context.config.publicUrl ?? new URL(c.req.url).origin).replace(/\/+$/, '')
    return respond(c, onrampUrlResponseSchema, { url: `${base}/onramp/sandbox?order=${row.id}` })
  })

  app.route('/', onrampSandboxRoutes(context, assets, getTreasury))

  return app
}
