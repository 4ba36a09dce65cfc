// Spec.md section 5: calls are skipped with empty results when the network is unsupported. The
// clients read the backend's list (section 7: GET /v1/supported-chains) once, then ask the backend
// only for the networks on it. A scripted server counts what reaches it.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { getAccountClient } from '../../src/api/account-client.js'
import { getHistoryClient } from '../../src/api/history-client.js'
import { getNftClient } from '../../src/api/nft-client.js'
import { FaultServer } from './fault-server.js'

const ADDRESS = '0x' + 'ab'.repeat(20)
const SERVED = 'eip155:31337'
const NOT_SERVED = 'eip155:1'
const SUPPORTED = '/v1/supported-chains'

let server: FaultServer

before(async () => {
  server = await FaultServer.start()
})
after(() => server.close())

/** Every client of one project (each test its own: the list is read once per project and backend). */
function clients(projectId: string) {
  const config = { projectId, apiUrl: server.url }
  const account = getAccountClient(config)
  const history = getHistoryClient(config)
  const nfts = getNftClient(config)
  assert.ok(account && history && nfts)
  return { account, history, nfts }
}

const paths = () => server.requests.map(request => request.path)
const native = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: SERVED,
  price: 1,
  quantity: { decimals: '18', numeric: '1.5' },
  iconUrl: ''
}

/** Answers each data path with an entry, so a request that should not be made would show. */
function backend(list: { status?: number; json?: unknown }) {
  server.route(SUPPORTED, list)
  server.reply(request => {
    if (request.path.endsWith('/balance')) return { json: { balances: [native] } }
    if (request.path.endsWith('/history')) return { json: { data: [], next: null } }
    if (request.path.endsWith('/nfts')) return { json: { data: [] } }
    return { status: 404, json: { message: 'not scripted' } }
  })
}

describe('networks the backend does not serve (docs/behaviour.md section 5)', () => {
  it('asks nothing for a network off the list and answers empty: balance, tokens, history, NFTs', async () => {
    backend({ json: { http: [SERVED], ws: [] } })
    const { account, history, nfts } = clients('project-unsupported')
    assert.equal(await account.nativeBalance(ADDRESS, NOT_SERVED), undefined)
    assert.equal(await account.tokenBalances(ADDRESS, NOT_SERVED), undefined)
    assert.deepEqual(await history.transactions(ADDRESS, { chainId: NOT_SERVED }), { data: [], next: null })
    assert.deepEqual(await nfts.nfts(ADDRESS, { chainId: NOT_SERVED }), [])
    // The list was read once for all four calls, and nothing else reached the backend.
    assert.deepEqual(paths(), [SUPPORTED])
    assert.equal(server.requests[0]?.query.get('projectId'), 'project-unsupported')
  })

  it('asks as before for a network on the list', async () => {
    backend({ json: { http: [SERVED, 'eip155:31338'], ws: [] } })
    const { account, history, nfts } = clients('project-supported')
    assert.deepEqual(await account.nativeBalance(ADDRESS, SERVED), { balance: '1.5', symbol: 'ETH' })
    assert.deepEqual(
      (await account.tokenBalances(ADDRESS, SERVED))?.map(entry => entry.symbol),
      ['ETH']
    )
    assert.deepEqual(await history.transactions(ADDRESS, { chainId: SERVED }), { data: [], next: null })
    assert.deepEqual(await nfts.nfts(ADDRESS, { chainId: SERVED }), [])
    assert.deepEqual(paths(), [
      SUPPORTED,
      `/v1/account/${ADDRESS}/balance`,
      `/v1/account/${ADDRESS}/balance`,
      `/v1/account/${ADDRESS}/history`,
      `/v1/account/${ADDRESS}/nfts`
    ])
  })

  it('reads the list once for calls made at the same time, and not again later', async () => {
    backend({ json: { http: [SERVED], ws: [] } })
    const { account, nfts } = clients('project-once')
    await Promise.all([
      account.nativeBalance(ADDRESS, SERVED),
      account.tokenBalances(ADDRESS, NOT_SERVED),
      nfts.nfts(ADDRESS, { chainId: NOT_SERVED })
    ])
    await account.nativeBalance(ADDRESS, SERVED)
    assert.deepEqual(paths(), [SUPPORTED, `/v1/account/${ADDRESS}/balance`, `/v1/account/${ADDRESS}/balance`])
  })

  it('a history call for every network (no chainId) is always made', async () => {
    backend({ json: { http: [SERVED], ws: [] } })
    const { history } = clients('project-all-chains')
    await history.transactions(ADDRESS)
    assert.deepEqual(paths(), [`/v1/account/${ADDRESS}/history`])
  })

  it('a list that cannot be read counts as every network served, once, without retries (README)', async () => {
    for (const [projectId, list] of [
      ['project-list-500', { status: 500, json: { message: 'down' } }],
      ['project-list-404', { status: 404, json: { message: 'Not found' } }],
      ['project-list-garbage', { json: { chains: 'all' } }]
    ] as const) {
      backend(list)
      const { account, nfts } = clients(projectId)
      assert.deepEqual(await account.nativeBalance(ADDRESS, NOT_SERVED), undefined, 'no ETH entry on eip155:1')
      await nfts.nfts(ADDRESS, { chainId: NOT_SERVED })
      assert.deepEqual(paths(), [SUPPORTED, `/v1/account/${ADDRESS}/balance`, `/v1/account/${ADDRESS}/nfts`], projectId)
    }
  })
})
