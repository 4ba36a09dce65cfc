/**
 * The local Bitcoin regtest node's rules (issue 34, "The local Bitcoin network"; spec section 3:
 * Bitcoin networks, bip122 payment accounts): the fixed test accounts, funded at genesis; every
 * transaction validated before the mempool takes it (double spends, signatures, fee, value),
 * refused in Bitcoin Core's words; confirmations that only grow.
 */
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { p2tr, p2wpkh, RawTx, WIF } from '@scure/btc-signer'
import { secp256k1, schnorr } from '@noble/curves/secp256k1'
import {
  bitcoinTestAccounts,
  type BitcoinTestAccount,
  REGTEST_CAIP_NETWORK_ID,
  REGTEST_GENESIS_HASH,
  REGTEST_NETWORK,
  TEST_ORDINALS_OUTPUT_SATS,
  TEST_PAYMENT_OUTPUTS_SATS
} from '../../local/bitcoin/accounts.js'
import { startBitcoin, type LocalBitcoin } from '../../local/bitcoin/start.js'
import { get, rpc, signSpend, utxosOf, withWitnessOf, type Utxo } from './helpers.js'

const [alice, bob, carol, dave] = [0, 1, 2, 3].map(i => bitcoinTestAccounts[i]!) as [
  BitcoinTestAccount,
  BitcoinTestAccount,
  BitcoinTestAccount,
  BitcoinTestAccount
]
/** A fresh P2WPKH address (key sha256('appkit-elements/bitcoin/test/fresh-recipient')), funded by the tests only. */
const fresh = 'bcrt1qdvg7yyauue2ykgpch3fv5xt9xp88ayhtkxys2u'

let node: LocalBitcoin

before(async () => {
  node = await startBitcoin({ port: 0, blockIntervalMs: 0 })
})

after(async () => {
  await node?.stop()
})

const send = (hex: string) => rpc(node.url, 'sendrawtransaction', [hex])
const status = async (txid: string) => (await get(node.url, `/tx/${txid}/status`)).body as Record<string, unknown>
const biggest = (utxos: Utxo[]) => [...utxos].sort((a, b) => b.value - a.value)[0]!

describe('local Bitcoin node: test accounts (issue 34; spec section 3, bip122 payment and ordinal)', () => {
  test('every key is sha256(seed); addresses, public keys and WIF follow from it', () => {
    for (const account of bitcoinTestAccounts) {
      for (const key of [account.payment, account.ordinals]) {
        const priv = createHash('sha256').update(key.seed).digest()
        assert.equal(priv.toString('hex'), key.privateKey)
        assert.equal(WIF(REGTEST_NETWORK).encode(priv), key.wif)
      }
      const paymentPub = secp256k1.getPublicKey(Buffer.from(account.payment.privateKey, 'hex'), true)
      assert.equal(Buffer.from(paymentPub).toString('hex'), account.payment.publicKey)
      assert.equal(p2wpkh(paymentPub, REGTEST_NETWORK).address, account.payment.address)
      const ordinalsPub = schnorr.getPublicKey(Buffer.from(account.ordinals.privateKey, 'hex'))
      assert.equal(Buffer.from(ordinalsPub).toString('hex'), account.ordinals.publicKey)
      assert.equal(p2tr(ordinalsPub, undefined, REGTEST_NETWORK).address, account.ordinals.address)
      assert.match(account.payment.address, /^bcrt1q/)
      assert.match(account.ordinals.address, /^bcrt1p/)
    }
  })

  test("regtest genesis (Core's, CAIP-2 bip122:0f9188f1…) and the accounts funded in block 1", async () => {
    assert.equal(node.genesisHash, REGTEST_GENESIS_HASH)
    assert.equal(node.caipNetworkId, REGTEST_CAIP_NETWORK_ID)
    assert.equal((await rpc(node.url, 'getblockhash', [0])).result, REGTEST_GENESIS_HASH)
    const payment = await utxosOf(node.url, dave.payment.address)
    assert.deepEqual(
      payment.map(u => u.value).sort((a, b) => b - a),
      [...TEST_PAYMENT_OUTPUTS_SATS]
    )
    const ordinals = await utxosOf(node.url, dave.ordinals.address)
    assert.deepEqual(
      ordinals.map(u => u.value),
      [TEST_ORDINALS_OUTPUT_SATS]
    )
    const fundingTxid = payment[0]!.txid
    assert.equal(ordinals[0]!.txid, fundingTxid)
    assert.deepEqual(await status(fundingTxid), {
      confirmed: true,
      block_height: 1,
      block_hash: (await rpc(node.url, 'getblockhash', [1])).result,
      block_time: (await status(fundingTxid)).block_time
    })
  })

  test('the same funding transaction on every start (fixed across restarts)', async () => {
    const other = await startBitcoin({ port: 0, blockIntervalMs: 0 })
    try {
      // Same txids, outputs and values (block 1's hash differs: it holds the start time).
      const outputs = async (url: string) =>
        (await utxosOf(url, alice.payment.address)).map(({ txid, vout, value }) => ({ txid, vout, value }))
      assert.deepEqual(await outputs(other.url), await outputs(node.url))
    } finally {
      await other.stop()
    }
  })
})

