import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { getHistoryClient } from '../../src/api/history-client.js'
import { FaultServer } from './fault-server.js'

const ADDRESS = '0x' + 'ab'.repeat(20)
const transaction = (id: string, transfers: unknown[]) => ({
  id,
  metadata: {
    minedAt: '2026-11-20T10:00:00.000Z',
    chain: 'eip155:31337',
    operationType: 'receive',
    status: 'confirmed',
    sentFrom: '0x' + '11'.repeat(20),
    sentTo: ADDRESS
  },
  transfers
})

let server: FaultServer

function client() {
  const found = getHistoryClient({ projectId: 'project-history', apiUrl: server.url })
  assert.ok(found, 'a history client for an apiUrl')
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

describe('the history client', () => {
  it('asks the history API with the cursor and chain, and returns the page and the next cursor', async () => {
    server.reply({ json: { data: [transaction('0xaa', [])], next: 'cursor-2' } })
    const page = await client().transactions(ADDRESS, { cursor: 'cursor-1', chainId: 'eip155:31337' })
    assert.deepEqual(
      page.data.map(entry => entry.id),
      ['0xaa']
    )
    assert.equal(page.next, 'cursor-2')
    const request = lastRequest()
    assert.equal(request.path, `/v1/account/${ADDRESS}/history`)
    assert.equal(request.query.get('cursor'), 'cursor-1')
    assert.equal(request.query.get('chainId'), 'eip155:31337')
    assert.equal(request.query.get('onramp'), null)
    assert.equal(request.query.get('projectId'), 'project-history')
  })

  it('asks for onramp purchases with onramp=coinbase', async () => {
    server.reply({ json: { data: [], next: null } })
    await client().transactions(ADDRESS, { onramp: 'coinbase' })
    assert.equal(lastRequest().query.get('onramp'), 'coinbase')
  })

  it('rejects a page that does not fit the schema (a transfer direction it does not know)', async () => {
    server.reply({
      json: { data: [transaction('0xbb', [{ direction: 'sideways', quantity: { numeric: '1' } }])], next: null }
    })
    await assert.rejects(client().transactions(ADDRESS))
  })

  it("gives icons and NFT previews served by the backend the project's query; others stay as they are", async () => {
    server.reply({
      json: {
        data: [
          transaction('0xcc', [
            {
              fungible_info: { symbol: 'ETH', icon: { url: `${server.url}/public/getTokenImage/ETH` } },
              direction: 'in',
              quantity: { numeric: '1' }
            },
            {
              nft_info: {
                name: 'AKTC #1',
                content: { preview: { url: 'https://cdn.example/nft.svg' } },
                flags: { is_spam: false }
              },
              direction: 'in',
              quantity: { numeric: '1' }
            }
          ])
        ],
        next: null
      }
    })
    const page = await client().transactions(ADDRESS)
    const [fungible, nft] = page.data[0]?.transfers ?? []
    const icon = new URL(fungible?.fungible_info?.icon?.url ?? '')
    assert.equal(`${icon.origin}${icon.pathname}`, `${server.url}/public/getTokenImage/ETH`)
    assert.equal(icon.searchParams.get('projectId'), 'project-history')
    assert.equal(nft?.nft_info?.content?.preview?.url, 'https://cdn.example/nft.svg')
  })
})
