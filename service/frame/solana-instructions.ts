// What a Solana transaction asks, in words, for the approval: each instruction's program and, for
// the programs a transfer uses (System, SPL Token and Token-2022, Associated Token Account,
// Compute Budget, Memo), what it does and with which amounts and accounts. Anything else is shown
// as its program's address and the size of its data: the visitor sees that it is not understood.
import { formatUnits } from 'viem'
import { printableText } from './approval-request.js'
import type { WireInstruction, WireTransaction } from './solana-wire.js'

export interface SolanaInstructionSummary {
  /** The program's name, or its address when it is not one of the known ones. */
  readonly program: string
  /** What the instruction does, in a few words. */
  readonly action: string
  readonly details: ReadonlyArray<readonly [string, string]>
}

export interface SolanaTransactionSummary {
  readonly feePayer: string
  readonly instructions: readonly SolanaInstructionSummary[]
  /** Signers other than this wallet that must sign too. */
  readonly otherSigners: number
  /** How many address lookup tables the transaction reads accounts from. */
  readonly lookupTables: number
}

export const SYSTEM_PROGRAM = '11111111111111111111111111111111'
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
export const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'
export const MEMO_V1_PROGRAM = 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo'
export const LAMPORTS_DECIMALS = 9
/** How an account from an address lookup table is shown (its address is not in the transaction). */
export const FROM_LOOKUP_TABLE = 'an account from a lookup table'

const u32 = (data: Uint8Array, at: number): number | undefined =>
  data.length >= at + 4 ? new DataView(data.buffer, data.byteOffset).getUint32(at, true) : undefined
const u64 = (data: Uint8Array, at: number): bigint | undefined =>
  data.length >= at + 8 ? new DataView(data.buffer, data.byteOffset).getBigUint64(at, true) : undefined

const sol = (lamports: bigint): string => `${formatUnits(lamports, LAMPORTS_DECIMALS)} SOL`

type Describe = (data: Uint8Array, account: (position: number) => string) => Omit<SolanaInstructionSummary, 'program'>

const unknownInstruction = (data: Uint8Array): Omit<SolanaInstructionSummary, 'program'> => ({
  action: 'An instruction this wallet cannot read',
  details: [['Data', `${data.length} bytes`]]
})

const system: Describe = (data, account) => {
  const kind = u32(data, 0)
  const lamports = u64(data, 4)
  if (kind === 2 && lamports !== undefined && data.length === 12) {
    return {
      action: 'Transfer SOL',
      details: [
        ['From', account(0)],
        ['To', account(1)],
        ['Amount', sol(lamports)]
      ]
    }
  }
  if (kind === 0 && lamports !== undefined) {
    return {
      action: 'Create an account',
      details: [
        ['Account', account(1)],
        ['Funded with', sol(lamports)]
      ]
    }
  }
  return unknownInstruction(data)
}

const token: Describe = (data, account) => {
  const amount = u64(data, 1)
  if (data[0] === 12 && amount !== undefined && data.length === 10) {
    const decimals = data[9] ?? 0
    return {
      action: 'Transfer tokens',
      details: [
        ['Token', account(1)],
        ['From account', account(0)],
        ['To account', account(2)],
        ['Amount', formatUnits(amount, decimals)]
      ]
    }
  }
  if (data[0] === 3 && amount !== undefined && data.length === 9) {
    return {
      action: 'Transfer tokens',
      details: [
        ['From account', account(0)],
        ['To account', account(1)],
        ['Amount', `${amount} (in the token’s smallest unit)`]
      ]
    }
  }
  return unknownInstruction(data)
}

const associatedToken: Describe = (data, account) => {
  if (data.length === 0 || (data.length === 1 && (data[0] === 0 || data[0] === 1))) {
    return {
      action: 'Create a token account',
      details: [
        ['Owner', account(2)],
        ['Token', account(3)],
        ['Paid by', account(0)]
      ]
    }
  }
  return unknownInstruction(data)
}

const computeBudget: Describe = data => {
  const limit = u32(data, 1)
  const price = u64(data, 1)
  if (data[0] === 2 && limit !== undefined)
    return { action: 'Set the compute limit', details: [['Units', String(limit)]] }
  if (data[0] === 3 && price !== undefined) {
    return { action: 'Set the priority fee', details: [['Micro-lamports per unit', String(price)]] }
  }
  return unknownInstruction(data)
}

const memo: Describe = data => {
  const text = printableText(data)
  return { action: 'Memo', details: [['Text', text ?? `${data.length} bytes that are not text`]] }
}

const KNOWN: Record<string, readonly [string, Describe]> = {
  [SYSTEM_PROGRAM]: ['System Program', system],
  [TOKEN_PROGRAM]: ['Token Program', token],
  [TOKEN_2022_PROGRAM]: ['Token-2022 Program', token],
  [ASSOCIATED_TOKEN_PROGRAM]: ['Associated Token Account Program', associatedToken],
  [COMPUTE_BUDGET_PROGRAM]: ['Compute Budget Program', computeBudget],
  [MEMO_PROGRAM]: ['Memo Program', memo],
  [MEMO_V1_PROGRAM]: ['Memo Program', memo]
}

function describeInstruction(transaction: WireTransaction, instruction: WireInstruction): SolanaInstructionSummary {
  const programId = transaction.accounts[instruction.programIndex] ?? FROM_LOOKUP_TABLE
  const account = (position: number): string => {
    const index = instruction.accountIndices[position]
    if (index === undefined) return '(none)'
    return transaction.accounts[index] ?? FROM_LOOKUP_TABLE
  }
  const known = KNOWN[programId]
  if (!known) return { program: programId, ...unknownInstruction(instruction.data) }
  const [program, describe] = known
  return { program, ...describe(instruction.data, account) }
}

/** What the approval shows of `transaction`, which `signer` (this wallet) signs. */
export function summarizeSolanaTransaction(transaction: WireTransaction, signer: string): SolanaTransactionSummary {
  const signers = transaction.accounts.slice(0, transaction.requiredSignatures)
  return {
    feePayer: transaction.accounts[0] ?? '',
    instructions: transaction.instructions.map(instruction => describeInstruction(transaction, instruction)),
    otherSigners: signers.filter(address => address !== signer).length,
    lookupTables: transaction.lookupTables
  }
}
