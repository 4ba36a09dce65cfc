import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import * as z from 'zod/mini'
import { isSafeUrl } from '../../src/utils/safe-url.js'
import * as s from '../../src/api/schemas/index.js'
import { VALID_RESPONSES } from '../fixtures/api-responses.js'

const EVM = '0x' + '12'.repeat(20)
const USER = `eip155:1:${EVM}`
const USDC = 'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const tx = { from: EVM, to: EVM, data: '0x095ea7b3', value: '0' }

describe('response schemas', () => {
  for (const [name, schema, example] of VALID_RESPONSES) {
    it(`${name}: a valid example parses`, () => {
      const result = z.safeParse(schema, example)
      assert.ok(result.success, result.success ? '' : z.prettifyError(result.error))
    })
  }

  it('refuse what the wire must never carry', () => {
    const bad: Array<[z.ZodMiniType, unknown]> = [
      [
        s.balanceResponseSchema,
        {
          balances: [
            { name: 'X', symbol: 'X', chainId: '1', price: 1, quantity: { decimals: '18', numeric: '1' }, iconUrl: '' }
          ]
        }
      ],
      [s.gasPriceResponseSchema, { standard: 1000, fast: '1', instant: '1' }],
      [s.gasPriceResponseSchema, { standard: '-1', fast: '1', instant: '1' }],
      [s.buildApproveResponseSchema, { ...tx, to: 'not-an-address' }],
      [
        s.convertQuotesResponseSchema,
        { quotes: [{ id: null, fromAddress: USDC, toAddress: USDC, fromAmount: '1.5', toAmount: '1' }] }
      ],
      [
        s.onrampOptionsResponseSchema,
        {
          purchaseCurrencies: [],
          paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: 'ten', max: '1' }] }]
        }
      ],
      [s.historyResponseSchema, { data: [], next: undefined }],
      [s.getWalletsResponseSchema, { data: [], count: -1 }]
    ]
    for (const [schema, example] of bad)
      assert.equal(z.safeParse(schema, example).success, false, JSON.stringify(example))
  })
})

describe('request schemas (as the server parses them)', () => {
  it('getWallets: strings in, numbers and lists out; bad pages refused', () => {
    assert.deepEqual(s.getWalletsQuerySchema.parse({ page: '1', entries: '100', exclude: 'a,,b ', search: 'meta' }), {
      page: 1,
      entries: 100,
      exclude: ['a', 'b'],
      search: 'meta'
    })
    for (const query of [
      { page: '0', entries: '4' },
      { page: '1', entries: '101' },
      { page: 'x', entries: '4' },
      { entries: '4' }
    ]) {
      assert.equal(s.getWalletsQuerySchema.safeParse(query).success, false, JSON.stringify(query))
    }
  })

  it('balance: currency must be usd; forceUpdate reads as a boolean', () => {
    assert.equal(s.balanceQuerySchema.parse({ currency: 'usd', forceUpdate: 'false' }).forceUpdate, false)
    assert.equal(s.balanceQuerySchema.safeParse({ currency: 'eur' }).success, false)
  })

  it('bodies: register name, build-transaction, onramp quote, revoke, analytics event', () => {
    assert.ok(
      s.registerNameBodySchema.safeParse({
        coin_type: 60,
        address: EVM,
        message: '{"name":"alice.appkit.id","timestamp":1}',
        signature: '0xabcd'
      }).success
    )
    assert.equal(
      s.registerNameBodySchema.safeParse({ coin_type: 60, address: 'nobody', message: 'm', signature: '0xab' }).success,
      false
    )
    assert.ok(s.registerNameMessageSchema.safeParse({ name: 'alice.appkit.id', timestamp: 1_700_000_000_000 }).success)
    assert.ok(
      s.buildTransactionBodySchema.safeParse({
        projectId: 'p',
        amount: '1',
        eip155: { slippage: '1' },
        from: USDC,
        to: USER,
        userAddress: USER
      }).success
    )
    assert.equal(
      s.buildTransactionBodySchema.safeParse({
        projectId: 'p',
        amount: 1,
        eip155: { slippage: '1' },
        from: USDC,
        to: USER,
        userAddress: USER
      }).success,
      false
    )
    assert.ok(
      s.onrampQuoteBodySchema.safeParse({
        purchaseCurrency: 'usdc',
        paymentCurrency: 'USD',
        amount: '100.00',
        network: 'USDC'
      }).success
    )
    assert.ok(
      s.onrampUrlBodySchema.safeParse({
        destinationWallets: [{ address: EVM, blockchains: ['ethereum'], assets: ['USDC'] }],
        partnerUserId: 'p',
        defaultExperience: 'buy',
        presetFiatAmount: 100
      }).success
    )
    assert.ok(s.revokeSessionBodySchema.safeParse({ pci: 'pci-1', signature: '0xab' }).success)
    assert.ok(
      s.analyticsEventSchema.safeParse({
        eventId: 'e',
        url: 'https://a',
        domain: 'a',
        timestamp: 1,
        props: { type: 'track', event: 'MODAL_OPEN' }
      }).success
    )
    assert.ok(
      s.sdkQuerySchema.safeParse({ projectId: 'p', st: 'appkit', sv: 'html-appkit-elements-0.1.0', clientId: 'c' })
        .success
    )
  })

  it('addresses: EVM with or without 0x, Solana base58, Bitcoin segwit; tx hashes 64 hex digits', () => {
    const bitcoin = ['bcrt1qvjg7uyaw0m4gns0g2jq0lmpyj0wpu8xhlvkrx7', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq']
    for (const ok of [EVM, EVM.slice(2), '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', ...bitcoin])
      assert.ok(s.accountAddressSchema.safeParse(ok).success, ok)
    for (const bad of [
      '0x123',
      'O0Il' + 'a'.repeat(40),
      '',
      'bc1q0' + 'b'.repeat(37) /* b is no bech32 character, 0 no base58 one */,
      'xx1qvjg7uyaw0m4gns0g2jq0lmpyj0wpu8xhl'
    ])
      assert.equal(s.accountAddressSchema.safeParse(bad).success, false, bad)
    assert.ok(s.transactionHashSchema.safeParse('0x' + 'f'.repeat(64)).success)
    assert.equal(s.transactionHashSchema.safeParse('0x' + 'f'.repeat(63)).success, false)
  })
})

describe('isSafeUrl', () => {
  const backend = ['http://127.0.0.1:8787']

  it('accepts https and the configured origins', () => {
    assert.ok(isSafeUrl('https://wallet.example/img.png'))
    assert.ok(isSafeUrl('http://127.0.0.1:8787/getWalletImage/1', backend))
  })

  it('refuses script, data, other http origins, credentials and junk', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'http://evil.example/x.png',
      'http://127.0.0.1:9999/x',
      'https://user:pass@wallet.example/',
      '/relative/path',
      'not a url',
      ''
    ]) {
      assert.equal(isSafeUrl(url, backend), false, url)
    }
  })
})
