/**
 * The backend's Bitcoin balances (issue 34, "Balance"): GET /v1/account/{address}/balance for a
 * bip122 account reads the Esplora API (here the real local regtest node): confirmed + unconfirmed,
 * in BTC with 8 decimals, priced in USD; the network is listed in /v1/supported-chains; the
 * balance moves as soon as a spend is in the mempool and stays once it is mined.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { bitcoinTestAccounts, REGTEST_CAIP_NETWORK_ID } from '../../local/bitcoin/accounts.js'
import { startBitcoin, type LocalBitcoin } from '../../local/bitcoin/start.js'
import { startServer, type RunningServer } from '../../service/backend/main.js'
import { createBitcoinContext, DEFAULT_BTC_PRICE } from '../../service/backend/bitcoin/esplora.js'
import {
  balanceResponseSchema,
  historyResponseSchema,
  nftsResponseSchema,
  supportedChainsResponseSchema
} from '../../src/api/schemas/index.js'
import { get, postTx, signSpend, utxosOf } from './helpers.js'

const SDK_QUERY = { projectId: 'appkit-local', st: 'appkit', sv: 'html-elements-0.1.0' }
const alice = bitcoinTestAccounts[0]!
const carol = bitcoinTestAccounts[2]!
/** A fresh P2WPKH address (test/bitcoin/node.test.ts's), paid by the tests only. */
const FRESH = 'bcrt1qdvg7yyauue2ykgpch3fv5xt9xp88ayhtkxys2u'

let node: LocalBitcoin
let server: RunningServer

before(async () => {
  // Blocks only on demand: the test decides when the spend is mined.
  node = await startBitcoin({ port: 0, blockIntervalMs: 0 })
  server = await startServer({ port: 0, ignoreEnv: true, bitcoin: await createBitcoinContext(node.url) })
})

after(async () => {
  await server?.stop()
  await node?.stop()
})

async function ask(path: string, query: Record<string, string> = {}) {
  const url = new URL(server.url + path)
  for (const [key, value] of Object.entries({ ...SDK_QUERY, ...query })) url.searchParams.set(key, value)
  return fetch(url)
}

async function balances(address: string, query: Record<string, string> = { chainId: REGTEST_CAIP_NETWORK_ID }) {
  const response = await ask(`/v1/account/${address}/balance`, { currency: 'usd', ...query })
  assert.equal(response.status, 200, await response.clone().text())
  return balanceResponseSchema.parse(await response.json()).balances
}

/** What the node itself says the address holds (Esplora's sums, confirmed + mempool), in satoshis. */
async function nodeSats(address: string): Promise<number> {
  const { body } = await get(node.url, `/address/${address}`)
  const stats = body as Record<'chain_stats' | 'mempool_stats', { funded_txo_sum: number; spent_txo_sum: number }>
  const { chain_stats: chain, mempool_stats: mempool } = stats
  return chain.funded_txo_sum - chain.spent_txo_sum + mempool.funded_txo_sum - mempool.spent_txo_sum
}

const btc = (sats: number) => (sats / 1e8).toFixed(8).replace(/\.?0+$/, '')

