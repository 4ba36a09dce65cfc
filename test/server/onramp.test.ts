// Onramp without a running chain: options (USDC on 1 and 137, tUSDC on the local chains the
// backend serves), quotes (providers, the 1-2 % fee, the payment method limits with a clear 400),
// onramp URLs and their orders, and the sandbox page (real HTML under a strict CSP, its script and
// styles as files). The transfer itself is tested against real chains in local-chains.test.ts.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { CONTRACTS } from '../../local/chain/deployment.js'
import { createChainContext } from '../../service/backend/context.js'
import {
  onrampOptionsResponseSchema,
  onrampOrderSchema,
  onrampQuoteResponseSchema,
  onrampUrlResponseSchema,
  type OnrampQuoteBody
} from '../../src/api/schemas/index.js'
import { createTestApp, openTestDatabase, type TestApp, type TestDatabase } from './helpers.js'

let database: TestDatabase
/** Local chains configured, but nothing listens at their RPC URLs. */
let app: TestApp
/** No chain at all. */
let bare: TestApp

const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

before(async () => {
  database = await openTestDatabase()
  app = await createTestApp(database.db, {
    chains: [createChainContext(31337, 'http://127.0.0.1:9'), createChainContext(31338, 'http://127.0.0.1:9')]
  })
  bare = await createTestApp(database.db)
})

after(async () => {
  await app?.close()
  await bare?.close()
  await database?.dispose()
})

describe('GET /v1/onramp/options', () => {
  it('offers USDC on Ethereum and Polygon, tUSDC on the local chains, and USD and EUR with the spec limits', async () => {
    const options = await app.get('/v1/onramp/options', onrampOptionsResponseSchema)
    const usdc = options.purchaseCurrencies.find(currency => currency.id === 'USDC')!
    assert.deepEqual(
      usdc.networks.map(network => [network.name, network.chain_id]),
      [
        ['ethereum', '1'],
        ['polygon', '137']
      ]
    )
    const test = options.purchaseCurrencies.find(currency => currency.id === 'tUSDC')!
    assert.equal(test.symbol, 'tUSDC')
    assert.deepEqual(
      test.networks.map(network => [network.name, network.chain_id, network.contract_address]),
      [
        ['appkit-local-a', '31337', CONTRACTS.tUSDC],
        ['appkit-local-b', '31338', CONTRACTS.tUSDC]
      ]
    )
    assert.deepEqual(
      options.paymentCurrencies.map(currency => currency.id),
      ['USD', 'EUR']
    )
    for (const currency of options.paymentCurrencies) {
      assert.deepEqual(currency.payment_method_limits, [
        { id: 'card', min: '10.00', max: '7500.00' },
        { id: 'ach_bank_account', min: '10.00', max: '25000.00' }
      ])
    }
  })

  it('offers no local token when no local chain runs', async () => {
    const options = await bare.get('/v1/onramp/options', onrampOptionsResponseSchema)
    assert.deepEqual(
      options.purchaseCurrencies.map(currency => currency.id),
      ['USDC']
    )
  })
})

