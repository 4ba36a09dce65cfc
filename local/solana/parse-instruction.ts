/**
 * `jsonParsed` instructions, as the validator shows them in getTransaction: System transfers and
 * account creation, SPL Token (both programs), Associated Token Account and Memo. Anything else
 * is "partially decoded" ({ programId, accounts, data }), as on a validator.
 */
import {
  ASSOCIATED_TOKEN_PROGRAM,
  MEMO_PROGRAMS,
  SYSTEM_PROGRAM,
  TOKEN_PROGRAM,
  isTokenProgram,
  toBase58,
  tokenAmount
} from './codec.js'

export interface ParsedInstruction {
  program: string
  programId: string
  parsed: unknown
  stackHeight: number | null
}

export interface PartiallyDecodedInstruction {
  programId: string
  accounts: string[]
  data: string
  stackHeight: number | null
}

function u64(data: Uint8Array, offset: number): bigint {
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true)
}

function key(data: Uint8Array, offset: number): string {
  return toBase58(data.subarray(offset, offset + 32))
}

function parseSystem(data: Uint8Array, a: string[]): { type: string; info: Record<string, unknown> } | null {
  if (data.length < 4) return null
  const tag = new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(0, true)
  if (tag === 0 && data.length >= 52) {
    return {
      type: 'createAccount',
      info: {
        source: a[0],
        newAccount: a[1],
        lamports: Number(u64(data, 4)),
        space: Number(u64(data, 12)),
        owner: key(data, 20)
      }
    }
  }
  if (tag === 1 && data.length >= 36) return { type: 'assign', info: { account: a[0], owner: key(data, 4) } }
  if (tag === 2 && data.length >= 12) {
    return { type: 'transfer', info: { source: a[0], destination: a[1], lamports: Number(u64(data, 4)) } }
  }
  if (tag === 8 && data.length >= 12) return { type: 'allocate', info: { account: a[0], space: Number(u64(data, 4)) } }
  return null
}

function parseToken(data: Uint8Array, a: string[]): { type: string; info: Record<string, unknown> } | null {
  const tag = data[0]
  const amount = () => u64(data, 1).toString()
  const checked = () => tokenAmount(u64(data, 1), data[9] ?? 0)
  switch (tag) {
    case 0:
    case 20: {
      const rest = tag === 0 ? { rentSysvar: a[1] } : {}
      const freeze = data[34] === 1 ? { freezeAuthority: key(data, 35) } : {}
      return {
        type: tag === 0 ? 'initializeMint' : 'initializeMint2',
        info: { mint: a[0], decimals: data[1], mintAuthority: key(data, 2), ...freeze, ...rest }
      }
    }
    case 1:
      return { type: 'initializeAccount', info: { account: a[0], mint: a[1], owner: a[2], rentSysvar: a[3] } }
    case 3:
      return { type: 'transfer', info: { source: a[0], destination: a[1], authority: a[2], amount: amount() } }
    case 4:
      return { type: 'approve', info: { source: a[0], delegate: a[1], owner: a[2], amount: amount() } }
    case 5:
      return { type: 'revoke', info: { source: a[0], owner: a[1] } }
    case 7:
      return { type: 'mintTo', info: { mint: a[0], account: a[1], mintAuthority: a[2], amount: amount() } }
    case 8:
      return { type: 'burn', info: { account: a[0], mint: a[1], authority: a[2], amount: amount() } }
    case 9:
      return { type: 'closeAccount', info: { account: a[0], destination: a[1], owner: a[2] } }
    case 12:
      return {
        type: 'transferChecked',
        info: { source: a[0], mint: a[1], destination: a[2], authority: a[3], tokenAmount: checked() }
      }
    case 14:
      return { type: 'mintToChecked', info: { mint: a[0], account: a[1], mintAuthority: a[2], tokenAmount: checked() } }
    case 15:
      return { type: 'burnChecked', info: { account: a[0], mint: a[1], authority: a[2], tokenAmount: checked() } }
    case 16:
      return { type: 'initializeAccount2', info: { account: a[0], mint: a[1], owner: key(data, 1), rentSysvar: a[2] } }
    case 17:
      return { type: 'syncNative', info: { account: a[0] } }
    case 18:
      return { type: 'initializeAccount3', info: { account: a[0], mint: a[1], owner: key(data, 1) } }
    case 21:
      return { type: 'getAccountDataSize', info: { mint: a[0], extensionTypes: [] } }
    case 22:
      return { type: 'initializeImmutableOwner', info: { account: a[0] } }
    default:
      return null
  }
}

function parseAssociatedToken(data: Uint8Array, a: string[]): { type: string; info: Record<string, unknown> } | null {
  if (data.length > 1 || (data[0] ?? 0) > 1) return null
  return {
    type: data[0] === 1 ? 'createIdempotent' : 'create',
    info: { source: a[0], account: a[1], wallet: a[2], mint: a[3], systemProgram: a[4], tokenProgram: a[5] }
  }
}

/** One instruction in `jsonParsed` form. */
export function parseInstruction(
  programId: string,
  accounts: string[],
  data: Uint8Array,
  stackHeight: number | null
): ParsedInstruction | PartiallyDecodedInstruction {
  try {
    if (MEMO_PROGRAMS.includes(programId)) {
      return {
        program: 'spl-memo',
        programId,
        parsed: new TextDecoder('utf-8', { fatal: true }).decode(data),
        stackHeight
      }
    }
    let parsed: { type: string; info: Record<string, unknown> } | null = null
    let program = ''
    if (programId === SYSTEM_PROGRAM) {
      program = 'system'
      parsed = parseSystem(data, accounts)
    } else if (isTokenProgram(programId)) {
      program = programId === TOKEN_PROGRAM ? 'spl-token' : 'spl-token-2022'
      parsed = parseToken(data, accounts)
    } else if (programId === ASSOCIATED_TOKEN_PROGRAM) {
      program = 'spl-associated-token-account'
      parsed = parseAssociatedToken(data, accounts)
    }
    if (parsed) return { program, programId, parsed, stackHeight }
  } catch {
    // Malformed data: fall through to the partially decoded form, as the validator does.
  }
  return { programId, accounts, data: toBase58(data), stackHeight }
}
