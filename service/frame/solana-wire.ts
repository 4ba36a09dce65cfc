// Solana's transaction wire format, read and signed in the frame: the signatures (compact-u16
// count, 64 bytes each), then the message: legacy, or versioned (its first byte 0x80 | version;
// only version 0 exists). A message is a header (required signatures, read-only signed, read-only
// unsigned), the static account keys, the recent blockhash, the instructions (program index,
// account indices, data) and, in v0, the address lookup tables. The signers are the first
// `requiredSignatures` static accounts, in that order, and each signs the message's bytes.
import { encodeBase58 } from '../../src/utils/base58.js'

export interface WireInstruction {
  readonly programIndex: number
  readonly accountIndices: readonly number[]
  readonly data: Uint8Array
}

export interface WireTransaction {
  /** The bytes every signer signs. */
  readonly message: Uint8Array
  readonly version: 'legacy' | 0
  readonly signatures: readonly Uint8Array[]
  readonly requiredSignatures: number
  /** The static account keys, base58; the first `requiredSignatures` are the signers, the first the fee payer. */
  readonly accounts: readonly string[]
  readonly recentBlockhash: string
  readonly instructions: readonly WireInstruction[]
  /** How many address lookup tables a v0 message uses (their accounts are not known here). */
  readonly lookupTables: number
}

export const SIGNATURE_LENGTH = 64
/** Solana's packet size: no transaction is longer. */
export const MAX_TRANSACTION_BYTES = 1232

export class WireFormatError extends Error {
  override readonly name = 'WireFormatError'
}

class Reader {
  #at = 0
  constructor(readonly bytes: Uint8Array) {}

  get at(): number {
    return this.#at
  }

  byte(): number {
    const value = this.bytes[this.#at]
    if (value === undefined) throw new WireFormatError('The transaction ends too early')
    this.#at += 1
    return value
  }

  take(length: number): Uint8Array {
    if (this.#at + length > this.bytes.length) throw new WireFormatError('The transaction ends too early')
    const slice = this.bytes.slice(this.#at, this.#at + length)
    this.#at += length
    return slice
  }

  /** A compact-u16: 7 bits per byte, least significant first, at most 3 bytes. */
  length(): number {
    let value = 0
    for (let shift = 0; shift < 21; shift += 7) {
      const byte = this.byte()
      value |= (byte & 0x7f) << shift
      if ((byte & 0x80) === 0) {
        if (value > 0xffff) break
        return value
      }
    }
    throw new WireFormatError('The transaction has a malformed length')
  }

  done(): boolean {
    return this.#at === this.bytes.length
  }
}

function readMessage(reader: Reader): Omit<WireTransaction, 'message' | 'signatures'> {
  const first = reader.byte()
  let version: 'legacy' | 0 = 'legacy'
  let requiredSignatures = first
  if (first & 0x80) {
    if ((first & 0x7f) !== 0) throw new WireFormatError(`Transaction version ${first & 0x7f} is not supported`)
    version = 0
    requiredSignatures = reader.byte()
  }
  reader.byte() // read-only signed accounts
  reader.byte() // read-only unsigned accounts
  const accounts = Array.from({ length: reader.length() }, () => encodeBase58(reader.take(32)))
  if (requiredSignatures === 0 || requiredSignatures > accounts.length) {
    throw new WireFormatError('The transaction names no valid signer')
  }
  const recentBlockhash = encodeBase58(reader.take(32))
  const instructions = Array.from({ length: reader.length() }, () => {
    const programIndex = reader.byte()
    const accountIndices = Array.from({ length: reader.length() }, () => reader.byte())
    return { programIndex, accountIndices, data: reader.take(reader.length()) }
  })
  let lookupTables = 0
  if (version === 0) {
    lookupTables = reader.length()
    for (let table = 0; table < lookupTables; table++) {
      reader.take(32)
      reader.take(reader.length())
      reader.take(reader.length())
    }
  }
  for (const instruction of instructions) {
    if (instruction.programIndex >= accounts.length) {
      throw new WireFormatError('An instruction’s program is not among the transaction’s accounts')
    }
  }
  return { version, requiredSignatures, accounts, recentBlockhash, instructions, lookupTables }
}

/** The transaction in `bytes`; throws WireFormatError when they are not one. */
export function decodeTransaction(bytes: Uint8Array): WireTransaction {
  if (bytes.length > MAX_TRANSACTION_BYTES) {
    throw new WireFormatError(`The transaction is ${bytes.length} bytes long, more than ${MAX_TRANSACTION_BYTES}`)
  }
  const reader = new Reader(bytes)
  const signatures = Array.from({ length: reader.length() }, () => reader.take(SIGNATURE_LENGTH))
  const start = reader.at
  const parsed = readMessage(reader)
  if (!reader.done()) throw new WireFormatError('The transaction has bytes after its message')
  if (signatures.length !== parsed.requiredSignatures) {
    throw new WireFormatError(
      `The transaction has room for ${signatures.length} signatures, its message needs ${parsed.requiredSignatures}`
    )
  }
  return { ...parsed, message: bytes.slice(start), signatures }
}

function compactLength(value: number): number[] {
  const bytes: number[] = []
  let rest = value
  for (;;) {
    const low = rest & 0x7f
    rest >>= 7
    if (rest === 0) {
      bytes.push(low)
      return bytes
    }
    bytes.push(low | 0x80)
  }
}

/** The wire bytes of `transaction` with its signatures as they are now. */
export function encodeTransaction(transaction: Pick<WireTransaction, 'signatures' | 'message'>): Uint8Array {
  const head = compactLength(transaction.signatures.length)
  const out = new Uint8Array(
    head.length + transaction.signatures.length * SIGNATURE_LENGTH + transaction.message.length
  )
  out.set(head, 0)
  transaction.signatures.forEach((signature, index) => out.set(signature, head.length + index * SIGNATURE_LENGTH))
  out.set(transaction.message, head.length + transaction.signatures.length * SIGNATURE_LENGTH)
  return out
}

/** Whether the signature slot `index` is still empty (all zeros). */
export const isUnsigned = (signature: Uint8Array): boolean => signature.every(byte => byte === 0)

/**
 * `transaction` signed by `signer` (base58 address) with `sign`, and that signature: it goes to
 * the slot of that signer. Throws when `signer` is not one of the transaction's signers.
 */
export function signTransaction(
  transaction: WireTransaction,
  signer: string,
  sign: (message: Uint8Array) => Uint8Array
): { readonly transaction: WireTransaction; readonly signature: Uint8Array } {
  const slot = transaction.accounts.slice(0, transaction.requiredSignatures).indexOf(signer)
  if (slot < 0) throw new WireFormatError(`The transaction does not ask ${signer} to sign it`)
  const signature = sign(transaction.message)
  const signatures = transaction.signatures.map((existing, index) => (index === slot ? signature : existing))
  return { transaction: { ...transaction, signatures }, signature }
}

/** The transaction's id: its first signature (the fee payer's). */
export function transactionId(transaction: WireTransaction): Uint8Array {
  const [first] = transaction.signatures
  if (!first || isUnsigned(first)) throw new WireFormatError('The transaction has no fee payer signature')
  return first
}
