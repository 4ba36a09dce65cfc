/**
 * A transaction as the local Solana chain (local/solana/chain.ts) receives it: the wire bytes decoded,
 * its account keys (with those of address lookup tables), its signatures verified, whether it uses
 * a durable nonce, the fee the runtime charges, and the JSON-RPC error of one that fails preflight.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto'
import { getTransactionDecoder, type Transaction as KitTransaction } from '@solana/kit'
import { VersionedTransaction, type VersionedMessage } from '@solana/web3.js'
import { COMPUTE_BUDGET_PROGRAM, RpcError, SYSTEM_PROGRAM, toBase58, type RawAccount } from './codec.js'
import { describeTransactionError, type TransactionErrorJson } from './tx-errors.js'

export const LAMPORTS_PER_SIGNATURE = 5000
/** The largest serialized transaction a validator accepts. */
export const PACKET_DATA_SIZE = 1232

export interface AccountKeys {
  /** Keys written in the message. */
  static: string[]
  /** Keys loaded from address lookup tables (v0 messages). */
  writable: string[]
  readonly: string[]
  /** static, then loaded writable, then loaded readonly: the indexes instructions and balances use. */
  all: string[]
  signer: boolean[]
  isWritable: boolean[]
}

export interface Decoded {
  tx: VersionedTransaction
  kit: KitTransaction
  signature: string
  keys: AccountKeys
}

const BUILTIN_PROGRAMS = new Set([
  SYSTEM_PROGRAM,
  COMPUTE_BUDGET_PROGRAM,
  'Vote111111111111111111111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  'Config1111111111111111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  'AddressLookupTab1e1111111111111111111111111',
  'Ed25519SigVerify111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
  'Secp256r1SigVerify1111111111111111111111111'
])
const PRECOMPILES = new Set([
  'Ed25519SigVerify111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
  'Secp256r1SigVerify1111111111111111111111111'
])

/**
 * The fee the runtime charges: 5000 lamports per signature (precompile signatures included) plus
 * the priority fee (compute-unit price times the compute-unit limit, the default limit being 3000
 * units per builtin instruction and 200 000 per other instruction).
 */
export function computeFee(message: VersionedMessage): number {
  const keys = message.staticAccountKeys.map(k => k.toBase58())
  let signatures = message.header.numRequiredSignatures
  let defaultLimit = 0
  let explicitLimit: number | undefined
  let microLamportsPerUnit = 0n
  for (const ix of message.compiledInstructions) {
    const program = keys[ix.programIdIndex] ?? ''
    const data = ix.data
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    if (PRECOMPILES.has(program)) signatures += data[0] ?? 0
    if (program === COMPUTE_BUDGET_PROGRAM && data[0] === 2 && data.length >= 5) explicitLimit = view.getUint32(1, true)
    if (program === COMPUTE_BUDGET_PROGRAM && data[0] === 3 && data.length >= 9)
      microLamportsPerUnit = view.getBigUint64(1, true)
    defaultLimit += BUILTIN_PROGRAMS.has(program) ? 3000 : 200_000
  }
  const limit = BigInt(Math.min(explicitLimit ?? defaultLimit, 1_400_000))
  const priority = (microLamportsPerUnit * limit + 999_999n) / 1_000_000n
  return LAMPORTS_PER_SIGNATURE * signatures + Number(priority)
}

const publicKeyObjects = new Map<string, KeyObject>()
function ed25519Key(bytes: Uint8Array): KeyObject {
  const x = Buffer.from(bytes).toString('base64url')
  let key = publicKeyObjects.get(x)
  if (!key) {
    key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' })
    publicKeyObjects.set(x, key)
  }
  return key
}

