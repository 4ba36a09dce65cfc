/**
 * Byte-level helpers for the local Solana RPC: base58/base64, SPL Token account and mint layouts,
 * token amounts as the validator prints them, and account encodings (base58, base64, jsonParsed).
 */
import { getBase58Decoder, getBase58Encoder } from '@solana/kit'

export const SYSTEM_PROGRAM = '11111111111111111111111111111111'
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
export const MEMO_PROGRAMS = [
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo'
]
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
/** What validators print as `rentEpoch` for rent-exempt accounts: u64::MAX, which a JSON number rounds to 2^64. */
export const RENT_EPOCH = 2 ** 64

const base58Decoder = getBase58Decoder()
const base58Encoder = getBase58Encoder()

/** Bytes to base58 text. */
export function toBase58(bytes: Uint8Array): string {
  return base58Decoder.decode(bytes)
}

/** Base58 text to bytes; throws on characters outside the alphabet. */
export function fromBase58(text: string): Uint8Array {
  return new Uint8Array(base58Encoder.encode(text))
}

export function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
}

/** Strict base64: rejects text that does not round-trip (Buffer.from silently skips bad characters). */
export function fromBase64(text: string): Uint8Array {
  const bytes = Buffer.from(text, 'base64')
  if (bytes.toString('base64').replace(/=+$/, '') !== text.replace(/=+$/, '')) throw new Error('invalid base64')
  return new Uint8Array(bytes)
}

/** True for base58 text that decodes to exactly `length` bytes. */
export function isBase58Of(text: string, length: number): boolean {
  if (text.length === 0 || text.length > 90) return false
  try {
    return fromBase58(text).length === length
  } catch {
    return false
  }
}

/* ---------------------------------------------------------------- SPL Token layouts */

export const MINT_SIZE = 82
export const TOKEN_ACCOUNT_SIZE = 165

export interface MintState {
  mintAuthority: string | null
  supply: bigint
  decimals: number
  isInitialized: boolean
  freezeAuthority: string | null
}

export interface TokenAccountState {
  mint: string
  owner: string
  amount: bigint
  delegate: string | null
  /** 0 uninitialized, 1 initialized, 2 frozen. */
  state: number
  /** Rent-exempt reserve of a wrapped-SOL account, else null. */
  isNative: bigint | null
  delegatedAmount: bigint
  closeAuthority: string | null
}

function view(data: Uint8Array): DataView {
  return new DataView(data.buffer, data.byteOffset, data.byteLength)
}

function optionalKey(data: Uint8Array, tagOffset: number): string | null {
  return view(data).getUint32(tagOffset, true) === 1 ? toBase58(data.subarray(tagOffset + 4, tagOffset + 36)) : null
}

/** True when the program is one of the two SPL Token programs. */
export function isTokenProgram(owner: string): boolean {
  return owner === TOKEN_PROGRAM || owner === TOKEN_2022_PROGRAM
}

/** Token-2022 puts an account-type byte at offset 165 when extensions follow: 1 mint, 2 account. */
function accountType(data: Uint8Array): number | undefined {
  return data.length > TOKEN_ACCOUNT_SIZE ? data[TOKEN_ACCOUNT_SIZE] : undefined
}

export function decodeMint(owner: string, data: Uint8Array): MintState | null {
  if (!isTokenProgram(owner)) return null
  const isMint = data.length === MINT_SIZE || (owner === TOKEN_2022_PROGRAM && accountType(data) === 1)
  if (!isMint || data[45] !== 1) return null
  const v = view(data)
  return {
    mintAuthority: optionalKey(data, 0),
    supply: v.getBigUint64(36, true),
    decimals: data[44] ?? 0,
    isInitialized: true,
    freezeAuthority: optionalKey(data, 46)
  }
}

export function decodeTokenAccount(owner: string, data: Uint8Array): TokenAccountState | null {
  if (!isTokenProgram(owner)) return null
  const isAccount = data.length === TOKEN_ACCOUNT_SIZE || (owner === TOKEN_2022_PROGRAM && accountType(data) === 2)
  if (!isAccount || data[108] === 0) return null
  const v = view(data)
  return {
    mint: toBase58(data.subarray(0, 32)),
    owner: toBase58(data.subarray(32, 64)),
    amount: v.getBigUint64(64, true),
    delegate: optionalKey(data, 72),
    state: data[108] ?? 0,
    isNative: v.getUint32(109, true) === 1 ? v.getBigUint64(113, true) : null,
    delegatedAmount: v.getBigUint64(121, true),
    closeAuthority: optionalKey(data, 129)
  }
}

