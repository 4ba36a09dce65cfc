/**
 * The Send flow's coin selection (src/adapters/bitcoin/coin-selection.ts): which outputs pay, the
 * change and its dust rule, the refusals, the size estimate against a signed transaction's, and Max.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { secp256k1 } from '@noble/curves/secp256k1'
import * as btc from '@scure/btc-signer'
import {
  dustLimit,
  estimateVsize,
  feeFor,
  maxSendable,
  selectCoins,
  type Utxo
} from '../../src/adapters/bitcoin/coin-selection.js'

const utxo = (value: number, confirmed = true, vout = 0): Utxo => ({
  txid: String(value).padStart(64, '0'),
  vout,
  value: BigInt(value),
  confirmed
})
const p2wpkh = { inputKind: 'p2wpkh', receiverKind: 'p2wpkh', changeKind: 'p2wpkh' } as const

test("the dust limits are Bitcoin Core's at 3000 sat/kvB", () => {
  assert.equal(dustLimit('p2wpkh'), 294n)
  assert.equal(dustLimit('p2tr'), 330n)
  assert.equal(dustLimit('p2wsh'), 330n)
  assert.equal(dustLimit('p2pkh'), 546n)
  assert.equal(dustLimit('p2sh'), 540n)
})

test('a payment takes confirmed outputs first, then the larger, and sends change back', () => {
  const utxos = [utxo(30_000), utxo(500_000, false), utxo(80_000), utxo(50_000)]
  const selection = selectCoins({ utxos, amount: 100_000n, feeRate: 2, ...p2wpkh })
  assert.ok(typeof selection === 'object')
  // 80,000 + 50,000 (confirmed, largest first); the unconfirmed 500,000 is left while confirmed ones pay.
  assert.deepEqual(
    selection.inputs.map(input => input.value),
    [80_000n, 50_000n]
  )
  const vsize = estimateVsize('p2wpkh', 2, ['p2wpkh', 'p2wpkh'])
  assert.equal(selection.vsize, vsize)
  assert.equal(selection.fee, feeFor(vsize, 2))
  assert.equal(selection.change, 130_000n - 100_000n - selection.fee)
})

test('change under the dust limit is not made: it goes to the fee', () => {
  const fee1 = feeFor(estimateVsize('p2wpkh', 1, ['p2wpkh', 'p2wpkh']), 1)
  // Exactly the dust limit of change is made...
  const atDust = selectCoins({ utxos: [utxo(Number(100_000n + fee1 + 294n))], amount: 100_000n, feeRate: 1, ...p2wpkh })
  assert.ok(typeof atDust === 'object')
  assert.equal(atDust.change, 294n)
  // ...one satoshi less is not: no change output, the 293 sat go to the fee.
  const underDust = selectCoins({
    utxos: [utxo(Number(100_000n + fee1 + 293n))],
    amount: 100_000n,
    feeRate: 1,
    ...p2wpkh
  })
  assert.ok(typeof underDust === 'object')
  assert.equal(underDust.change, 0n)
  assert.equal(underDust.fee, fee1 + 293n)
  assert.equal(underDust.vsize, estimateVsize('p2wpkh', 1, ['p2wpkh']))
})

test('an amount under the receiver output’s dust limit is refused', () => {
  const utxos = [utxo(1_000_000)]
  assert.equal(selectCoins({ utxos, amount: 293n, feeRate: 1, ...p2wpkh }), 'dust')
  assert.equal(selectCoins({ utxos, amount: 329n, feeRate: 1, ...p2wpkh, receiverKind: 'p2tr' }), 'dust')
  assert.equal(selectCoins({ utxos, amount: 545n, feeRate: 1, ...p2wpkh, receiverKind: 'p2pkh' }), 'dust')
  assert.ok(typeof selectCoins({ utxos, amount: 294n, feeRate: 1, ...p2wpkh }) === 'object')
})

test('more than the outputs hold is insufficient balance; the amount without room for the fee is insufficient fee', () => {
  const utxos = [utxo(60_000), utxo(40_000)]
  assert.equal(selectCoins({ utxos, amount: 100_001n, feeRate: 1, ...p2wpkh }), 'insufficient-balance')
  assert.equal(selectCoins({ utxos, amount: 100_000n, feeRate: 1, ...p2wpkh }), 'insufficient-fee')
  const fee = feeFor(estimateVsize('p2wpkh', 2, ['p2wpkh']), 1)
  const all = selectCoins({ utxos, amount: 100_000n - fee, feeRate: 1, ...p2wpkh })
  assert.ok(typeof all === 'object')
  assert.equal(all.change, 0n)
  assert.equal(all.fee, fee)
  assert.equal(selectCoins({ utxos: [], amount: 1000n, feeRate: 1, ...p2wpkh }), 'insufficient-balance')
})

test('the fee rounds up, and a fractional rate is kept', () => {
  assert.equal(feeFor(141, 1), 141n)
  assert.equal(feeFor(141, 1.5), 212n)
  assert.equal(feeFor(141, 0.99), 140n)
})

test('the size estimate is never under a signed transaction’s (P2WPKH and P2TR inputs)', () => {
  for (const taproot of [false, true]) {
    for (let attempt = 0; attempt < 8; attempt++) {
      const key = btc.utils.randomPrivateKeyBytes()
      const spend = taproot ? btc.p2tr(btc.utils.pubSchnorr(key)) : btc.p2wpkh(secp256k1.getPublicKey(key, true))
      const tx = new btc.Transaction()
      for (let i = 0; i < 3; i++) {
        tx.addInput({
          txid: String(i + 1).padStart(64, 'a'),
          index: i,
          witnessUtxo: { script: spend.script, amount: 100_000n },
          ...('tapInternalKey' in spend ? { tapInternalKey: spend.tapInternalKey } : {})
        })
      }
      tx.addOutput({ script: btc.p2tr(btc.utils.pubSchnorr(key)).script, amount: 50_000n })
      tx.addOutput({ script: spend.script, amount: 240_000n })
      tx.sign(key)
      tx.finalize()
      const estimate = estimateVsize(taproot ? 'p2tr' : 'p2wpkh', 3, ['p2tr', taproot ? 'p2tr' : 'p2wpkh'])
      assert.ok(estimate >= tx.vsize, `estimate ${estimate} < signed ${tx.vsize}`)
      assert.ok(estimate - tx.vsize <= 1, `estimate ${estimate} far above signed ${tx.vsize}`)
    }
  }
})

test('Max spends every output to one receiver output, less its fee; 0 when the fee takes it all', () => {
  const utxos = [utxo(60_000), utxo(40_000, false)]
  const fee = feeFor(estimateVsize('p2wpkh', 2, ['p2tr']), 3)
  assert.equal(maxSendable(utxos, 3, 'p2wpkh', 'p2tr'), 100_000n - fee)
  const max = maxSendable(utxos, 3, 'p2wpkh', 'p2tr')
  const selection = selectCoins({ utxos, amount: max, feeRate: 3, ...p2wpkh, receiverKind: 'p2tr' })
  assert.ok(typeof selection === 'object')
  assert.equal(selection.change, 0n)
  assert.equal(maxSendable([utxo(400)], 1, 'p2wpkh', 'p2tr'), 0n)
  assert.equal(maxSendable([], 1, 'p2wpkh', 'p2tr'), 0n)
})
