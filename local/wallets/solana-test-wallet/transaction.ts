// What the Solana test wallet (wallet.ts) reads of a transaction: the wire bytes parsed, and what
// its approval panel says the transaction does; and the transaction's bytes as base64 for the RPC.
import { VersionedTransaction } from '@solana/web3.js'
import { encodeBase58 } from './base58.js'
import { SolanaWalletError } from './errors.js'

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const LAMPORTS_PER_SOL = 1_000_000_000

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

function formatSol(lamports: bigint): string {
  const whole = lamports / BigInt(LAMPORTS_PER_SOL)
  const fraction = (lamports % BigInt(LAMPORTS_PER_SOL)).toString().padStart(9, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole.toString()
}

function readU64(data: Uint8Array, offset: number): bigint {
  let value = 0n
  for (let i = 7; i >= 0; i--) value = (value << 8n) | BigInt(data[offset + i] ?? 0)
  return value
}

/** The wire bytes of a transaction the page asks to sign; a JSON-RPC invalid-params error when they are none. */
export function parseTransaction(bytes: Uint8Array): VersionedTransaction {
  try {
    return VersionedTransaction.deserialize(Uint8Array.from(bytes))
  } catch (error) {
    throw new SolanaWalletError(
      -32602,
      `Not a serialized transaction: ${error instanceof Error ? error.message : String(error)}`
    )
  }
}

/** What a transaction does, for the panel: SOL transfers spelled out, other instructions by program. */
export function describeTransaction(transaction: VersionedTransaction): string[] {
  const keys = transaction.message.staticAccountKeys.map(key => encodeBase58(key.toBytes()))
  return transaction.message.compiledInstructions.map(instruction => {
    const program = keys[instruction.programIdIndex] ?? `lookup #${instruction.programIdIndex}`
    const data = instruction.data
    if (
      program === SYSTEM_PROGRAM &&
      data.length >= 12 &&
      data[0] === 2 &&
      data[1] === 0 &&
      data[2] === 0 &&
      data[3] === 0
    ) {
      const to = keys[instruction.accountKeyIndexes[1] ?? -1] ?? '?'
      return `Transfer ${formatSol(readU64(data, 4))} SOL to ${to}`
    }
    return `Program ${program}, ${instruction.accountKeyIndexes.length} accounts, ${data.length} bytes of data`
  })
}