describe('Bitcoin balances on the backend (Esplora)', () => {
  test('the regtest network (its CAIP-2 id from the genesis block) is in GET /v1/supported-chains', async () => {
    const response = await ask('/v1/supported-chains')
    assert.deepEqual(supportedChainsResponseSchema.parse(await response.json()), {
      http: [REGTEST_CAIP_NETWORK_ID],
      ws: []
    })
  })

  test("a payment (P2WPKH) and an ordinals (P2TR) address: BTC, 8 decimals, the node's amount, priced", async () => {
    const [payment] = await balances(alice.payment.address)
    assert.deepEqual(payment, {
      name: 'Bitcoin',
      symbol: 'BTC',
      chainId: REGTEST_CAIP_NETWORK_ID,
      price: DEFAULT_BTC_PRICE,
      value: 10 * DEFAULT_BTC_PRICE,
      quantity: { decimals: '8', numeric: '10' },
      iconUrl: `${server.url}/public/getTokenImage/BTC`
    })
    const ordinals = await balances(alice.ordinals.address)
    assert.equal(ordinals.length, 1)
    assert.equal(ordinals[0]!.quantity.numeric, btc(await nodeSats(alice.ordinals.address)))
    assert.equal(ordinals[0]!.quantity.numeric, '0.01')
  })

  test('confirmed + unconfirmed: a spend counts from the mempool on, and the same once mined', async () => {
    const input = (await utxosOf(node.url, carol.payment.address)).find(utxo => utxo.value === 100_000_000)!
    const fee = 250
    const fresh = FRESH
    const spend = signSpend({
      key: carol.payment,
      inputs: [input],
      outputs: [
        { address: fresh, value: 12_345_678 },
        { address: carol.payment.address, value: 100_000_000 - 12_345_678 - fee }
      ]
    })
    assert.equal((await postTx(node.url, spend.hex)).status, 200)
    const pending = await balances(carol.payment.address)
    // 10 BTC less what it paid and the fee, while the spend is only in the mempool.
    assert.equal(pending[0]!.quantity.numeric, '9.87654072')
    assert.equal(pending[0]!.quantity.numeric, btc(await nodeSats(carol.payment.address)))
    assert.equal((await balances(fresh))[0]!.quantity.numeric, '0.12345678')
    node.mine(1)
    assert.equal((await balances(carol.payment.address))[0]!.quantity.numeric, '9.87654072')
    assert.equal((await balances(fresh))[0]!.quantity.numeric, '0.12345678')
  })

  test('another chain asked for a Bitcoin address answers nothing; a malformed address is a 400', async () => {
    assert.deepEqual(await balances(alice.payment.address, { chainId: 'eip155:1' }), [])
    assert.deepEqual(await balances(alice.payment.address, { chainId: 'bip122:000000000019d6689c085ae165831e93' }), [])
    const bad = await ask('/v1/account/bcrt1-not-an-address/balance', { currency: 'usd' })
    assert.equal(bad.status, 400)
  })

  test("history from Esplora: the spend and the address's funding, newest first, in BTC; NFTs empty (not 400)", async () => {
    const query = { chainId: REGTEST_CAIP_NETWORK_ID }
    const response = await ask(`/v1/account/${carol.payment.address}/history`, query)
    assert.equal(response.status, 200, await response.clone().text())
    const page = historyResponseSchema.parse(await response.json())
    assert.equal(page.next, null)
    // The spend of the test above (mined there), then block 1's coinbase that funded the address.
    const [spend, funding] = page.data
    assert.equal(page.data.length, 2)
    assert.deepEqual(
      { ...spend!.metadata, minedAt: undefined },
      {
        minedAt: undefined,
        chain: REGTEST_CAIP_NETWORK_ID,
        operationType: 'send',
        status: 'confirmed',
        sentFrom: carol.payment.address,
        sentTo: FRESH,
        hash: spend!.id
      }
    )
    assert.deepEqual(spend!.transfers, [
      {
        fungible_info: { name: 'Bitcoin', symbol: 'BTC', icon: { url: `${server.url}/public/getTokenImage/BTC` } },
        direction: 'out',
        quantity: { numeric: '0.12345678' }
      }
    ])
    assert.equal(funding!.metadata.operationType, 'receive')
    // Block 1's coinbase paid it 9 + 1 BTC in two outputs.
    assert.equal(funding!.transfers[0]!.quantity.numeric, '10')
    // The receiver's side: a receive from Carol.
    const received = historyResponseSchema.parse(await (await ask(`/v1/account/${FRESH}/history`, query)).json())
    assert.deepEqual(
      received.data.map(tx => [tx.metadata.operationType, tx.metadata.sentFrom, tx.transfers[0]!.quantity.numeric]),
      [['receive', carol.payment.address, '0.12345678']]
    )
    // A spend still in the mempool is pending, and first.
    const [coin] = (await utxosOf(node.url, carol.payment.address)).filter(utxo => utxo.value > 800_000_000)
    const pendingSpend = signSpend({
      key: carol.payment,
      inputs: [coin!],
      outputs: [
        { address: FRESH, value: 1_000_000 },
        { address: carol.payment.address, value: coin!.value - 1_000_000 - 200 }
      ]
    })
    assert.equal((await postTx(node.url, pendingSpend.hex)).status, 200)
    const after = historyResponseSchema.parse(
      await (await ask(`/v1/account/${carol.payment.address}/history`, query)).json()
    )
    assert.deepEqual(
      after.data.map(tx => [tx.id, tx.metadata.status, tx.metadata.operationType, tx.transfers[0]!.quantity.numeric]),
      [
        [pendingSpend.txid, 'pending', 'send', '0.01'],
        [spend!.id, 'confirmed', 'send', '0.12345678'],
        [funding!.id, 'confirmed', 'receive', '10']
      ]
    )
    const nfts = await ask(`/v1/account/${alice.ordinals.address}/nfts`, query)
    assert.equal(nfts.status, 200, await nfts.clone().text())
    assert.deepEqual(nftsResponseSchema.parse(await nfts.json()), { data: [] })
  })
})
