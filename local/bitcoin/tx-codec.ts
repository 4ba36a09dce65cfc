/**
 * Raw transactions: parsed with @scure/btc-signer's RawTx coder, refused when not in canonical
 * form (as Core's decoder refuses trailing bytes and a witness flag with only empty witnesses),
 * with their ids and sizes computed the way Core does (txid without witness, wtxid with it,
 * weight = 3 x base size + total size, vsize = weight / 4 rounded up).
 */
import { RawTx } from '@scure/btc-signer'
import { displayHash, equalBytes, sha256d, toHex } from './bytes.js'

export interface TxInput {
  /** The spent transaction's id (display order, hex). */
  readonly txid: string
  readonly vout: number
  readonly scriptSig: Uint8Array
  readonly sequence: number
  readonly witness: readonly Uint8Array[]
}

export interface TxOutput {
  readonly value: bigint
  readonly script: Uint8Array
}

export interface ParsedTx {
  readonly txid: string
  readonly wtxid: string
  readonly version: number
  readonly locktime: number
  readonly inputs: readonly TxInput[]
  readonly outputs: readonly TxOutput[]
  /** The bytes as sent (with the witness when there is one). */
  readonly raw: Uint8Array
  /** Serialized size with the witness. */
  readonly size: number
  /** Serialized size without the witness. */
  readonly baseSize: number
  readonly weight: number
  readonly vsize: number
  readonly hasWitness: boolean
}

export const NULL_TXID = '0'.repeat(64)
export const COINBASE_VOUT = 0xffffffff

/** Core's text for a raw transaction it cannot decode (sendrawtransaction, RPC_DESERIALIZATION_ERROR). */
export const DECODE_FAILED = 'TX decode failed. Make sure the tx has at least one input.'

export class TxDecodeError extends Error {}

function encodeRaw(decoded: ReturnType<typeof RawTx.decode>, withWitness: boolean): Uint8Array {
  const segwit = withWitness && decoded.segwitFlag
  return RawTx.encode({
    ...decoded,
    segwitFlag: segwit,
    witnesses: segwit ? decoded.witnesses : undefined
  })
}

/** Parses one serialized transaction; TxDecodeError for anything Core would not decode. */
export function parseTransaction(raw: Uint8Array): ParsedTx {
  let decoded: ReturnType<typeof RawTx.decode>
  try {
    decoded = RawTx.decode(raw)
  } catch (error) {
    throw new TxDecodeError(`not a transaction: ${(error as Error).message}`)
  }
  if (decoded.inputs.length === 0 && !decoded.segwitFlag) throw new TxDecodeError('no inputs')
  const full = encodeRaw(decoded, true)
  if (!equalBytes(full, raw)) throw new TxDecodeError('not in canonical serialization')
  const base = encodeRaw(decoded, false)
  const witnesses = decoded.witnesses ?? []
  const inputs = decoded.inputs.map((input, i) => ({
    txid: toHex(input.txid),
    vout: input.index,
    scriptSig: input.finalScriptSig,
    sequence: input.sequence,
    witness: witnesses[i] ?? []
  }))
  const weight = base.length * 3 + raw.length
  return {
    txid: displayHash(sha256d(base)),
    wtxid: displayHash(sha256d(raw)),
    version: decoded.version,
    locktime: decoded.lockTime,
    inputs,
    outputs: decoded.outputs.map(output => ({ value: output.amount, script: output.script })),
    raw,
    size: raw.length,
    baseSize: base.length,
    weight,
    vsize: Math.ceil(weight / 4),
    hasWitness: Boolean(decoded.segwitFlag)
  }
}

/** Serializes a transaction built by the node (a coinbase) and parses it back. */
export function buildTransaction(tx: {
  version: number
  locktime: number
  inputs: readonly TxInput[]
  outputs: readonly TxOutput[]
}): ParsedTx {
  const hasWitness = tx.inputs.some(input => input.witness.length > 0)
  const raw = RawTx.encode({
    version: tx.version,
    lockTime: tx.locktime,
    segwitFlag: hasWitness,
    inputs: tx.inputs.map(input => ({
      txid: Uint8Array.from(Buffer.from(input.txid, 'hex')),
      index: input.vout,
      finalScriptSig: input.scriptSig,
      sequence: input.sequence
    })),
    outputs: tx.outputs.map(output => ({ amount: output.value, script: output.script })),
    witnesses: hasWitness ? tx.inputs.map(input => [...input.witness]) : undefined
  })
  return parseTransaction(raw)
}

export function isCoinbase(tx: ParsedTx): boolean {
  return tx.inputs.length === 1 && tx.inputs[0]!.txid === NULL_TXID && tx.inputs[0]!.vout === COINBASE_VOUT
}
