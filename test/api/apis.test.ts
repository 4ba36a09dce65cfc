import assert from 'node:assert/strict'
import { after, before, beforeEach, describe, it } from 'node:test'
import { createApiClients, OriginNotAllowedError, type ApiClients } from '../../src/api/index.js'
import {
  balanceQuerySchema,
  buildTransactionBodySchema,
  fungiblePriceBodySchema,
  getWalletsQuerySchema,
  historyQuerySchema
} from '../../src/api/schemas/index.js'
import { FakeClock } from './fake-clock.js'
import { FaultServer } from './fault-server.js'

const ADDRESS = '0x' + 'ab'.repeat(20)
const token = (symbol: string, decimals: string) => ({
  name: symbol,
  symbol,
  chainId: 'eip155:1',
  address: 'eip155:1:0x' + '11'.repeat(20),
  value: 10,
  price: 1,
  quantity: { decimals, numeric: '10' },
  iconUrl: 'https://example.com/i.png'
})
const wallet = {
  id: 'w1',
  name: 'Wallet One',
  image_id: 'img-1',
  rdns: 'io.one',
  mobile_link: 'one://',
  desktop_link: null,
  webapp_link: null,
  chains: ['eip155:1']
}

let server: FaultServer
let clock: FakeClock
let api: ApiClients

before(async () => {
  server = await FaultServer.start()
})
after(() => server.close())
beforeEach(() => {
  clock = new FakeClock()
  api = createApiClients({ apiUrl: server.url, projectId: 'project-1', clientId: 'client-1', clock })
})

/** The recorded query without the sdk parameters, as a plain object. */
function areaQuery(index = 0): Record<string, string> {
  const sdkKeys = new Set(['st', 'sv', 'projectId', 'clientId'])
  return Object.fromEntries([...server.requests[index]!.query].filter(([key]) => !sdkKeys.has(key)))
}

describe('blockchain API', () => {
  it('balance filters tokens with decimals "0" and sends currency, chainId, forceUpdate', async () => {
    server.reply({ json: { balances: [token('USDC', '6'), token('JUNK', '0'), token('WETH', '18')] } })
    const { balances } = await api.blockchain.balance(ADDRESS, { chainId: 'eip155:1', forceUpdate: true })
    assert.deepEqual(
      balances.map(b => b.symbol),
      ['USDC', 'WETH']
    )
    assert.equal(server.requests[0]!.path, `/v1/account/${ADDRESS}/balance`)
    assert.deepEqual(areaQuery(), { currency: 'usd', chainId: 'eip155:1', forceUpdate: 'true' })
    assert.deepEqual(balanceQuerySchema.parse(areaQuery()), { currency: 'usd', chainId: 'eip155:1', forceUpdate: true })
  })

  it('history sends cursor and chainId and returns the next cursor', async () => {
    server.reply({ json: { data: [], next: 'c2' } })
    assert.deepEqual(await api.blockchain.history(ADDRESS, { cursor: 'c1', chainId: 'eip155:1' }), {
      data: [],
      next: 'c2'
    })
    assert.deepEqual(historyQuerySchema.parse(areaQuery()), { cursor: 'c1', chainId: 'eip155:1' })
    server.reply({ json: { data: [], next: null } })
    await api.blockchain.history(ADDRESS, { cursor: null })
    assert.deepEqual(areaQuery(), {})
  })

  it('path segments are encoded', async () => {
    server.reply({ json: { suggestions: [] } })
    await api.blockchain.profileSuggestions('a/b?c', { zone: 'appkit.id' })
    assert.equal(server.requests[0]!.path, '/v1/profile/suggestions/a%2Fb%3Fc')
    assert.deepEqual(areaQuery(), { zone: 'appkit.id' })
  })

  it('build-transaction and fungible price carry the project id in their bodies', async () => {
    const tx = { from: ADDRESS, to: ADDRESS, data: '0x', value: '0' }
    server.reply({ json: { tx } })
    const user = `eip155:1:${ADDRESS}`
    const built = await api.blockchain.buildTransaction({
      amount: '1000',
      eip155: { slippage: '1' },
      from: user,
      to: user,
      userAddress: user,
      disableEstimate: true
    })
    assert.deepEqual(built, { tx })
    assert.equal(buildTransactionBodySchema.parse(server.requests[0]!.json).projectId, 'project-1')
    server.reply({ json: { fungibles: [{ name: 'Ether', symbol: 'ETH', iconUrl: '', price: 3000 }] } })
    await api.blockchain.fungiblePrice([user])
    assert.deepEqual(fungiblePriceBodySchema.parse(server.requests[0]!.json), {
      projectId: 'project-1',
      currency: 'usd',
      addresses: [user]
    })
  })

  it('profile calls send apiVersion 2', async () => {
    server.reply({ json: [] })
    assert.deepEqual(await api.blockchain.profileReverse(ADDRESS, { sender: ADDRESS }), [])
    assert.deepEqual(areaQuery(), { sender: ADDRESS, apiVersion: '2' })
  })
})

