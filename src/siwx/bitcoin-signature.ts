import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { ripemd160 } from '@noble/hashes/legacy'
import { sha256 } from '@noble/hashes/sha2'

/**
 * Sign-in's Bitcoin cryptography: BIP-322 "simple" signatures for P2WPKH (segwit v0, BIP-143
 * sighash, ECDSA) and P2TR key-path (segwit v1, BIP-341 sighash, Schnorr) addresses, written on
 * @noble/curves without a transaction library: the two virtual transactions BIP-322 signs have a
 * fixed shape, so their ids and sighashes are a few byte strings. Loaded only when a Bitcoin account
 * signs in (the classic script loads it from beside itself); the reference backend verifies with
 * the same module (service/backend/routes/siwx.ts through verify.ts).
 *
 * A simple signature is the base64 of to_sign's witness stack. Legacy (P2PKH) and P2SH addresses
 * have no simple signature (their BIP-322 form is "legacy" or "full"): refused with a clear reason.
 */

const utf8 = (text: string) => new TextEncoder().encode(text)

function concat(...parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

const bytes = (...values: number[]) => Uint8Array.from(values)
const ZERO4 = new Uint8Array(4)
const ZERO8 = new Uint8Array(8)
const ALL_LE4 = bytes(1, 0, 0, 0)
const dsha256 = (data: Uint8Array) => sha256(sha256(data))

/** BIP-340's tagged hash: sha256(sha256(tag) || sha256(tag) || data). */
function taggedHash(tag: string, data: Uint8Array): Uint8Array {
  const tagHash = sha256(utf8(tag))
  return sha256(concat(tagHash, tagHash, data))
}

/** The message hash BIP-322 commits to: the tagged hash "BIP0322-signed-message" of the message's bytes. */
export const bip322MessageHash = (message: Uint8Array): Uint8Array => taggedHash('BIP0322-signed-message', message)

/** A script with its length in front (every script here is under 0xfd bytes: a one-byte CompactSize). */
const withLength = (script: Uint8Array) => concat(bytes(script.length), script)

/** to_sign's one output: value 0, script OP_RETURN. */
const TO_SIGN_OUTPUT = concat(ZERO8, withLength(bytes(0x6a)))

/**
 * The id of BIP-322's to_spend transaction for `scriptPubKey` (internal byte order, as an outpoint
 * carries it): version 0, one input spending 0000…:0xFFFFFFFF with scriptSig OP_0 PUSH32
 * message_hash and sequence 0, one output of value 0 paying the address's script, lock time 0.
 */
export function toSpendId(scriptPubKey: Uint8Array, message: Uint8Array): Uint8Array {
  const scriptSig = concat(bytes(0x00, 0x20), bip322MessageHash(message))
  const input = concat(new Uint8Array(32), bytes(0xff, 0xff, 0xff, 0xff), withLength(scriptSig), ZERO4)
  const output = concat(ZERO8, withLength(scriptPubKey))
  return dsha256(concat(ZERO4, bytes(1), input, bytes(1), output, ZERO4))
}

/** BIP-143's sighash (SIGHASH_ALL) of to_sign's input 0, spending a P2WPKH output of value 0 with key hash `keyHash`. */
function p2wpkhSighash(outpoint: Uint8Array, keyHash: Uint8Array): Uint8Array {
  // The script code of a P2WPKH spend is the P2PKH script of its key hash.
  const scriptCode = withLength(concat(bytes(0x76, 0xa9, 0x14), keyHash, bytes(0x88, 0xac)))
  return dsha256(
    concat(
      ZERO4, // version 0
      dsha256(outpoint), // hashPrevouts
      dsha256(ZERO4), // hashSequence: sequence 0
      outpoint,
      scriptCode,
      ZERO8, // the spent output's value
      ZERO4, // nSequence
      dsha256(TO_SIGN_OUTPUT), // hashOutputs
      ZERO4, // lock time
      ALL_LE4
    )
  )
}

/** BIP-341's sighash (key path, no annex) of to_sign's input 0, spending the P2TR output `scriptPubKey` of value 0. */
function p2trSighash(outpoint: Uint8Array, scriptPubKey: Uint8Array, hashType: number): Uint8Array {
  const message = concat(
    bytes(hashType),
    ZERO4, // version 0
    ZERO4, // lock time
    sha256(outpoint), // sha_prevouts
    sha256(ZERO8), // sha_amounts
    sha256(withLength(scriptPubKey)), // sha_scriptpubkeys
    sha256(ZERO4), // sha_sequences
    sha256(TO_SIGN_OUTPUT), // sha_outputs
    bytes(0x00), // spend_type: key path, no annex
    ZERO4 // input index 0
  )
  return taggedHash('TapSighash', concat(bytes(0x00), message))
}

/** A witness stack read from its serialization (CompactSize count, then each item with its length); undefined unless it reads whole. */
export function readWitness(data: Uint8Array): Uint8Array[] | undefined {
  let at = 0
  const compactSize = (): number | undefined => {
    const first = data[at++]
    if (first === undefined) return undefined
    if (first < 0xfd) return first
    if (first !== 0xfd || at + 2 > data.length) return undefined // items here are far under 64 KiB
    const value = (data[at] ?? 0) | ((data[at + 1] ?? 0) << 8)
    at += 2
    return value
  }
  const count = compactSize()
  if (count === undefined) return undefined
  const items: Uint8Array[] = []
  for (let index = 0; index < count; index++) {
    const length = compactSize()
    if (length === undefined || at + length > data.length) return undefined
    items.push(data.slice(at, at + length))
    at += length
  }
  return at === data.length ? items : undefined
}

/** The bech32 prefix of a Bitcoin chain's addresses, by its CAIP-2 reference (the genesis block's hash prefix). */
export function bitcoinAddressPrefix(chainReference: string): 'bc' | 'tb' | 'bcrt' {
  if (chainReference === '000000000019d6689c085ae165831e93') return 'bc'
  if (chainReference === '0f9188f13cb7b2c71f2a335e3a4fc328') return 'bcrt'
  return 'tb' // testnet3, testnet4, signet
}

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const BECH32_GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]

