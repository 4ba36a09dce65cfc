/**
 * Mempool acceptance, in the order of Bitcoin Core 25's AcceptToMemoryPool: the transaction's own
 * checks (CheckTransaction), standardness (IsStandardTx), finality, conflicts with the mempool,
 * inputs (exist and unspent, coinbase maturity, value in >= value out), input standardness, the
 * minimum relay fee (1 sat/vB), then every input's signature. A refusal throws a TxRejection with
 * Core's reject reason.
 */
import { formatMoney } from './bytes.js'
import { checkP2trKeyPath, checkP2wpkh, sighashTransaction, type SpentOutput } from './signatures.js'
import { isPushOnly, scriptType } from './script-info.js'
import { isCoinbase, NULL_TXID, type ParsedTx } from './tx-codec.js'
import { RPC_VERIFY_ERROR, TxRejection, rejected, scriptFailure } from './tx-errors.js'

export interface Coin extends SpentOutput {
  /** The block height it was created in; null while its transaction is in the mempool. */
  readonly height: number | null
  readonly coinbase: boolean
  /** Block 1's funding coinbase: spendable at once (the test accounts are funded at genesis). */
  readonly matureAtOnce?: boolean
}

export interface CoinView {
  readonly tipHeight: number
  readonly medianTimePast: number
  /** An unspent output: in the UTXO set or made by a mempool transaction, and not spent by one. */
  coin(txid: string, vout: number): Coin | undefined
  /** The mempool transaction spending this output, if any. */
  mempoolSpender(txid: string, vout: number): string | undefined
}

export const MAX_MONEY = 21_000_000n * 100_000_000n
export const COINBASE_MATURITY = 100
/** Core's default -minrelaytxfee: 1000 sat/kvB. */
export const MIN_RELAY_FEE_SAT_PER_KVB = 1000n
const MAX_STANDARD_WEIGHT = 400_000
const MAX_SCRIPTSIG_SIZE = 1650
const MIN_NON_WITNESS_SIZE = 65
const MAX_OP_RETURN_SIZE = 83
const LOCKTIME_THRESHOLD = 500_000_000

/** Core's GetDustThreshold at the default dust relay fee (3000 sat/kvB). */
export function dustThreshold(script: Uint8Array): bigint {
  const type = scriptType(script)
  if (type === 'nulldata') return 0n
  const outputSize = 8 + (script.length < 0xfd ? 1 : 3) + script.length
  const witness = type.startsWith('witness_') || type === 'anchor'
  return BigInt(3 * (outputSize + (witness ? 67 : 148)))
}

/** The minimum relay fee for `vsize` (Core's CFeeRate::GetFee rounds up). */
export function minRelayFee(vsize: number): bigint {
  return (MIN_RELAY_FEE_SAT_PER_KVB * BigInt(vsize) + 999n) / 1000n
}

function checkTransaction(tx: ParsedTx): void {
  if (tx.inputs.length === 0) throw rejected('bad-txns-vin-empty')
  if (tx.outputs.length === 0) throw rejected('bad-txns-vout-empty')
  if (tx.baseSize * 4 > 4_000_000) throw rejected('bad-txns-oversize')
  let total = 0n
  for (const output of tx.outputs) {
    if (output.value > MAX_MONEY) throw rejected('bad-txns-vout-toolarge')
    total += output.value
    if (total > MAX_MONEY) throw rejected('bad-txns-txouttotal-toolarge')
  }
  const seen = new Set<string>()
  for (const input of tx.inputs) {
    const key = `${input.txid}:${input.vout}`
    if (seen.has(key)) throw rejected('bad-txns-inputs-duplicate')
    seen.add(key)
  }
  if (isCoinbase(tx)) throw rejected('coinbase')
  if (tx.inputs.some(input => input.txid === NULL_TXID && input.vout === 0xffffffff)) {
    throw rejected('bad-txns-prevout-null')
  }
}

