import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { getNftClient } from '../../src/api/nft-client.js'
import { FaultServer } from './fault-server.js'

const ADDRESS = '0x' + 'ab'.repeat(20)
const nft = (chainId: string, tokenId: string, imageUrl?: string) => ({
  chainId,
  contract: '0x' + '11'.repeat(20),
  tokenId,
  name: `AKTC #${tokenId}`,
  ...(imageUrl ? { image: { url: imageUrl } } : {}),
  collection: { name: 'AppKit Test Collection', symbol: 'AKTC' },
  flags: { is_spam: false }
})

let server: FaultServer

function client() {
  const found = getNftClient({ projectId: 'project-nfts', apiUrl: server.url })
  assert.ok(found, 'an NFT client for an apiUrl')
  return found
}

before(async () => {
  server = await FaultServer.start()
  // The backend's networks, read before the first call (docs/behaviour.md section 5; supported-chains.test.ts).
  server.route('/v1/supported-chains', { json: { http: ['eip155:31337', 'eip155:31338'], ws: [] } })
})
after(() => server.close())

describe('the NFT client', () => {
  it("asks for the chain's NFTs and keeps only that chain's", async () => {
    server.reply({ json: { data: [nft('eip155:31337', '1'), nft('eip155:31338', '2')] } })
    const nfts = await client().nfts(ADDRESS, { chainId: 'eip155:31337' })
    assert.deepEqual(
      nfts.map(entry => entry.tokenId),
      ['1']
    )
    const request = server.requests.at(-1)
    assert.equal(request?.path, `/v1/account/${ADDRESS}/nfts`)
    assert.equal(request?.query.get('chainId'), 'eip155:31337')
    assert.equal(request?.query.get('projectId'), 'project-nfts')
  })

  it("links images served by the backend with the project's query; others stay as they are", async () => {
    server.reply({
      json: {
        data: [
          nft('eip155:31337', '1', `${server.url}/v1/nft/image/eip155:31337/0x${'11'.repeat(20)}/1`),
          nft('eip155:31337', '2', 'https://cdn.example/2.png')
        ]
      }
    })
    const [local, remote] = await client().nfts(ADDRESS, { chainId: 'eip155:31337' })
    assert.equal(new URL(local?.image?.url ?? '').searchParams.get('projectId'), 'project-nfts')
    assert.equal(remote?.image?.url, 'https://cdn.example/2.png')
  })

  it('rejects an answer that does not fit the schema (a token id that is not a number)', async () => {
    server.reply({ json: { data: [nft('eip155:31337', 'one')] } })
    await assert.rejects(client().nfts(ADDRESS, { chainId: 'eip155:31337' }))
  })
})