/** BIP-173's checksum polymod over 5-bit values. */
function polymod(values: readonly number[]): number {
  let check = 1
  for (const value of values) {
    const top = check >>> 25
    check = ((check & 0x1ffffff) << 5) ^ value
    BECH32_GENERATOR.forEach((generator, bit) => {
      if ((top >>> bit) & 1) check ^= generator
    })
  }
  return check >>> 0
}

/**
 * The witness version and program of a lower-case segwit address with prefix `prefix` (BIP-173;
 * BIP-350's bech32m for version 1 and up), or undefined when the checksum, the characters or the
 * lengths are wrong.
 */
function decodeSegwit(address: string, prefix: string): { version: number; program: Uint8Array } | undefined {
  const data = address.slice(prefix.length + 1)
  if (address.length > 90 || data.length < 7) return undefined
  const values = Array.from(data, char => BECH32_CHARSET.indexOf(char))
  if (values.some(value => value < 0)) return undefined
  const expanded = [
    ...Array.from(prefix, c => c.charCodeAt(0) >> 5),
    0,
    ...Array.from(prefix, c => c.charCodeAt(0) & 31)
  ]
  const [version = 0] = values
  if (polymod([...expanded, ...values]) !== (version === 0 ? 1 : 0x2bc830a3)) return undefined
  // The 5-bit groups after the version, less the checksum, as bytes (no padding beyond 4 zero bits).
  let accumulator = 0
  let bits = 0
  const program: number[] = []
  for (const value of values.slice(1, -6)) {
    accumulator = (accumulator << 5) | value
    bits += 5
    if (bits >= 8) {
      bits -= 8
      program.push((accumulator >> bits) & 0xff)
    }
  }
  if (version > 16 || bits >= 5 || (accumulator & ((1 << bits) - 1)) !== 0) return undefined
  return { version, program: Uint8Array.from(program) }
}

/** Strict base64 (with its padding) to bytes, or undefined. */
function decodeBase64(text: string): Uint8Array | undefined {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return undefined
  try {
    return Uint8Array.from(atob(text), char => char.charCodeAt(0))
  } catch {
    return undefined
  }
}