describe('local Bitcoin node: spends and confirmations (issue 34)', () => {
  test('a P2WPKH payment spend is accepted, pending, then confirmed; confirmations grow with each block', async () => {
    const input = biggest(await utxosOf(node.url, alice.payment.address))
    const spend = signSpend({
      key: alice.payment,
      inputs: [input],
      outputs: [
        { address: fresh, value: 150_000_000 },
        { address: alice.payment.address, value: input.value - 150_000_000 - 200 }
      ]
    })
    const sent = await send(spend.hex)
    assert.equal(sent.error, null)
    assert.equal(sent.result, spend.txid)
    assert.deepEqual(await status(spend.txid), { confirmed: false })
    const pending = (await rpc(node.url, 'getrawtransaction', [spend.txid, true])).result as Record<string, unknown>
    assert.equal(pending.confirmations, undefined)

    const [hash] = (await rpc(node.url, 'generatetoaddress', [1, fresh])).result as string[]
    const confirmed = await status(spend.txid)
    assert.equal(confirmed.confirmed, true)
    assert.equal(confirmed.block_hash, hash)
    const confirmations = async () =>
      ((await rpc(node.url, 'getrawtransaction', [spend.txid, 1])).result as { confirmations: number }).confirmations
    assert.equal(await confirmations(), 1)
    node.mine(2)
    assert.equal(await confirmations(), 3)
    assert.equal((await status(spend.txid)).block_hash, hash, 'no reorganisation: the block stays')
    const received = await utxosOf(node.url, fresh)
    assert.ok(received.some(u => u.txid === spend.txid && u.value === 150_000_000))
  })

  test('a P2TR key-path (ordinals) spend is accepted and confirmed', async () => {
    const [input] = await utxosOf(node.url, bob.ordinals.address)
    const spend = signSpend({
      key: bob.ordinals,
      inputs: [input!],
      outputs: [{ address: bob.payment.address, value: input!.value - 500 }]
    })
    assert.equal((await send(spend.hex)).result, spend.txid)
    node.mine(1)
    assert.equal((await status(spend.txid)).confirmed, true)
    assert.deepEqual(await utxosOf(node.url, bob.ordinals.address), [])
  })

  test('a chain of unconfirmed spends: a mempool output can be spent before its block', async () => {
    const input = biggest(await utxosOf(node.url, carol.payment.address))
    const first = signSpend({
      key: carol.payment,
      inputs: [input],
      outputs: [{ address: carol.payment.address, value: input.value - 300 }]
    })
    assert.equal((await send(first.hex)).error, null)
    const second = signSpend({
      key: carol.payment,
      inputs: [{ txid: first.txid, vout: 0, value: input.value - 300 }],
      outputs: [{ address: carol.payment.address, value: input.value - 600 }]
    })
    assert.equal((await send(second.hex)).error, null)
    node.mine(1)
    assert.equal((await status(second.txid)).confirmed, true)
  })
})