function checkStandard(tx: ParsedTx): void {
  if (tx.version < 1 || tx.version > 2) throw rejected('version')
  if (tx.weight > MAX_STANDARD_WEIGHT) throw rejected('tx-size')
  for (const input of tx.inputs) {
    if (input.scriptSig.length > MAX_SCRIPTSIG_SIZE) throw rejected('scriptsig-size')
    if (!isPushOnly(input.scriptSig)) throw rejected('scriptsig-not-pushonly')
  }
  let dataOutputs = 0
  for (const output of tx.outputs) {
    const type = scriptType(output.script)
    if (type === 'nonstandard' || (type === 'nulldata' && output.script.length > MAX_OP_RETURN_SIZE)) {
      throw rejected('scriptpubkey')
    }
    if (type === 'nulldata') dataOutputs++
    else if (output.value < dustThreshold(output.script)) throw rejected('dust')
  }
  if (dataOutputs > 1) throw rejected('multi-op-return')
  if (tx.baseSize < MIN_NON_WITNESS_SIZE) throw rejected('tx-size-small')
}

function checkFinal(tx: ParsedTx, view: CoinView): void {
  if (tx.locktime === 0) return
  const limit = tx.locktime < LOCKTIME_THRESHOLD ? view.tipHeight + 1 : view.medianTimePast
  if (tx.locktime < limit) return
  if (tx.inputs.every(input => input.sequence === 0xffffffff)) return
  throw rejected('non-final')
}

/** The spent outputs, in input order; throws for conflicts, missing inputs and immature coinbases. */
function fetchInputs(tx: ParsedTx, view: CoinView): Coin[] {
  for (const input of tx.inputs) {
    if (view.mempoolSpender(input.txid, input.vout) !== undefined) throw rejected('txn-mempool-conflict')
  }
  const coins: Coin[] = []
  for (const input of tx.inputs) {
    const coin = view.coin(input.txid, input.vout)
    if (!coin) throw new TxRejection(RPC_VERIFY_ERROR, 'bad-txns-inputs-missingorspent')
    coins.push(coin)
  }
  for (const coin of coins) {
    if (!coin.coinbase || coin.matureAtOnce || coin.height === null) continue
    const depth = view.tipHeight + 1 - coin.height
    if (depth < COINBASE_MATURITY) {
      throw rejected('bad-txns-premature-spend-of-coinbase', `tried to spend coinbase at depth ${depth}`)
    }
  }
  return coins
}

function checkScripts(tx: ParsedTx, coins: readonly Coin[]): void {
  const signer = sighashTransaction(tx)
  coins.forEach((coin, index) => {
    const type = scriptType(coin.script)
    const error =
      type === 'witness_v0_keyhash' ? checkP2wpkh(tx, signer, index, coin) : checkP2trKeyPath(tx, signer, index, coins)
    if (error !== undefined) throw scriptFailure(error)
  })
}

/** Runs every check; the fee (satoshis) when the transaction may enter the mempool. */
export function validateTransaction(tx: ParsedTx, view: CoinView): { fee: bigint; coins: Coin[] } {
  checkTransaction(tx)
  checkStandard(tx)
  checkFinal(tx, view)
  const coins = fetchInputs(tx, view)
  const valueIn = coins.reduce((sum, coin) => sum + coin.value, 0n)
  const valueOut = tx.outputs.reduce((sum, output) => sum + output.value, 0n)
  if (valueIn < valueOut) {
    throw rejected('bad-txns-in-belowout', `value in (${formatMoney(valueIn)}) < value out (${formatMoney(valueOut)})`)
  }
  coins.forEach((coin, index) => {
    const type = scriptType(coin.script)
    if (type !== 'witness_v0_keyhash' && type !== 'witness_v1_taproot') {
      throw rejected(
        'bad-txns-nonstandard-inputs',
        `this local node verifies P2WPKH and P2TR key-path spends only (input ${index} spends ${type})`
      )
    }
    const witness = tx.inputs[index]!.witness
    const annex = witness.length >= 2 && witness[witness.length - 1]![0] === 0x50
    if (type === 'witness_v1_taproot' && (annex || witness.length > 1)) {
      if (annex) throw rejected('bad-witness-nonstandard')
      throw rejected(
        'bad-txns-nonstandard-inputs',
        `this local node verifies P2TR key-path spends only (input ${index} is a script-path spend)`
      )
    }
  })
  const fee = valueIn - valueOut
  const required = minRelayFee(tx.vsize)
  if (fee < required) throw rejected('min relay fee not met', `${fee} < ${required}`)
  checkScripts(tx, coins)
  return { fee, coins }
}
