import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { getAccountClient } from '../../src/api/account-client.js'
import { FaultServer } from './fault-server.js'

const ADDRESS = '0x' + 'ab'.repeat(20)
const entry = (symbol: string, decimals: string, chainId = 'eip155:31337', address?: string) => ({
  name: symbol,
  symbol,
  chainId,
  ...(address ? { address } : {}),
  value: 12.5,
  price: 1,
  quantity: { decimals, numeric: '12.5' },
  iconUrl: 'https://example.com/i.png'
})

let server: FaultServer

function client() {
  const found = getAccountClient({ projectId: 'project-tokens', apiUrl: server.url })
  assert.ok(found, 'an account client for an apiUrl')
  return found
}

function lastRequest() {
  const request = server.requests.at(-1)
  assert.ok(request, 'a request reached the server')
  return request
}

before(async () => {
  server = await FaultServer.start()
  // The backend's networks, read before the first call (docs/behaviour.md section 5; supported-chains.test.ts).
  server.route('/v1/supported-chains', { json: { http: ['eip155:31337', 'eip155:31338'], ws: [] } })
})
after(() => server.close())

describe('the account client: tokenBalances', () => {
  it("asks the balance API for the chain in usd, and keeps the chain's entries without decimals '0'", async () => {
    server.reply({
      json: {
        balances: [
          entry('ETH', '18'),
          entry('tUSDC', '6', 'eip155:31337', 'eip155:31337:0x' + '11'.repeat(20)),
          entry('JUNK', '0', 'eip155:31337', 'eip155:31337:0x' + '22'.repeat(20)),
          entry('OTHER', '18', 'eip155:31338')
        ]
      }
    })
    const balances = await client().tokenBalances(ADDRESS, 'eip155:31337')
    assert.ok(balances, 'a network the backend serves has a list')
    assert.deepEqual(
      balances.map(balance => balance.symbol),
      ['ETH', 'tUSDC']
    )
    const request = lastRequest()
    assert.equal(request.path, `/v1/account/${ADDRESS}/balance`)
    assert.equal(request.query.get('currency'), 'usd')
    assert.equal(request.query.get('chainId'), 'eip155:31337')
    assert.equal(request.query.get('forceUpdate'), null)
  })

  it('asks with forceUpdate after a transaction', async () => {
    server.reply({ json: { balances: [] } })
    await client().tokenBalances(ADDRESS, 'eip155:31337', { forceUpdate: true })
    assert.equal(lastRequest().query.get('forceUpdate'), 'true')
  })

  it('rejects an answer that does not fit the schema', async () => {
    server.reply({ json: { balances: [{ symbol: 'ETH' }] } })
    await assert.rejects(client().tokenBalances(ADDRESS, 'eip155:31337'))
  })

  it("gives an icon served by the backend itself the project's query (an <img> sends no header); others stay as they are", async () => {
    server.reply({
      json: {
        balances: [
          { ...entry('ETH', '18'), iconUrl: `${server.url}/public/getTokenImage/ETH` },
          { ...entry('tUSDC', '6'), iconUrl: 'https://cdn.example/usdc.png' }
        ]
      }
    })
    const [eth, usdc] = (await client().tokenBalances(ADDRESS, 'eip155:31337')) ?? []
    const icon = new URL(eth?.iconUrl ?? '')
    assert.equal(`${icon.origin}${icon.pathname}`, `${server.url}/public/getTokenImage/ETH`)
    assert.equal(icon.searchParams.get('projectId'), 'project-tokens')
    assert.equal(usdc?.iconUrl, 'https://cdn.example/usdc.png')
  })
})

describe('the account client: one balance request for the native balance and the Tokens list (issue 33)', () => {
  it('a nativeBalance and a tokenBalances asked together share one request (and one series of retries); the next asks again', async () => {
    server.reply({ status: 500 }, { json: { balances: [entry('ETH', '18')] } })
    server.requests.length = 0
    const [native, tokens] = await Promise.all([
      client().nativeBalance(ADDRESS, 'eip155:31337'),
      client().tokenBalances(ADDRESS, 'eip155:31337')
    ])
    assert.deepEqual(native, { balance: '12.5', symbol: 'ETH' })
    assert.deepEqual(
      tokens?.map(balance => balance.symbol),
      ['ETH']
    )
    const balanceRequests = () => server.requests.filter(request => request.path.endsWith('/balance'))
    assert.equal(balanceRequests().length, 2, 'the 500 and its one retry, for both callers')
    await client().nativeBalance(ADDRESS, 'eip155:31337')
    assert.equal(balanceRequests().length, 3, 'a later call is not answered from the earlier one')
  })

  it('a forced nativeBalance and a forced tokenBalances (after a send) share one request with forceUpdate', async () => {
    server.reply({ json: { balances: [entry('ETH', '18')] } })
    server.requests.length = 0
    await Promise.all([
      client().nativeBalance(ADDRESS, 'eip155:31337', { forceUpdate: true }),
      client().tokenBalances(ADDRESS, 'eip155:31337', { forceUpdate: true })
    ])
    const balanceRequests = server.requests.filter(request => request.path.endsWith('/balance'))
    assert.equal(balanceRequests.length, 1)
    assert.equal(balanceRequests[0]!.query.get('forceUpdate'), 'true')
  })

  it('forceUpdate is another request', async () => {
    server.reply({ json: { balances: [entry('ETH', '18')] } })
    await Promise.all([
      client().nativeBalance(ADDRESS, 'eip155:31337'),
      client().tokenBalances(ADDRESS, 'eip155:31337', { forceUpdate: true })
    ])
    assert.equal(server.requests.filter(request => request.path.endsWith('/balance')).length, 2)
  })
})
