// The sandbox onramp that the URLs of POST /v1/generators/onrampurl open (docs/behaviour.md
// section 7; mounted by service/backend/routes/onramp.ts): GET /onramp/sandbox?order=... (an HTML page), its
// script and styles, GET /onramp/sandbox/orders/{id} and POST /onramp/sandbox/orders/{id}/pay,
// which sends the test tokens from the treasury on the local chain.
import { readFileSync } from 'node:fs'
import { Hono, type Context } from 'hono'
import type { Address } from 'viem'
import * as z from 'zod/mini'
import { onrampOrderSchema, onrampPayBodySchema, type OnrampOrder } from '../../../src/api/schemas/index.js'
import type { ServerContext } from '../context.js'
import { ApiError, badRequest, notFound, parseBody, parseOr400, parseParams, respond } from '../http.js'
import { claimForPayment, getOrder, toOrder, updateOrder, type OrderRow } from '../onramp/orders.js'
import { errorPage, orderPage, SANDBOX_CSP } from '../onramp/page.js'
import { parseCents, type OnrampNetworkInfo, type PurchaseAsset } from '../onramp/pricing.js'
import { orderAmounts, parseUnitsExact } from '../onramp/sandbox-amounts.js'
import type { TokenTreasury } from '../onramp/treasury.js'

const SANDBOX_JS = readFileSync(new URL('../onramp/sandbox.js', import.meta.url), 'utf8')
const SANDBOX_CSS = readFileSync(new URL('../onramp/sandbox.css', import.meta.url), 'utf8')

const orderParamsSchema = z.object({ id: z.string().check(z.regex(/^[0-9a-f]{32}$/, 'an order id (32 hex digits)')) })
const pageQuerySchema = z.object({ order: z.string().check(z.regex(/^[0-9a-f]{32}$/, 'an order id (32 hex digits)')) })

/** The sandbox's routes, selling `assets` and paying out through the treasury `getTreasury` gives. */
export function onrampSandboxRoutes(
  context: ServerContext,
  assets: readonly PurchaseAsset[],
  getTreasury: () => TokenTreasury
): Hono {
  const app = new Hono()

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
