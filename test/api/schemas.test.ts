import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import * as z from 'zod/mini'
import { isSafeUrl } from '../../src/utils/safe-url.js'
import * as s from '../../src/api/schemas/index.js'

const EVM = '0x' + '12'.repeat(20)
const USER = `eip155:1:${EVM}`
const USDC = 'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const tx = { from: EVM, to: EVM, data: '0x095ea7b3', value: '0' }

/** One valid example of every response of docs/behaviour.md section 7. */
const valid: Array<[string, z.ZodMiniType, unknown]> = [
  ['supported-chains', s.supportedChainsResponseSchema, { http: ['eip155:1'], ws: ['eip155:1'] }],
  ['identity', s.identityResponseSchema, { name: 'alice.appkit.id', avatar: null }],
  [
    'history',
    s.historyResponseSchema,
    {
      data: [
        {
          id: 'tx-1',
          metadata: {
            minedAt: '2024-05-01T10:00:00Z',
            chain: 'eip155:1',
            operationType: 'receive',
            status: 'confirmed',
            sentFrom: EVM,
            sentTo: EVM,
            hash: '0x' + 'a'.repeat(64),
            nonce: 3
          },
          transfers: [
            {
              direction: 'in',
              quantity: { numeric: '1.25' },
              fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: 'https://x/i.png' } },
              value: 1.25,
              price: 1
            },
            {
              direction: 'in',
              quantity: { numeric: '1' },
              nft_info: { name: 'Spam #1', content: { preview: { url: 'https://x/p.png' } }, flags: { is_spam: true } }
            }
          ]
        }
      ],
      next: 'cursor-2'
    }
  ],
  [
    'balance',
    s.balanceResponseSchema,
    {
      balances: [
        {
          name: 'Ether',
          symbol: 'ETH',
          chainId: 'eip155:1',
          price: 3000,
          value: 30,
          quantity: { decimals: '18', numeric: '0.01' },
          iconUrl: ''
        }
      ]
    }
  ],
  [
    'convert tokens',
    s.convertTokensResponseSchema,
    {
      tokens: [
        { name: 'USD Coin', symbol: 'USDC', address: USDC, decimals: 6, logoUri: 'https://x/u.png', eip2612: true }
      ]
    }
  ],
  [
    'convert quotes',
    s.convertQuotesResponseSchema,
    { quotes: [{ id: null, fromAddress: USDC, toAddress: USER, fromAmount: '1000000', toAmount: '300000000000000' }] }
  ],
  [
    'allowance',
    s.convertAllowanceResponseSchema,
    { allowance: '115792089237316195423570985008687907853269984665640564039457584007913129639935' }
  ],
  ['gas-price', s.gasPriceResponseSchema, { standard: '1000000000', fast: '1500000000', instant: '2000000000' }],
  ['build-approve', s.buildApproveResponseSchema, tx],
  ['build-transaction', s.buildTransactionResponseSchema, { tx: { ...tx, gas: '210000', gasPrice: '1000000000' } }],
  [
    'fungible price',
    s.fungiblePriceResponseSchema,
    { fungibles: [{ name: 'USD Coin', symbol: 'USDC', address: USDC, iconUrl: '', price: 1 }] }
  ],
  [
    'profile account',
    s.profileAccountResponseSchema,
    {
      name: 'alice.appkit.id',
      registered: 1700000000,
      addresses: { '60': { address: EVM } },
      attributes: { bio: 'hi' }
    }
  ],
  [
    'profile reverse',
    s.profileReverseResponseSchema,
    [{ name: 'alice.appkit.id', registered: 1700000000, addresses: {}, attributes: {} }]
  ],
  [
    'profile suggestions',
    s.profileSuggestionsResponseSchema,
    { suggestions: [{ name: 'alice1.appkit.id', registered: false }] }
  ],
  ['register name', s.registerNameResponseSchema, { success: true }],
  ['onramp url', s.onrampUrlResponseSchema, { url: 'http://127.0.0.1:8787/onramp?order=1' }],
  [
    'onramp options',
    s.onrampOptionsResponseSchema,
    {
      purchaseCurrencies: [
        {
          id: 'usdc',
          name: 'USD Coin',
          symbol: 'USDC',
          networks: [
            { name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '0xa0b8' },
            { name: 'polygon', display_name: 'Polygon', chain_id: '137', contract_address: '0x3c49' }
          ]
        }
      ],
      paymentCurrencies: [
        {
          id: 'USD',
          payment_method_limits: [
            { id: 'card', min: '10.00', max: '7500.00' },
            { id: 'ach_bank_account', min: '10.00', max: '25000.00' }
          ]
        }
      ]
    }
  ],
  [
    'onramp quote',
    s.onrampQuoteResponseSchema,
    {
      quoteId: 'q-1',
      fees: [{ type: 'provider', amount: '1.50', currency: 'USD' }],
      paymentSubtotal: { amount: '100.00', currency: 'USD' },
      paymentTotal: { amount: '101.50', currency: 'USD' },
      purchaseAmount: { amount: '99.9', currency: 'USDC' }
    }
  ],
  [
    'sessions',
    s.sessionsResponseSchema,
    {
      pcis: [
        {
          pci: 'pci-1',
          createdAt: 1,
          expiry: 2,
          revokedAt: null,
          permissions: [{ type: 'contract-call', data: { address: EVM } }]
        }
      ]
    }
  ],
  ['revoke session', s.revokeSessionResponseSchema, { success: true }],
  [
    'getWallets',
    s.getWalletsResponseSchema,
    {
      data: [
        {
          id: 'w',
          name: 'W',
          image_id: 'i',
          rdns: null,
          mobile_link: 'w://',
          desktop_link: null,
          webapp_link: 'https://w',
          chains: ['eip155:1']
        }
      ],
      count: 1
    }
  ],
  [
    'config',
    s.projectConfigResponseSchema,
    { features: [{ id: 'onramp', isEnabled: true, config: ['coinbase', 'meld'] }] }
  ],
  ['origins', s.originsResponseSchema, { allowedOrigins: ['https://*.pages.dev'] }],
  ['analytics config', s.analyticsConfigResponseSchema, { isAnalyticsEnabled: false }],
  ['json-rpc', s.jsonRpcResponseSchema, { jsonrpc: '2.0', id: 1, result: null }]
]

describe('response schemas', () => {
  for (const [name, schema, example] of valid) {
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

  it('addresses: EVM with or without 0x, Solana base58; tx hashes 64 hex digits', () => {
    for (const ok of [EVM, EVM.slice(2), '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'])
      assert.ok(s.accountAddressSchema.safeParse(ok).success, ok)
    for (const bad of ['0x123', 'O0Il' + 'a'.repeat(40), ''])
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