/** The wire bytes as a transaction, refused as a validator refuses them (too large, unreadable, signatures missing). */
export function decodeTransaction(wire: Uint8Array, getAccount: (key: string) => RawAccount | null): Decoded {
  if (wire.length > PACKET_DATA_SIZE) {
    throw new RpcError(
      -32602,
      `Invalid params: transaction too large: ${wire.length} bytes (max: ${PACKET_DATA_SIZE} bytes)`
    )
  }
  let tx: VersionedTransaction
  let kit: KitTransaction
  try {
    tx = VersionedTransaction.deserialize(wire)
    kit = getTransactionDecoder().decode(wire)
  } catch (error) {
    throw new RpcError(-32602, `Invalid params: failed to deserialize the transaction: ${(error as Error).message}`)
  }
  const signature = tx.signatures[0]
  if (!signature || tx.signatures.length !== tx.message.header.numRequiredSignatures) {
    throw new RpcError(-32602, 'Invalid params: the transaction has a wrong number of signatures')
  }
  return { tx, kit, signature: toBase58(signature), keys: accountKeys(tx.message, getAccount) }
}

/** The message's keys, with those its v0 lookup tables load. */
function accountKeys(message: VersionedMessage, getAccount: (key: string) => RawAccount | null): AccountKeys {
  const staticKeys = message.staticAccountKeys.map(k => k.toBase58())
  const writable: string[] = []
  const readonly: string[] = []
  for (const lookup of message.addressTableLookups) {
    const table = getAccount(lookup.accountKey.toBase58())
    const entry = (i: number) => {
      const bytes = table?.data.subarray(56 + i * 32, 88 + i * 32)
      return bytes && bytes.length === 32 ? toBase58(bytes) : null
    }
    const resolve = (i: number) => {
      if (!table) throw lookupError('AddressLookupTableNotFound')
      const key = entry(i)
      if (key === null) throw lookupError('InvalidAddressLookupTableIndex')
      return key
    }
    for (const i of lookup.writableIndexes) writable.push(resolve(i))
    for (const i of lookup.readonlyIndexes) readonly.push(resolve(i))
  }
  const { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts } = message.header
  const all = [...staticKeys, ...writable, ...readonly]
  return {
    static: staticKeys,
    writable,
    readonly,
    all,
    signer: all.map((_, i) => i < numRequiredSignatures),
    isWritable: all.map((_, i) => {
      if (i < numRequiredSignatures) return i < numRequiredSignatures - numReadonlySignedAccounts
      if (i < staticKeys.length) return i < staticKeys.length - numReadonlyUnsignedAccounts
      return i < staticKeys.length + writable.length
    })
  }
}

export function verifySignatures(tx: VersionedTransaction): boolean {
  const message = tx.message.serialize()
  return tx.signatures.every((signature, i) => {
    const key = tx.message.staticAccountKeys[i]
    try {
      return key !== undefined && verify(null, message, ed25519Key(key.toBytes()), signature)
    } catch {
      return false
    }
  })
}

/** A durable-nonce transaction starts with System AdvanceNonceAccount; its blockhash is the nonce. */
export function usesNonce(tx: VersionedTransaction): boolean {
  const first = tx.message.compiledInstructions[0]
  if (!first) return false
  const program = tx.message.staticAccountKeys[first.programIdIndex]?.toBase58()
  return program === SYSTEM_PROGRAM && first.data.length >= 4 && first.data[0] === 4 && first.data[1] === 0
}

/** A v0 transaction whose lookup table cannot be loaded: refused before it runs. */
function lookupError(err: string): RpcError {
  return transactionRpcError('Transaction simulation failed', { err, logs: [], unitsConsumed: 0 })
}

/** The JSON-RPC error a validator gives for a transaction that fails preflight. */
export function transactionRpcError(
  prefix: string,
  outcome: { err: TransactionErrorJson | null; logs: string[]; unitsConsumed: number }
): RpcError {
  const err = outcome.err ?? 'UnknownError'
  return new RpcError(-32002, `${prefix}: ${describeTransactionError(err)}`, {
    accounts: null,
    err,
    innerInstructions: null,
    logs: outcome.logs,
    replacementBlockhash: null,
    returnData: null,
    unitsConsumed: outcome.unitsConsumed
  })
}
