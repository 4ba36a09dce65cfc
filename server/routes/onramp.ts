// Onramp (docs/behaviour.md section 7): GET /v1/onramp/options, POST /v1/onramp/quote, POST
// /v1/generators/onrampurl, and the sandbox onramp those URLs open: GET /onramp/sandbox?order=...
// (an HTML page), its script and styles, GET /onramp/sandbox/orders/{id} and POST
// /onramp/sandbox/orders/{id}/pay, which sends the test tokens from the treasury on the local chain.
import { randomBytes, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { Hono, type Context } from 'hono'
import { getAddress, isAddress, type Address } from 'viem'
import * as z from 'zod/mini'
import {
  onrampOptionsResponseSchema,
  onrampOrderSchema,
  onrampPayBodySchema,
  onrampQuoteBodySchema,
  onrampQuoteResponseSchema,
  onrampUrlBodySchema,
  onrampUrlResponseSchema,
  type OnrampOrder
} from '../../src/api/schemas/index.js'
import type { ServerContext } from '../context.js'
import { ApiError, badRequest, notFound, parseBody, parseOr400, parseParams, requireProject, respond } from '../http.js'
import { claimForPayment, getOrder, insertOrder, toOrder, updateOrder, type OrderRow } from '../onramp/orders.js'
import { errorPage, orderPage, SANDBOX_CSP } from '../onramp/page.js'
import {
  checkLimits,
  fiatForUnits,
  formatCents,
  formatUnitsFixed,
  onrampOptions,
  parseCents,
  price,
  purchaseAssets,
  quoteResponse,
  type OnrampNetworkInfo,
  type PurchaseAsset
} from '../onramp/pricing.js'
import { createTreasury, type TokenTreasury } from '../onramp/treasury.js'

const SANDBOX_JS = readFileSync(new URL('../onramp/sandbox.js', import.meta.url), 'utf8')
const SANDBOX_CSS = readFileSync(new URL('../onramp/sandbox.css', import.meta.url), 'utf8')

/** The default purchase when the URL request presets no amount. */
const DEFAULT_FIAT_CENTS = 100_00n
const SANDBOX_PROVIDER = 'coinbase' as const
const SANDBOX_CURRENCY = 'USD'

const orderParamsSchema = z.object({ id: z.string().check(z.regex(/^[0-9a-f]{32}$/, 'an order id (32 hex digits)')) })
const pageQuerySchema = z.object({ order: z.string().check(z.regex(/^[0-9a-f]{32}$/, 'an order id (32 hex digits)')) })

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

  // The sandbox page and its assets.
  app.get('/onramp/sandbox.js', c =>
    c.body(SANDBOX_JS, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' })
  )
  app.get('/onramp/sandbox.css', c =>
    c.body(SANDBOX_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' })
  )

  app.get('/onramp/sandbox', async c => {
    const parsed = z.safeParse(pageQuerySchema, c.req.query())
    if (!parsed.success)
      return html(c, errorPage('Sandbox onramp', 'This link has no valid order: ask the app for a new one.'), 400)
    const row = await getOrder(context.db, parsed.data.order)
    if (!row)
      return html(c, errorPage('Order not found', `There is no sandbox onramp order '${parsed.data.order}'.`), 404)
    const network = networkOf(row)
    return html(
      c,
      orderPage(toOrder(row), network?.display_name ?? row.network, row.token_decimals),
      200,
      row.status === 'processing'
    )
  })

  app.get('/onramp/sandbox/orders/:id', async c => {
    const { id } = parseParams(c, orderParamsSchema)
    const row = await getOrder(context.db, id)
    if (!row) throw notFound(`No onramp order '${id}'`)
    return respond(c, onrampOrderSchema, toOrder(row))
  })

  app.post('/onramp/sandbox/orders/:id/pay', async c => {
    const { id } = parseParams(c, orderParamsSchema)
    const isForm = (c.req.header('Content-Type') ?? '').includes('application/x-www-form-urlencoded')
    const body = isForm
      ? parseOr400(
          onrampPayBodySchema,
          omitEmpty(Object.fromEntries(Object.entries(await c.req.parseBody()).map(([k, v]) => [k, String(v)]))),
          'body'
        )
      : await parseBody(c, onrampPayBodySchema)
    const row = await getOrder(context.db, id)
    if (!row) throw notFound(`No onramp order '${id}'`)
    let order: OnrampOrder
    try {
      order = await pay(row, body.fiatAmount)
    } catch (error) {
      // The form has no script to show the message: back to the page, which shows the order's state.
      if (isForm && error instanceof ApiError && error.status === 400) {
        return html(c, errorPage('Payment not accepted', error.message), 400)
      }
      throw error
    }
    if (isForm) return c.redirect(`/onramp/sandbox?order=${id}`, 303)
    return respond(c, onrampOrderSchema, order)
  })

  /** Claims the order, sends the tokens and records the outcome; the order as it ends. */
  async function pay(row: OrderRow, fiatAmount: string | undefined): Promise<OnrampOrder> {
    if (row.status === 'completed') return toOrder(row)
    if (row.status === 'processing') throw new ApiError(409, `Order ${row.id} is already being paid`, 'conflict')
    if (row.status === 'failed' && row.tx_hash) {
      throw new ApiError(
        409,
        `Order ${row.id} failed after its transfer ${row.tx_hash} was sent; it cannot be paid again`,
        'conflict'
      )
    }
    const asset = assets.find(item => item.symbol === row.asset_symbol)
    let amounts = { crypto_amount: row.crypto_amount, fiat_amount: row.fiat_amount, fee_amount: row.fee_amount }
    if (
      fiatAmount !== undefined &&
      parseCents(fiatAmount, "body field 'fiatAmount'") !== parseCents(row.fiat_amount, 'amount')
    ) {
      if (!asset) throw badRequest(`The asset ${row.asset_symbol} of this order is no longer offered`)
      amounts = orderAmounts(asset, Number(fiatAmount), undefined, fiatAmount)
    }
    const claimed = await claimForPayment(context.db, row.id, amounts)
    if (!claimed) throw new ApiError(409, `Order ${row.id} is not payable (it is ${row.status})`, 'conflict')
    try {
      const units = parseUnitsExact(claimed.crypto_amount, claimed.token_decimals)
      const hash = await getTreasury().deliver({
        chainId: claimed.chain_id,
        token: claimed.token_address as Address,
        to: claimed.destination as Address,
        units,
        onSent: async sent => {
          await updateOrder(context.db, claimed.id, { tx_hash: sent })
        }
      })
      return toOrder(await updateOrder(context.db, claimed.id, { status: 'completed', tx_hash: hash, error: null }))
    } catch (error) {
      const reason = shortReason(error)
      console.error(`[server] onramp order ${claimed.id} failed: ${reason}`)
      return toOrder(await updateOrder(context.db, claimed.id, { status: 'failed', error: reason }))
    }
  }

  function networkOf(row: OrderRow): OnrampNetworkInfo | undefined {
    return assets.flatMap(asset => asset.networks).find(network => network.name === row.network)
  }

  return app
}

/**
 * The amounts of an order: a preset fiat amount (limits checked), else a preset crypto amount (the
 * fiat total that buys it), else the default purchase.
 */
function orderAmounts(
  asset: PurchaseAsset,
  presetFiat: number | undefined,
  presetCrypto: number | undefined,
  fiatText?: string
): { crypto_amount: string; fiat_amount: string; fee_amount: string } {
  let totalCents: bigint
  let units: bigint | undefined
  if (presetFiat !== undefined) {
    totalCents =
      fiatText !== undefined ? parseCents(fiatText, "body field 'fiatAmount'") : BigInt(Math.round(presetFiat * 100))
  } else if (presetCrypto !== undefined) {
    units = parseUnitsExact(presetCrypto.toFixed(asset.decimals), asset.decimals)
    totalCents = fiatForUnits(units, SANDBOX_CURRENCY, asset, SANDBOX_PROVIDER)
  } else {
    totalCents = DEFAULT_FIAT_CENTS
  }
  checkLimits(totalCents, SANDBOX_CURRENCY, 'card')
  const priced = price(totalCents, SANDBOX_CURRENCY, asset, SANDBOX_PROVIDER)
  return {
    crypto_amount: formatUnitsFixed(units ?? priced.units, asset.decimals),
    fiat_amount: formatCents(totalCents),
    fee_amount: formatCents(priced.feeCents)
  }
}

function parseUnitsExact(text: string, decimals: number): bigint {
  const [whole, fraction = ''] = text.split('.')
  if (fraction.length > decimals && /[1-9]/.test(fraction.slice(decimals))) {
    throw badRequest(`Amount ${text} has more than ${decimals} decimals`)
  }
  return BigInt(whole!) * 10n ** BigInt(decimals) + BigInt((fraction + '0'.repeat(decimals)).slice(0, decimals) || '0')
}

function omitEmpty(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== ''))
}

function shortReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 300)
  const viem = error as { shortMessage?: string; details?: string }
  const head = (viem.shortMessage ?? error.message).split('\n')[0]!.replace(/\.$/, '')
  const details =
    viem.details && !head.includes(viem.details) ? ` (${viem.details.split('\n')[0]!.replace(/\.$/, '')})` : ''
  return `${head}${details}`.slice(0, 300)
}

function html(c: Context, body: string, status: 200 | 400 | 404, refresh = false): Response {
  return c.body(
    refresh
      ? body.replace('<meta charset="utf-8">', '<meta charset="utf-8">\n<meta http-equiv="refresh" content="2">')
      : body,
    status,
    {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': SANDBOX_CSP,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer'
    }
  )
}
