/**
 * The local Bitcoin node's APIs, in the shapes Bitcoin Core's JSON-RPC and Esplora's REST API
 * answer (issue 34, "The local Bitcoin network"; spec section 7, calls made): each route's fields
 * and types, errors, the JSON-RPC envelopes, blocks mined on the interval, 127.0.0.1 only.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { bitcoinTestAccounts, REGTEST_GENESIS_HASH } from '../../local/bitcoin/accounts.js'
import { startBitcoin, type LocalBitcoin } from '../../local/bitcoin/start.js'
import { get, postTx, rpc, signSpend, utxosOf, waitFor } from './helpers.js'

const alice = bitcoinTestAccounts[0]!
const bob = bitcoinTestAccounts[1]!
const recipient = 'bcrt1qdvg7yyauue2ykgpch3fv5xt9xp88ayhtkxys2u'
const HASH = /^[0-9a-f]{64}$/

let node: LocalBitcoin
/** Alice's payment to `recipient`, sent through POST /tx and mined by generatetoaddress. */
let paid: { txid: string; hex: string; value: number; change: number; fee: number }

before(async () => {
  // Blocks every 400 ms: the interval miner runs under these tests; no assertion depends on the tip.
  node = await startBitcoin({ port: 0, blockIntervalMs: 400 })
  const input = (await utxosOf(node.url, alice.payment.address)).find(u => u.value === 100_000_000)!
  const fee = 300
  const spend = signSpend({
    key: alice.payment,
    inputs: [input],
    outputs: [
      { address: recipient, value: 25_000_000 },
      { address: alice.payment.address, value: 75_000_000 - fee }
    ]
  })
  paid = { txid: spend.txid, hex: spend.hex, value: 25_000_000, change: 75_000_000 - fee, fee }
})

after(async () => {
  await node?.stop()
})