export function encodeMint(mint: MintState): Uint8Array {
  const data = new Uint8Array(MINT_SIZE)
  const v = view(data)
  if (mint.mintAuthority) {
    v.setUint32(0, 1, true)
    data.set(fromBase58(mint.mintAuthority), 4)
  }
  v.setBigUint64(36, mint.supply, true)
  data[44] = mint.decimals
  data[45] = mint.isInitialized ? 1 : 0
  if (mint.freezeAuthority) {
    v.setUint32(46, 1, true)
    data.set(fromBase58(mint.freezeAuthority), 50)
  }
  return data
}

export function encodeTokenAccount(account: Pick<TokenAccountState, 'mint' | 'owner' | 'amount'>): Uint8Array {
  const data = new Uint8Array(TOKEN_ACCOUNT_SIZE)
  data.set(fromBase58(account.mint), 0)
  data.set(fromBase58(account.owner), 32)
  view(data).setBigUint64(64, account.amount, true)
  data[108] = 1
  return data
}

/* ---------------------------------------------------------------- token amounts */

/** `1500000` with 6 decimals is `"1.5"`: no trailing zeros, like the validator's uiAmountString. */
export function uiAmountString(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString()
  const digits = amount.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, -decimals)
  const fraction = digits.slice(-decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

export interface UiTokenAmount {
  amount: string
  decimals: number
  uiAmount: number | null
  uiAmountString: string
}

export function tokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const text = uiAmountString(amount, decimals)
  return { amount: amount.toString(), decimals, uiAmount: Number(text), uiAmountString: text }
}

/* ---------------------------------------------------------------- account encodings */

export type AccountEncoding = 'binary' | 'base58' | 'base64' | 'base64+zstd' | 'jsonParsed'

export interface RawAccount {
  lamports: bigint
  owner: string
  data: Uint8Array
  executable: boolean
}

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown
  ) {
    super(message)
  }
}

/** Parsed data of an SPL Token account or mint, as `jsonParsed` shows it; null for anything else. */
export function parseAccountData(
  account: RawAccount,
  decimalsOf: (mint: string) => number | null
): { program: string; parsed: unknown; space: number } | null {
  const program = account.owner === TOKEN_PROGRAM ? 'spl-token' : 'spl-token-2022'
  const mint = decodeMint(account.owner, account.data)
  if (mint) {
    return {
      program,
      parsed: {
        info: {
          decimals: mint.decimals,
          freezeAuthority: mint.freezeAuthority,
          isInitialized: mint.isInitialized,
          mintAuthority: mint.mintAuthority,
          supply: mint.supply.toString()
        },
        type: 'mint'
      },
      space: account.data.length
    }
  }
  const token = decodeTokenAccount(account.owner, account.data)
  if (!token) return null
  const decimals = decimalsOf(token.mint)
  if (decimals === null) return null
  const info: Record<string, unknown> = {
    isNative: token.isNative !== null,
    mint: token.mint,
    owner: token.owner,
    state: token.state === 2 ? 'frozen' : 'initialized',
    tokenAmount: tokenAmount(token.amount, decimals)
  }
  if (token.delegate) {
    info.delegate = token.delegate
    info.delegatedAmount = tokenAmount(token.delegatedAmount, decimals)
  }
  if (token.closeAuthority) info.closeAuthority = token.closeAuthority
  if (token.isNative !== null) info.rentExemptReserve = tokenAmount(token.isNative, 9)
  return { program, parsed: { info, type: 'account' }, space: account.data.length }
}

export interface DataSlice {
  offset: number
  length: number
}

/** An account as the RPC returns it (`UiAccount`). */
export function encodeAccount(
  account: RawAccount,
  encoding: AccountEncoding,
  dataSlice: DataSlice | undefined,
  decimalsOf: (mint: string) => number | null
): Record<string, unknown> {
  const base = {
    executable: account.executable,
    lamports: Number(account.lamports),
    owner: account.owner,
    rentEpoch: RENT_EPOCH,
    space: account.data.length
  }
  if (encoding === 'jsonParsed') {
    const parsed = parseAccountData(account, decimalsOf)
    if (parsed) return { ...base, data: parsed }
  }
  const data = dataSlice ? account.data.subarray(dataSlice.offset, dataSlice.offset + dataSlice.length) : account.data
  switch (encoding) {
    case 'binary':
    case 'base58':
      if (data.length > 128) {
        throw new RpcError(
          -32600,
          'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.'
        )
      }
      return { ...base, data: encoding === 'binary' ? toBase58(data) : [toBase58(data), 'base58'] }
    case 'base64+zstd':
      throw new RpcError(-32602, 'Invalid params: base64+zstd is not supported by the local Solana runtime; use base64')
    default:
      return { ...base, data: [toBase64(data), 'base64'] }
  }
}