type Program = { readonly version: 0 | 1; readonly program: Uint8Array }

/** The segwit program of `address` on the chain whose prefix is `prefix`, or why there is none. */
function segwitProgram(address: string, prefix: string): Program | string {
  if (/^[13mn2][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address)) {
    return /^[1mn]/.test(address)
      ? 'BIP-322 simple signatures are not supported for legacy (P2PKH) addresses: sign in with a segwit (P2WPKH) or taproot (P2TR) address'
      : 'BIP-322 simple signatures are not supported for P2SH addresses: sign in with a segwit (P2WPKH) or taproot (P2TR) address'
  }
  const lower = address.toLowerCase()
  if (address !== lower && address !== address.toUpperCase()) return 'the address is not a Bitcoin address'
  const separator = lower.lastIndexOf('1')
  if (separator < 1 || lower.slice(0, separator) !== prefix)
    return `the address is not a Bitcoin address of this chain (${prefix}1…)`
  const decoded = decodeSegwit(lower, prefix)
  if (!decoded) return 'the address is not a Bitcoin address'
  if (decoded.version === 0 && decoded.program.length === 20) return { version: 0, program: decoded.program }
  if (decoded.version === 1 && decoded.program.length === 32) return { version: 1, program: decoded.program }
  return 'BIP-322 simple signatures are verified here for P2WPKH and P2TR (key path) addresses only'
}

/**
 * Why `signature` (base64, BIP-322 simple) is not `address`'s over `message` on the chain whose
 * address prefix is `prefix` ('bc', 'tb', 'bcrt'); undefined when it is. P2WPKH: the witness
 * [DER ECDSA signature + SIGHASH_ALL, 33-byte key] whose hash160 is the address's program, low S.
 * P2TR key path: the witness [64-byte Schnorr signature] (SIGHASH_DEFAULT) or [65 bytes ending in
 * SIGHASH_ALL] by the address's output key.
 */
export function bitcoinSignatureProblem(
  address: string,
  message: string,
  signature: string,
  prefix: string
): string | undefined {
  const target = segwitProgram(address, prefix)
  if (typeof target === 'string') return target
  const raw = decodeBase64(signature)
  const witness = raw && readWitness(raw)
  if (!witness) return 'the signature is not a BIP-322 simple signature (the base64 of a witness)'
  const scriptPubKey = concat(bytes(target.version === 0 ? 0x00 : 0x51, target.program.length), target.program)
  const outpoint = concat(toSpendId(scriptPubKey, utf8(message)), ZERO4)
  const valid =
    target.version === 0 ? verifyP2wpkh(witness, target.program, outpoint) : verifyP2tr(witness, scriptPubKey, outpoint)
  return valid ? undefined : 'the signature is not the account’s'
}

function verifyP2wpkh(witness: Uint8Array[], keyHash: Uint8Array, outpoint: Uint8Array): boolean {
  const [signature, publicKey] = witness
  if (witness.length !== 2 || !signature || publicKey?.length !== 33) return false
  if (signature.at(-1) !== 0x01) return false // SIGHASH_ALL only
  const hash = ripemd160(sha256(publicKey))
  if (hash.some((byte, index) => byte !== keyHash[index])) return false
  try {
    return secp256k1.verify(signature.slice(0, -1), p2wpkhSighash(outpoint, keyHash), publicKey, {
      format: 'der',
      lowS: true,
      prehash: false
    })
  } catch {
    return false
  }
}

function verifyP2tr(witness: Uint8Array[], scriptPubKey: Uint8Array, outpoint: Uint8Array): boolean {
  const [signature] = witness
  if (witness.length !== 1 || !signature) return false
  // 64 bytes: SIGHASH_DEFAULT; 65: the hash type last, and only SIGHASH_ALL (0x00 there is invalid, BIP-341).
  const hashType = signature.length === 64 ? 0x00 : signature.length === 65 && signature[64] === 0x01 ? 0x01 : -1
  if (hashType < 0) return false
  try {
    return schnorr.verify(signature.slice(0, 64), p2trSighash(outpoint, scriptPubKey, hashType), scriptPubKey.slice(2))
  } catch {
    return false
  }
}