describe('POST /v1/onramp/quote', () => {
  const quote = (body: Partial<OnrampQuoteBody>) =>
    app.post('/v1/onramp/quote', onrampQuoteResponseSchema, {
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '100.00',
      network: 'USDC',
      ...body
    })
  const quoteError = (body: Partial<OnrampQuoteBody> & Record<string, unknown>) =>
    app.error('POST', '/v1/onramp/quote', 400, {
      body: { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100.00', network: 'USDC', ...body }
    })

  it('quotes with a provider fee of 1 to 2 percent: total = subtotal + fees, purchase = subtotal at 1 USD', async () => {
    for (const provider of ['coinbase', 'meld'] as const) {
      for (const amount of ['10.00', '10.01', '99.99', '100', '1234.56', '7500.00']) {
        const answer = await quote({ amount, provider })
        const total = Number(answer.paymentTotal.amount)
        const fee = answer.fees.reduce((sum, item) => sum + Number(item.amount), 0)
        assert.equal(total, Number(amount))
        assert.ok(fee >= total * 0.01 - 1e-9 && fee <= total * 0.02 + 1e-9, `${provider} fee ${fee} on ${total}`)
        assert.equal(Math.round((Number(answer.paymentSubtotal.amount) + fee) * 100), Math.round(total * 100))
        assert.equal(answer.purchaseAmount.currency, 'USDC')
        assert.equal(Number(answer.purchaseAmount.amount), Number(answer.paymentSubtotal.amount))
        assert.match(answer.quoteId, /^[0-9a-f-]{36}$/)
      }
    }
    const coinbase = await quote({ provider: 'coinbase' })
    const meld = await quote({ provider: 'meld' })
    assert.deepEqual(coinbase.fees, [{ type: 'provider', amount: '1.50', currency: 'USD' }])
    assert.deepEqual(meld.fees, [{ type: 'provider', amount: '1.90', currency: 'USD' }])
    assert.notEqual(coinbase.quoteId, (await quote({})).quoteId)
  })

  it('prices EUR at the sandbox rate and tUSDC on a local network', async () => {
    const eur = await quote({ paymentCurrency: 'EUR', amount: '100.00' })
    assert.equal(eur.paymentTotal.currency, 'EUR')
    assert.equal(eur.purchaseAmount.amount, '106.380000') // 98.50 EUR × 1.08
    const local = await quote({ purchaseCurrency: 'tUSDC', network: 'tUSDC', amount: '50.00' })
    assert.deepEqual(local.purchaseAmount, { amount: '49.250000', currency: 'tUSDC' })
  })

  it("checks the amount against the payment method's min and max", async () => {
    assert.equal(await quoteError({ amount: '9.99' }), 'Amount 9.99 USD is below the card minimum of 10.00 USD')
    assert.equal(await quoteError({ amount: '7500.01' }), 'Amount 7500.01 USD is above the card maximum of 7500.00 USD')
    assert.equal((await quote({ amount: '7500.01', paymentMethod: 'ach_bank_account' })).paymentTotal.amount, '7500.01')
    assert.equal((await quote({ amount: '25000', paymentMethod: 'ach_bank_account' })).paymentTotal.amount, '25000.00')
    assert.equal(
      await quoteError({ amount: '25000.01', paymentMethod: 'ach_bank_account' }),
      'Amount 25000.01 USD is above the ach_bank_account maximum of 25000.00 USD'
    )
    assert.equal(
      await quoteError({ amount: '5', paymentCurrency: 'EUR' }),
      'Amount 5.00 EUR is below the card minimum of 10.00 EUR'
    )
    assert.equal(
      await quoteError({ paymentMethod: 'paypal' }),
      "Invalid body field 'paymentMethod': expected one of 'card', 'ach_bank_account', got 'paypal'"
    )
  })

  it('answers 400 naming the field for bad input', async () => {
    assert.equal(
      await quoteError({ amount: 'ten' }),
      `Invalid body field 'amount': expected a non-negative decimal number as a string such as "10.00", got 'ten'`
    )
    assert.equal(
      await quoteError({ amount: 100 as unknown as string }),
      "Invalid body field 'amount': expected a string, got 100"
    )
    assert.equal(
      await quoteError({ amount: '10.001' }),
      "Invalid body field 'amount': expected at most 2 decimals, got '10.001'"
    )
    assert.equal(await quoteError({ amount: undefined }), "Missing body field 'amount'")
    assert.equal(
      await quoteError({ purchaseCurrency: 'DOGE' }),
      "Unknown purchase currency 'DOGE' (expected one of USDC, tUSDC)"
    )
    assert.equal(
      await quoteError({ paymentCurrency: 'GBP' }),
      "Unknown payment currency 'GBP' (expected one of USD, EUR)"
    )
    assert.match(
      await quoteError({ network: 'ETH' }),
      /^Invalid body field 'network': expected the purchase currency's symbol 'USDC'/
    )
    assert.equal(
      await quoteError({ provider: 'moonpay' as 'meld' }),
      `Invalid body field 'provider': expected one of "coinbase", "meld", got 'moonpay'`
    )
  })
})

describe('POST /v1/generators/onrampurl and the sandbox page', () => {
  const urlBody = (overrides: Record<string, unknown> = {}) => ({
    destinationWallets: [{ address: WALLET, blockchains: ['appkit-local-a'], assets: ['tUSDC'] }],
    partnerUserId: 'user-1',
    defaultExperience: 'buy',
    ...overrides
  })

  async function newOrder(overrides: Record<string, unknown> = {}) {
    const { url } = await app.post('/v1/generators/onrampurl', onrampUrlResponseSchema, urlBody(overrides))
    const parsedUrl = new URL(url)
    assert.equal(parsedUrl.pathname, '/onramp/sandbox')
    const id = parsedUrl.searchParams.get('order')!
    const order = await app.ok('GET', `/onramp/sandbox/orders/${id}`, onrampOrderSchema, { sdk: false })
    return { url, id, order }
  }

  it('answers a URL of the sandbox page on this backend and stores the order', async () => {
    const { url, order } = await newOrder({ presetFiatAmount: 50 })
    assert.match(url, /^http:\/\/127\.0\.0\.1:8787\/onramp\/sandbox\?order=[0-9a-f]{32}$/)
    assert.equal(order.status, 'created')
    assert.equal(order.network, 'appkit-local-a')
    assert.equal(order.caipNetworkId, 'eip155:31337')
    assert.equal(order.destination, WALLET)
    assert.equal(order.asset, 'tUSDC')
    assert.equal(order.tokenAddress, CONTRACTS.tUSDC)
    assert.equal(order.fiatAmount, '50.00')
    assert.equal(order.feeAmount, '0.75')
    assert.equal(order.cryptoAmount, '49.250000')
    assert.equal(order.txHash, null)
  })

  it('honours defaultNetwork, presetCryptoAmount and the configured public URL', async () => {
    const { order } = await newOrder({
      destinationWallets: [{ address: WALLET, blockchains: ['appkit-local-a', 'appkit-local-b'] }],
      defaultNetwork: 'appkit-local-b',
      presetCryptoAmount: 25
    })
    assert.equal(order.caipNetworkId, 'eip155:31338')
    assert.equal(order.cryptoAmount, '25.000000')
    assert.equal(order.fiatAmount, '25.39') // 25.39 - 0.39 fee = 25.00
    const hosted = await createTestApp(app.db, {
      chains: app.context.chains,
      config: { publicUrl: 'https://backend.example' }
    })
    const { url } = await hosted.post('/v1/generators/onrampurl', onrampUrlResponseSchema, urlBody())
    assert.match(url, /^https:\/\/backend\.example\/onramp\/sandbox\?order=/)
    await hosted.close()
    const { order: standard } = await newOrder()
    assert.equal(standard.fiatAmount, '100.00')
  })

  it('answers 400 for networks or assets the sandbox cannot deliver and for bad bodies', async () => {
    const error = (body: Record<string, unknown>) => app.error('POST', '/v1/generators/onrampurl', 400, { body })
    assert.equal(
      await error(urlBody({ destinationWallets: [{ address: WALLET, blockchains: ['ethereum'] }] })),
      "Network 'ethereum' is not available in the sandbox onramp (available: appkit-local-a, appkit-local-b)"
    )
    assert.equal(
      await error(
        urlBody({ destinationWallets: [{ address: WALLET, blockchains: ['appkit-local-a'], assets: ['USDC'] }] })
      ),
      "Asset 'USDC' is not available on 'appkit-local-a' in the sandbox onramp (available: tUSDC)"
    )
    assert.equal(
      await error(urlBody({ presetFiatAmount: 5 })),
      'Amount 5.00 USD is below the card minimum of 10.00 USD'
    )
    assert.equal(
      await error(urlBody({ destinationWallets: [] })),
      "Invalid body field 'destinationWallets': expected at least 1, got []"
    )
    assert.equal(
      await error(urlBody({ defaultExperience: 'send' })),
      `Invalid body field 'defaultExperience': expected one of "buy", got 'send'`
    )
    assert.match(
      await error(urlBody({ destinationWallets: [{ address: 'not-an-address', blockchains: ['appkit-local-a'] }] })),
      /^Invalid body field 'destinationWallets.0.address': expected an EVM address/
    )
    assert.equal(
      await bare.error('POST', '/v1/generators/onrampurl', 400, { body: urlBody() }),
      "Network 'appkit-local-a' is not available in the sandbox onramp (available: none, no local chain is running)"
    )
  })

  it('serves the sandbox page as HTML under a strict CSP, with its script and styles as files', async () => {
    const { url, order } = await newOrder({ presetFiatAmount: 20 })
    const page = await app.request('GET', url, { sdk: false })
    assert.equal(page.status, 200)
    assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8')
    const csp = page.headers.get('content-security-policy') ?? ''
    assert.match(csp, /default-src 'none'/)
    assert.match(csp, /script-src 'self'(;|$)/)
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/)
    assert.match(page.text, /^<!doctype html>/)
    assert.match(page.text, /<html lang="en">/)
    assert.match(page.text, /<script src="\/onramp\/sandbox\.js" defer><\/script>/)
    assert.doesNotMatch(
      page.text,
      /<script>|<script [^>]*>[^<]|<style|style="|\son[a-z]+="/,
      'no inline script, style or handler'
    )
    assert.ok(page.text.includes(order.destination))
    assert.ok(page.text.includes(`action="/onramp/sandbox/orders/${order.id}/pay"`))
    assert.match(
      page.text,
      /<button id="pay-button" type="submit">Pay <span id="pay-total">20\.00<\/span> USD<\/button>/
    )
    assert.match(page.text, /<label for="fiat-amount">/)
    const script = await app.request('GET', '/onramp/sandbox.js', { sdk: false })
    assert.equal(script.status, 200)
    assert.equal(script.headers.get('content-type'), 'text/javascript; charset=utf-8')
    assert.match(script.text, /addEventListener\('submit'/)
    const css = await app.request('GET', '/onramp/sandbox.css', { sdk: false })
    assert.equal(css.headers.get('content-type'), 'text/css; charset=utf-8')
  })

  it('answers an HTML 404 for an unknown order and 400 for a link without one', async () => {
    const missing = await app.request('GET', `/onramp/sandbox?order=${'0'.repeat(32)}`, { sdk: false })
    assert.equal(missing.status, 404)
    assert.match(missing.text, /Order not found/)
    const bad = await app.request('GET', '/onramp/sandbox', { sdk: false })
    assert.equal(bad.status, 400)
    assert.match(bad.headers.get('content-type') ?? '', /text\/html/)
    assert.equal(
      await app.error('GET', `/onramp/sandbox/orders/${'0'.repeat(32)}`, 404, { sdk: false }),
      `No onramp order '${'0'.repeat(32)}'`
    )
    assert.equal(
      await app.error('GET', '/onramp/sandbox/orders/xyz', 400, { sdk: false }),
      "Invalid path parameter 'id': expected an order id (32 hex digits), got 'xyz'"
    )
  })

  it('marks the order failed with the reason when the chain cannot be reached, and lets it be paid again', async () => {
    const { id } = await newOrder()
    const failed = await app.post(`/onramp/sandbox/orders/${id}/pay`, onrampOrderSchema, {}, { sdk: false })
    assert.equal(failed.status, 'failed')
    assert.ok(failed.error && failed.error.length > 0)
    assert.equal(failed.txHash, null)
    const page = await app.request('GET', `/onramp/sandbox?order=${id}`, { sdk: false })
    assert.match(page.text, /status-failed/)
    const again = await app.post(
      `/onramp/sandbox/orders/${id}/pay`,
      onrampOrderSchema,
      { fiatAmount: '30.00' },
      { sdk: false }
    )
    assert.equal(again.status, 'failed')
    assert.equal(again.fiatAmount, '30.00')
    assert.equal(again.cryptoAmount, '29.550000')
    assert.equal(
      await app.error('POST', `/onramp/sandbox/orders/${id}/pay`, 400, { sdk: false, body: { fiatAmount: '8000' } }),
      'Amount 8000.00 USD is above the card maximum of 7500.00 USD'
    )
  })
})
