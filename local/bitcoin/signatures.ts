/**
 * Input signature checks for the two kinds of spend this node verifies: P2WPKH (BIP-143 sighash,
 * ECDSA) and P2TR key path (BIP-341 sighash, BIP-340 Schnorr). The sighashes come from
 * @scure/btc-signer's Transaction (preimageWitnessV0 / preimageWitnessV1), the curve checks from
 * @noble/curves; the order of the checks and the error texts follow Bitcoin Core's interpreter
 * under its standard flags (DERSIG, LOW_S, STRICTENC, NULLFAIL, WITNESS_PUBKEYTYPE).
 */
import { Transaction } from '@scure/btc-signer'
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { equalBytes, hash160 } from './bytes.js'
import { SCRIPT_ERRORS as E } from './tx-errors.js'
import type { ParsedTx } from './tx-codec.js'

export interface SpentOutput {
  readonly value: bigint
  readonly script: Uint8Array
}

const MAX_ELEMENT_SIZE = 520
const SCHNORR_HASH_TYPES = new Set([0x00, 0x01, 0x02, 0x03, 0x81, 0x82, 0x83])

/** BIP-66's strict DER check of a signature with its sighash byte (Core's IsValidSignatureEncoding). */
export function isStrictDer(sig: Uint8Array): boolean {
  const size = sig.length
  if (size < 9 || size > 73 || sig[0] !== 0x30 || sig[1] !== size - 3) return false
  const lenR = sig[3]!
  if (5 + lenR >= size) return false
  const lenS = sig[5 + lenR]!
  if (lenR + lenS + 7 !== size) return false
  if (sig[2] !== 0x02 || lenR === 0 || sig[4]! & 0x80) return false
  if (lenR > 1 && sig[4] === 0x00 && !(sig[5]! & 0x80)) return false
  if (sig[lenR + 4] !== 0x02 || lenS === 0 || sig[lenR + 6]! & 0x80) return false
  if (lenS > 1 && sig[lenR + 6] === 0x00 && !(sig[lenR + 7]! & 0x80)) return false
  return true
}

/** The tx as @scure/btc-signer's Transaction, for its sighash functions. */
export function sighashTransaction(tx: ParsedTx): Transaction {
  return Transaction.fromRaw(tx.raw, { allowUnknownOutputs: true, allowUnknownInputs: true, disableScriptCheck: true })
}

/** A curve check; false also when the key or signature is not a valid point or scalar. */
function verifies(check: () => boolean): boolean {
  try {
    return check()
  } catch {
    return false
  }
}

function p2pkhScriptCode(program: Uint8Array): Uint8Array {
  return Uint8Array.from([0x76, 0xa9, 0x14, ...program, 0x88, 0xac])
}

/** Checks input `index` spending a P2WPKH output; the script error text, or undefined when it verifies. */
export function checkP2wpkh(tx: ParsedTx, signer: Transaction, index: number, spent: SpentOutput): string | undefined {
  const input = tx.inputs[index]!
  if (input.scriptSig.length > 0) return E.witnessMalleated
  if (input.witness.length === 0) return E.witnessEmpty
  if (input.witness.length !== 2) return E.witnessMismatch
  const [sig, pubkey] = input.witness as [Uint8Array, Uint8Array]
  if (sig.length > MAX_ELEMENT_SIZE || pubkey.length > MAX_ELEMENT_SIZE) return E.pushSize
  const program = spent.script.subarray(2)
  if (!equalBytes(hash160(pubkey), program)) return E.equalVerify
  if (sig.length === 0) return E.evalFalse
  if (!isStrictDer(sig)) return E.derSig
  const der = sig.subarray(0, -1)
  const hashType = sig[sig.length - 1]!
  let signature: ReturnType<typeof secp256k1.Signature.fromDER>
  try {
    signature = secp256k1.Signature.fromDER(der)
  } catch {
    return E.derSig
  }
  if (signature.hasHighS()) return E.lowS
  const baseType = hashType & ~0x80
  if (baseType < 1 || baseType > 3) return E.hashType
  const compressed = pubkey.length === 33 && (pubkey[0] === 2 || pubkey[0] === 3)
  const uncompressed = pubkey.length === 65 && pubkey[0] === 4
  if (!compressed && !uncompressed) return E.pubkeyType
  if (!compressed) return E.witnessPubkeyType
  const sighash = signer.preimageWitnessV0(index, p2pkhScriptCode(program), hashType, spent.value)
  return verifies(() =>
    secp256k1.verify(signature.toCompactRawBytes(), sighash, pubkey, { prehash: false, lowS: false })
  )
    ? undefined
    : E.nullFail
}

/**
 * Checks input `index` spending a P2TR output by its key path (one witness element, the annex
 * removed beforehand by the caller's policy check); `spent` is every input's spent output (BIP-341
 * commits to all of them).
 */
export function checkP2trKeyPath(
  tx: ParsedTx,
  signer: Transaction,
  index: number,
  spent: readonly SpentOutput[]
): string | undefined {
  const input = tx.inputs[index]!
  if (input.scriptSig.length > 0) return E.witnessMalleated
  if (input.witness.length === 0) return E.witnessEmpty
  const sig = input.witness[0]!
  let hashType = 0
  if (sig.length === 65) {
    hashType = sig[64]!
    if (hashType === 0) return E.schnorrHashType
  } else if (sig.length !== 64) return E.schnorrSize
  if (!SCHNORR_HASH_TYPES.has(hashType)) return E.schnorrHashType
  const outputKey = spent[index]!.script.subarray(2)
  let sighash: Uint8Array
  try {
    sighash = signer.preimageWitnessV1(
      index,
      spent.map(output => output.script),
      hashType,
      spent.map(output => output.value)
    )
  } catch {
    return E.schnorrHashType
  }
  return verifies(() => schnorr.verify(sig.subarray(0, 64), sighash, outputKey)) ? undefined : E.schnorrSig
}
