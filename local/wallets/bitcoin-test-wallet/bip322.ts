/**
 * BIP-322 "simple" message signatures for P2WPKH addresses (and P2TR key path: signBip322P2tr):
 * the message is committed to in a virtual `to_spend` transaction whose one output pays the
 * address's script, and signed as the spend of that output by a virtual `to_sign` transaction
 * (BIP-143 sighash, SIGHASH_ALL, value 0).
 * The simple signature is to_sign's witness stack, serialized and base64 encoded. As Bitcoin Core
 * does, the ECDSA signature is ground to a low R (a 32-byte r, so a 71-byte DER signature),
 * which makes the BIP's own test vectors come out byte for byte.
 */
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { base64 } from '@scure/base'
import * as btc from '@scure/btc-signer'
import { taprootTweakPrivKey } from '@scure/btc-signer/utils.js'

const TAG = sha256(new TextEncoder().encode('BIP0322-signed-message'))

/** BIP-340's tagged hash with the tag "BIP0322-signed-message". */
export function bip322MessageHash(message: Uint8Array): Uint8Array {
  const input = new Uint8Array(TAG.length * 2 + message.length)
  input.set(TAG, 0)
  input.set(TAG, TAG.length)
  input.set(message, TAG.length * 2)
  return sha256(input)
}

const TX_OPTIONS = {
  version: 0,
  lockTime: 0,
  allowUnknownInputs: true,
  allowUnknownOutputs: true,
  disableScriptCheck: true
} as const

/** The two virtual transactions of BIP-322 for `message` and the address's output `script`. */
export function bip322Transactions(script: Uint8Array, message: Uint8Array) {
  const toSpend = new btc.Transaction(TX_OPTIONS)
  toSpend.addOutput({ script, amount: 0n })
  toSpend.addInput({
    txid: new Uint8Array(32),
    index: 0xffffffff,
    sequence: 0,
    finalScriptSig: btc.Script.encode(['OP_0', bip322MessageHash(message)])
  })
  const toSign = new btc.Transaction(TX_OPTIONS)
  toSign.addInput({ txid: toSpend.id, index: 0, sequence: 0, witnessUtxo: { script, amount: 0n } })
  toSign.addOutput({ script: btc.Script.encode(['RETURN']), amount: 0n })
  return { toSpend, toSign }
}

/** 32 bytes holding `counter` little-endian: Core's extra entropy when it grinds for a low R. */
function counterEntropy(counter: number): Uint8Array {
  const bytes = new Uint8Array(32)
  new DataView(bytes.buffer).setUint32(0, counter, true)
  return bytes
}

/** A DER ECDSA signature of `hash` with a low S and (ground) low R, then SIGHASH_ALL. */
function signLowR(hash: Uint8Array, privateKey: Uint8Array): Uint8Array {
  for (let counter = 0; ; counter++) {
    const signature = secp256k1.sign(hash, privateKey, {
      lowS: true,
      ...(counter > 0 ? { extraEntropy: counterEntropy(counter) } : {})
    })
    // A low R: under 2^255, so DER writes it in 32 bytes with no leading zero.
    if (signature.r < 1n << 255n) return new Uint8Array([...signature.toDERRawBytes(), btc.SigHash.ALL])
  }
}

/** The BIP-322 simple signature (base64) of `message` by the P2WPKH key `privateKey`. */
export function signBip322P2wpkh(privateKey: Uint8Array, message: Uint8Array): string {
  const publicKey = secp256k1.getPublicKey(privateKey, true)
  const script = btc.p2wpkh(publicKey).script
  const { toSign } = bip322Transactions(script, message)
  // BIP-143's script code for P2WPKH is the P2PKH script of the key hash.
  const scriptCode = btc.p2pkh(publicKey).script
  const sighash = toSign.preimageWitnessV0(0, scriptCode, btc.SigHash.ALL, 0n)
  const witness = [signLowR(sighash, privateKey), publicKey]
  return base64.encode(btc.RawWitness.encode(witness))
}

/**
 * The BIP-322 simple signature (base64) of `message` by the P2TR key-path key `privateKey` (the
 * internal key, tweaked as BIP-86 does with no script tree): a 64-byte Schnorr signature of
 * BIP-341's sighash (SIGHASH_DEFAULT), or 65 bytes ending in SIGHASH_ALL when `hashType` is ALL.
 */
export function signBip322P2tr(
  privateKey: Uint8Array,
  message: Uint8Array,
  hashType: number = btc.SigHash.DEFAULT
): string {
  const script = btc.p2tr(schnorr.getPublicKey(privateKey)).script
  const { toSign } = bip322Transactions(script, message)
  const sighash = toSign.preimageWitnessV1(0, [script], hashType, [0n])
  const signature = schnorr.sign(sighash, taprootTweakPrivKey(privateKey))
  const item = hashType === btc.SigHash.DEFAULT ? signature : new Uint8Array([...signature, hashType])
  return base64.encode(btc.RawWitness.encode([item]))
}