describe('local Bitcoin node: refusals in Bitcoin Core words (issue 34)', () => {
  test('double spend: refused within the mempool (txn-mempool-conflict) and after the block (missingorspent)', async () => {
    const input = biggest(await utxosOf(node.url, bob.payment.address))
    const pay = (to: string) =>
      signSpend({ key: bob.payment, inputs: [input], outputs: [{ address: to, value: input.value - 1000 }] })
    const first = pay(fresh)
    assert.equal((await send(first.hex)).error, null)
    const conflict = await send(pay(dave.payment.address).hex)
    assert.deepEqual(conflict.error, { code: -26, message: 'txn-mempool-conflict' })
    node.mine(1)
    const late = await send(pay(carol.payment.address).hex)
    assert.deepEqual(late.error, { code: -25, message: 'bad-txns-inputs-missingorspent' })
    // The same transaction again once confirmed: Core's "already in block chain".
    assert.deepEqual((await send(first.hex)).error, { code: -27, message: 'Transaction already in block chain' })
    assert.equal((await status(first.txid)).confirmed, true)
  })

  test('bad P2WPKH signature: over another message, and by another key', async () => {
    const [input] = (await utxosOf(node.url, dave.payment.address)).filter(u => u.value === 100_000_000)
    const outputs = (value: number) => [{ address: fresh, value }]
    const real = signSpend({ key: dave.payment, inputs: [input!], outputs: outputs(99_000_000) })
    const other = signSpend({ key: dave.payment, inputs: [input!], outputs: outputs(98_000_000) })
    const wrongMessage = await send(withWitnessOf(real.hex, other.hex))
    assert.deepEqual(wrongMessage.error, {
      code: -26,
      message: 'non-mandatory-script-verify-flag (Signature must be zero for failed CHECK(MULTI)SIG operation)'
    })
    const [bobs] = await utxosOf(node.url, bob.payment.address)
    const byBob = signSpend({ key: bob.payment, inputs: [bobs!], outputs: outputs(bobs!.value - 1000) })
    assert.deepEqual((await send(withWitnessOf(real.hex, byBob.hex))).error, {
      code: -26,
      message: 'non-mandatory-script-verify-flag (Script failed an OP_EQUALVERIFY operation)'
    })
    assert.equal((await send(real.hex)).error, null, 'the correctly signed one is accepted')
  })

  test('a high-S P2WPKH signature (valid, but malleated) is refused: low S rule', async () => {
    const [input] = (await utxosOf(node.url, carol.payment.address)).filter(u => u.value === 100_000_000)
    const spend = signSpend({ key: carol.payment, inputs: [input!], outputs: [{ address: fresh, value: 99_999_000 }] })
    const decoded = RawTx.decode(Buffer.from(spend.hex, 'hex'))
    const [sig, pubkey] = decoded.witnesses![0] as [Uint8Array, Uint8Array]
    const low = secp256k1.Signature.fromDER(sig.subarray(0, -1))
    const high = new secp256k1.Signature(low.r, secp256k1.CURVE.n - low.s).toDERRawBytes()
    const malleated = RawTx.encode({
      ...decoded,
      witnesses: [[Uint8Array.from([...high, sig[sig.length - 1]!]), pubkey]]
    })
    assert.deepEqual((await send(Buffer.from(malleated).toString('hex'))).error, {
      code: -26,
      message: 'non-mandatory-script-verify-flag (Non-canonical signature: S value is unnecessarily high)'
    })
  })

  test('an OP_RETURN output is never spendable, not even while its transaction is pending', async () => {
    const input = biggest(await utxosOf(node.url, alice.payment.address))
    const data = Uint8Array.from([0x6a, 0x04, 0x74, 0x65, 0x73, 0x74])
    const carrier = signSpend({
      key: alice.payment,
      inputs: [input],
      outputs: [
        { address: alice.payment.address, value: input.value - 1000 },
        { script: data, value: 0 }
      ]
    })
    assert.equal((await send(carrier.hex)).result, carrier.txid)
    const spend = signSpend({
      key: alice.payment,
      inputs: [
        { txid: carrier.txid, vout: 0, value: input.value - 1000 },
        { txid: carrier.txid, vout: 1, value: 0 }
      ],
      outputs: [{ address: fresh, value: input.value - 2000 }]
    })
    assert.deepEqual((await send(spend.hex)).error, { code: -25, message: 'bad-txns-inputs-missingorspent' })
  })

  test('bad P2TR signature: Invalid Schnorr signature', async () => {
    const [input] = await utxosOf(node.url, dave.ordinals.address)
    const real = signSpend({
      key: dave.ordinals,
      inputs: [input!],
      outputs: [{ address: fresh, value: input!.value - 1000 }]
    })
    const other = signSpend({
      key: dave.ordinals,
      inputs: [input!],
      outputs: [{ address: fresh, value: input!.value - 2000 }]
    })
    assert.deepEqual((await send(withWitnessOf(real.hex, other.hex))).error, {
      code: -26,
      message: 'non-mandatory-script-verify-flag (Invalid Schnorr signature)'
    })
  })

  test('fee rule: 1 sat/vB at least (min relay fee not met below it, accepted at it)', async () => {
    const [input] = await utxosOf(node.url, carol.ordinals.address)
    const spendWithFee = (fee: number) =>
      signSpend({ key: carol.ordinals, inputs: [input!], outputs: [{ address: fresh, value: input!.value - fee }] })
    const { vsize } = spendWithFee(1000)
    const below = spendWithFee(vsize - 1)
    assert.equal(below.vsize, vsize)
    assert.deepEqual((await send(below.hex)).error, {
      code: -26,
      message: `min relay fee not met, ${vsize - 1} < ${vsize}`
    })
    const zero = await send(spendWithFee(0).hex)
    assert.deepEqual(zero.error, { code: -26, message: `min relay fee not met, 0 < ${vsize}` })
    const at = spendWithFee(vsize)
    assert.equal((await send(at.hex)).result, at.txid)
    assert.equal(((await get(node.url, `/tx/${at.txid}`)).body as { fee: number }).fee, vsize)
  })

  test('outputs above inputs: bad-txns-in-belowout with both values', async () => {
    const input = biggest(await utxosOf(node.url, dave.payment.address))
    // The signer is told the input holds more (the library refuses to sign outputs above inputs).
    const spend = signSpend({
      key: dave.payment,
      inputs: [{ ...input, signedValue: input.value + 1000 }],
      outputs: [{ address: fresh, value: input.value + 1 }]
    })
    assert.deepEqual((await send(spend.hex)).error, {
      code: -26,
      message: 'bad-txns-in-belowout, value in (9.00) < value out (9.00000001)'
    })
  })

  test('a mined coinbase waits 100 blocks (premature spend refused); dust and junk refused', async () => {
    const [hash] = (await rpc(node.url, 'generatetoaddress', [1, dave.payment.address])).result as string[]
    const coinbase = (await utxosOf(node.url, dave.payment.address)).find(u => u.value >= 5_000_000_000)!
    assert.equal((await status(coinbase.txid)).block_hash, hash)
    const early = signSpend({
      key: dave.payment,
      inputs: [coinbase],
      outputs: [{ address: fresh, value: coinbase.value - 1000 }]
    })
    assert.deepEqual((await send(early.hex)).error, {
      code: -26,
      message: 'bad-txns-premature-spend-of-coinbase, tried to spend coinbase at depth 1'
    })
    const input = biggest(await utxosOf(node.url, dave.payment.address))
    const dust = signSpend({ key: dave.payment, inputs: [input], outputs: [{ address: fresh, value: 293 }] })
    assert.deepEqual((await send(dust.hex)).error, { code: -26, message: 'dust' })
    assert.deepEqual((await send('00')).error, {
      code: -22,
      message: 'TX decode failed. Make sure the tx has at least one input.'
    })
  })

  test('a fee above maxfeerate (0.10 BTC/kvB by default) is refused unless maxfeerate is 0', async () => {
    const [input] = (await utxosOf(node.url, alice.payment.address)).filter(u => u.value === 100_000_000)
    const spend = signSpend({ key: alice.payment, inputs: [input!], outputs: [{ address: fresh, value: 1_000_000 }] })
    assert.deepEqual((await send(spend.hex)).error, {
      code: -25,
      message: 'Fee exceeds maximum configured by user (e.g. -maxtxfee, maxfeerate)'
    })
    assert.equal((await rpc(node.url, 'sendrawtransaction', [spend.hex, 0])).result, spend.txid)
  })
})