describe('wallet catalog API', () => {
  it('getWallets sends page, entries and lists the server schema can read back', async () => {
    server.reply({ json: { data: [wallet], count: 501 } })
    const page = await api.catalog.getWallets({
      page: 2,
      entries: 40,
      search: '',
      include: ['a', 'b'],
      exclude: [],
      badge_type: 'certified',
      chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']
    })
    assert.deepEqual(page, { data: [wallet], count: 501 })
    assert.equal(server.requests[0]!.path, '/getWallets')
    assert.deepEqual(getWalletsQuerySchema.parse(areaQuery()), {
      page: 2,
      entries: 40,
      include: ['a', 'b'],
      badge_type: 'certified',
      chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']
    })
  })

  it('getOrigins returns the list, and [] on a failing status after its retries', async () => {
    server.reply({ json: { allowedOrigins: ['https://*.vercel.app', 'http://localhost:*'] } })
    assert.deepEqual(await api.catalog.getOrigins(), ['https://*.vercel.app', 'http://localhost:*'])
    server.reply({ status: 500 })
    assert.deepEqual(await api.catalog.getOrigins(), [])
    assert.equal(server.requests.length, 3)
  })

  it('getOrigins returns [] on malformed JSON, a bad shape or no connection', async () => {
    for (const reply of [{ raw: 'nope' }, { json: { allowedOrigins: 'all' } }, { destroy: true }]) {
      server.reply(reply)
      assert.deepEqual(await api.catalog.getOrigins(), [], JSON.stringify(reply))
    }
  })

  it('getConfig parses the remote features', async () => {
    const features = [
      { id: 'swaps', isEnabled: true, config: ['1inch'] },
      { id: 'email', isEnabled: false }
    ]
    server.reply({ json: { features } })
    assert.deepEqual(await api.catalog.getConfig(), { features })
    assert.equal(server.requests[0]!.path, '/appkit/v1/config')
  })

  it('imageUrl builds the image path with the sdk parameters and refuses odd ids', () => {
    const url = new URL(api.catalog.imageUrl('wallet', 'img-1'))
    assert.equal(url.pathname, '/getWalletImage/img-1')
    assert.equal(url.searchParams.get('projectId'), 'project-1')
    assert.equal(new URL(api.catalog.imageUrl('token', 'ETH')).pathname, '/public/getTokenImage/ETH')
    assert.throws(() => api.catalog.imageUrl('asset', '../secret'))
  })
})

describe('analytics API', () => {
  const event = {
    eventId: 'e-1',
    url: 'https://app.example/page',
    domain: 'app.example',
    timestamp: 1_900_000_000_000,
    props: { type: 'track' as const, event: 'MODAL_OPEN', properties: { connected: false } }
  }

  it('getAnalyticsConfig reads the flag, and is false on failure', async () => {
    server.reply({ json: { isAnalyticsEnabled: true } })
    assert.equal(await api.analytics.getAnalyticsConfig(), true)
    assert.equal(server.requests[0]!.path, '/getAnalyticsConfig')
    for (const reply of [{ status: 503 }, { json: { isAnalyticsEnabled: 'yes' } }]) {
      server.reply(reply)
      assert.equal(await api.analytics.getAnalyticsConfig(), false)
    }
  })

  it('sendEvent POSTs the event to /e', async () => {
    server.reply({ status: 202 })
    await api.analytics.sendEvent(event)
    const [request] = server.requests
    assert.equal(request!.method, 'POST')
    assert.equal(request!.path, '/e')
    assert.deepEqual(request!.json, event)
    assert.equal(request!.query.get('projectId'), 'project-1')
  })

  it('the POST /e goes with keepalive (a reload or a departure does not abort it); the config read does not', async () => {
    const inits: RequestInit[] = []
    const recording = createApiClients({
      apiUrl: server.url,
      projectId: 'project-1',
      clientId: 'client-1',
      clock,
      fetch: (input, init) => {
        inits.push(init ?? {})
        return fetch(input, init)
      }
    })
    server.reply({ status: 202 })
    await recording.analytics.sendEvents([event, { ...event, eventId: 'e-2' }])
    server.reply({ json: { isAnalyticsEnabled: true } })
    await recording.analytics.getAnalyticsConfig()
    assert.deepEqual(
      inits.map(init => [init.method, init.keepalive]),
      [
        ['POST', true],
        ['GET', undefined]
      ]
    )
  })

  it('sendEvent turns a 403 into the allowlist error, with a single try', async () => {
    server.reply({ status: 403, json: { message: 'Invalid App Configuration: Origin not found on Allowlist' } })
    await assert.rejects(api.analytics.sendEvent(event), (error: unknown) => {
      assert.ok(error instanceof OriginNotAllowedError)
      assert.equal(error.message, 'Invalid App Configuration: Origin not found on Allowlist')
      return true
    })
    assert.equal(server.requests.length, 1)
  })
})