describe('local Bitcoin node: Esplora REST (issue 34; spec section 7)', () => {
  test('POST /tx answers the txid; GET /tx/:id and /tx/:id/status as Esplora shows them', async () => {
    const posted = await postTx(node.url, paid.hex)
    assert.deepEqual(posted, { status: 200, text: paid.txid })
    await waitFor(
      async () => ((await get(node.url, `/tx/${paid.txid}/status`)).body as { confirmed: boolean }).confirmed
    )
    const status = (await get(node.url, `/tx/${paid.txid}/status`)).body as Record<string, unknown>
    assert.deepEqual(Object.keys(status), ['confirmed', 'block_height', 'block_hash', 'block_time'])
    assert.equal(typeof status.block_height, 'number')
    assert.match(status.block_hash as string, HASH)
    const tx = (await get(node.url, `/tx/${paid.txid}`)).body as Record<string, unknown> & {
      vin: Record<string, unknown>[]
      vout: Record<string, unknown>[]
    }
    assert.deepEqual(Object.keys(tx), ['txid', 'version', 'locktime', 'vin', 'vout', 'size', 'weight', 'fee', 'status'])
    assert.equal(tx.fee, paid.fee)
    assert.deepEqual(tx.status, status)
    assert.deepEqual(Object.keys(tx.vin[0]!), [
      'txid',
      'vout',
      'prevout',
      'scriptsig',
      'scriptsig_asm',
      'witness',
      'is_coinbase',
      'sequence'
    ])
    assert.deepEqual(tx.vin[0]!.prevout, {
      scriptpubkey: (tx.vin[0]!.prevout as { scriptpubkey: string }).scriptpubkey,
      scriptpubkey_asm: `OP_0 OP_PUSHBYTES_20 ${(tx.vin[0]!.prevout as { scriptpubkey: string }).scriptpubkey.slice(4)}`,
      scriptpubkey_type: 'v0_p2wpkh',
      scriptpubkey_address: alice.payment.address,
      value: 100_000_000
    })
    assert.equal((tx.vin[0]!.witness as string[]).length, 2)
    assert.equal(tx.vin[0]!.is_coinbase, false)
    assert.deepEqual(
      tx.vout.map(o => [o.scriptpubkey_address, o.scriptpubkey_type, o.value]),
      [
        [recipient, 'v0_p2wpkh', paid.value],
        [alice.payment.address, 'v0_p2wpkh', paid.change]
      ]
    )
    assert.deepEqual(await get(node.url, `/tx/${'0'.repeat(64)}`), {
      status: 404,
      body: 'Transaction not found',
      text: 'Transaction not found'
    })
    assert.equal((await get(node.url, '/tx/xyz')).status, 400)
  })

  test('POST /tx refusal: HTTP 400 with the RPC error as electrs relays it', async () => {
    const again = await postTx(node.url, paid.hex)
    assert.equal(again.status, 400)
    assert.equal(
      again.text,
      'sendrawtransaction RPC error: {"code":-27,"message":"Transaction already in block chain"}'
    )
  })

  test('GET /address/:a: chain and mempool stats', async () => {
    const { status, body } = await get(node.url, `/address/${recipient}`)
    assert.equal(status, 200)
    assert.deepEqual(body, {
      address: recipient,
      chain_stats: {
        funded_txo_count: 1,
        funded_txo_sum: paid.value,
        spent_txo_count: 0,
        spent_txo_sum: 0,
        tx_count: 1
      },
      mempool_stats: { funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 0 }
    })
    const sender = (await get(node.url, `/address/${alice.payment.address}`)).body as {
      chain_stats: Record<string, number>
    }
    assert.deepEqual(sender.chain_stats, {
      funded_txo_count: 3,
      funded_txo_sum: 1_000_000_000 + paid.change,
      spent_txo_count: 1,
      spent_txo_sum: 100_000_000,
      tx_count: 2
    })
    assert.deepEqual(await get(node.url, '/address/bc1qnotanaddress'), {
      status: 400,
      body: 'Invalid Bitcoin address',
      text: 'Invalid Bitcoin address'
    })
  })

  test('GET /address/:a/utxo and /address/:a/txs (newest first, pending before confirmed)', async () => {
    const utxos = (await get(node.url, `/address/${recipient}/utxo`)).body as Record<string, unknown>[]
    assert.equal(utxos.length, 1)
    assert.deepEqual(Object.keys(utxos[0]!), ['txid', 'vout', 'status', 'value'])
    assert.deepEqual([utxos[0]!.txid, utxos[0]!.vout, utxos[0]!.value], [paid.txid, 0, paid.value])
    assert.equal((utxos[0]!.status as { confirmed: boolean }).confirmed, true)

    const [input] = await utxosOf(node.url, bob.ordinals.address)
    const pending = signSpend({
      key: bob.ordinals,
      inputs: [input!],
      outputs: [{ address: alice.payment.address, value: input!.value - 400 }]
    })
    // Sent and read back at once: the interval miner may confirm it in between, and both orders are checked.
    assert.equal((await postTx(node.url, pending.hex)).text, pending.txid)
    const txs = (await get(node.url, `/address/${alice.payment.address}/txs`)).body as {
      txid: string
      status: { confirmed: boolean; block_height?: number }
    }[]
    assert.deepEqual(
      txs.map(tx => tx.txid),
      [pending.txid, paid.txid, txs[2]!.txid]
    )
    assert.equal(txs[2]!.status.block_height, 1, 'the funding transaction of block 1 comes last')
    if (txs[0]!.status.confirmed) assert.ok(txs[0]!.status.block_height! > txs[1]!.status.block_height!)
    const ordinals = (await get(node.url, `/address/${bob.ordinals.address}/utxo`)).body as unknown[]
    assert.deepEqual(ordinals, [], 'an output spent in the mempool is no longer listed')
  })

  test('GET /blocks/tip/height and /fee-estimates', async () => {
    const height = await get(node.url, '/blocks/tip/height')
    assert.equal(height.status, 200)
    assert.match(height.text, /^\d+$/)
    const estimates = (await get(node.url, '/fee-estimates')).body as Record<string, number>
    assert.deepEqual(Object.keys(estimates).map(Number), [
      ...Array.from({ length: 25 }, (_, i) => i + 1),
      144,
      504,
      1008
    ])
    assert.ok(
      Object.values(estimates).every(rate => rate === 1),
      '1 sat/vB, the minimum relay fee'
    )
  })

  test('GET /block-height/:h: the block hash at that height (0: the regtest genesis), 404 past the tip', async () => {
    const genesis = await get(node.url, '/block-height/0')
    assert.equal(genesis.status, 200)
    assert.equal(genesis.text, REGTEST_GENESIS_HASH)
    assert.equal((await get(node.url, '/block-height/1')).text, node.chain.blocks[1]!.hash)
    const missing = await get(node.url, `/block-height/${node.chain.tipHeight + 1000}`)
    assert.equal(missing.status, 404)
    assert.equal(missing.text, 'Block not found')
  })

  test('blocks are mined on the interval without any request to mine', async () => {
    const start = node.chain.tipHeight
    await waitFor(async () => Number((await get(node.url, '/blocks/tip/height')).text) >= start + 2)
  })
})

describe('local Bitcoin node: Bitcoin Core JSON-RPC (issue 34; spec section 7)', () => {
  test('getblockchaininfo, getblockcount, getblockhash', async () => {
    const info = (await rpc(node.url, 'getblockchaininfo')).result as Record<string, unknown>
    assert.deepEqual(Object.keys(info), [
      'chain',
      'blocks',
      'headers',
      'bestblockhash',
      'difficulty',
      'time',
      'mediantime',
      'verificationprogress',
      'initialblockdownload',
      'chainwork',
      'size_on_disk',
      'pruned',
      'warnings'
    ])
    assert.equal(info.chain, 'regtest')
    assert.match(info.chainwork as string, HASH)
    const count = (await rpc(node.url, 'getblockcount')).result as number
    assert.ok(count >= (info.blocks as number))
    assert.equal((await rpc(node.url, 'getblockhash', [0])).result, REGTEST_GENESIS_HASH)
    assert.deepEqual(await rpc(node.url, 'getblockhash', [count + 1000]), {
      status: 500,
      result: null,
      error: { code: -8, message: 'Block height out of range' },
      id: 'test'
    })
  })

  test('getrawtransaction: hex, verbose object, verbosity 2, not found', async () => {
    assert.equal((await rpc(node.url, 'getrawtransaction', [paid.txid])).result, paid.hex)
    const tx = (await rpc(node.url, 'getrawtransaction', [paid.txid, true])).result as Record<string, unknown> & {
      vin: Record<string, unknown>[]
      vout: { value: number; n: number; scriptPubKey: Record<string, string> }[]
    }
    assert.deepEqual(Object.keys(tx), [
      'txid',
      'hash',
      'version',
      'size',
      'vsize',
      'weight',
      'locktime',
      'vin',
      'vout',
      'hex',
      'blockhash',
      'confirmations',
      'time',
      'blocktime'
    ])
    assert.deepEqual(Object.keys(tx.vin[0]!), ['txid', 'vout', 'scriptSig', 'txinwitness', 'sequence'])
    assert.equal(tx.vout[0]!.value, 0.25)
    assert.deepEqual(Object.keys(tx.vout[0]!.scriptPubKey), ['asm', 'desc', 'hex', 'address', 'type'])
    assert.equal(tx.vout[0]!.scriptPubKey.address, recipient)
    assert.equal(tx.vout[0]!.scriptPubKey.type, 'witness_v0_keyhash')
    assert.match(tx.vout[0]!.scriptPubKey.desc!, new RegExp(`^addr\\(${recipient}\\)#[a-z0-9]{8}$`))
    const full = (await rpc(node.url, 'getrawtransaction', [paid.txid, 2])).result as {
      fee: number
      vin: { prevout: { value: number } }[]
    }
    assert.equal(full.fee, paid.fee / 1e8)
    assert.equal(full.vin[0]!.prevout.value, 1)
    assert.deepEqual((await rpc(node.url, 'getrawtransaction', ['00'.repeat(32)])).error, {
      code: -5,
      message: 'No such mempool or blockchain transaction. Use gettransaction for wallet transactions.'
    })
  })

  test('sendrawtransaction and generatetoaddress; refusals carry Core codes', async () => {
    const [input] = await utxosOf(node.url, alice.ordinals.address)
    const spend = signSpend({
      key: alice.ordinals,
      inputs: [input!],
      outputs: [{ address: recipient, value: input!.value - 200 }]
    })
    assert.equal((await rpc(node.url, 'sendrawtransaction', [spend.hex])).result, spend.txid)
    const hashes = (await rpc(node.url, 'generatetoaddress', { nblocks: 2, address: recipient })).result as string[]
    assert.equal(hashes.length, 2)
    assert.ok(hashes.every(hash => HASH.test(hash)))
    assert.deepEqual((await rpc(node.url, 'sendrawtransaction', [spend.hex])).error, {
      code: -27,
      message: 'Transaction already in block chain'
    })
    assert.deepEqual((await rpc(node.url, 'generatetoaddress', [1, 'bc1qnotanaddress'])).error, {
      code: -5,
      message: 'Error: Invalid address'
    })
  })

  test('estimatesmartfee: feerate in BTC/kvB and blocks; conf_target checked', async () => {
    assert.deepEqual((await rpc(node.url, 'estimatesmartfee', [6])).result, { feerate: 0.00001, blocks: 6 })
    assert.deepEqual((await rpc(node.url, 'estimatesmartfee', [0])).error, {
      code: -8,
      message: 'Invalid conf_target, must be between 1 and 1008'
    })
  })

  test('envelopes: JSON-RPC 2.0 when asked, batches, unknown methods, wrong types', async () => {
    const call = async (body: unknown) => {
      const response = await fetch(node.url, { method: 'POST', body: JSON.stringify(body) })
      return { status: response.status, body: await response.json() }
    }
    const v2 = await call({ jsonrpc: '2.0', id: 7, method: 'getblockhash', params: [0] })
    assert.deepEqual(v2, { status: 200, body: { jsonrpc: '2.0', result: REGTEST_GENESIS_HASH, id: 7 } })
    const batch = await call([
      { jsonrpc: '1.0', id: 1, method: 'getblockhash', params: [0] },
      { jsonrpc: '1.0', id: 2, method: 'nosuchmethod', params: [] }
    ])
    assert.deepEqual(batch.body, [
      { result: REGTEST_GENESIS_HASH, error: null, id: 1 },
      { result: null, error: { code: -32601, message: 'Method not found' }, id: 2 }
    ])
    assert.equal((await call({ jsonrpc: '1.0', id: 3, method: 'nosuchmethod' })).status, 404)
    assert.deepEqual((await rpc(node.url, 'getblockhash', ['zero'])).error, {
      code: -3,
      message: 'JSON value of type string is not of expected type number'
    })
  })

  test('listens on 127.0.0.1 only', () => {
    assert.equal(new URL(node.url).hostname, '127.0.0.1')
  })
})
