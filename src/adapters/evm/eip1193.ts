import * as z from 'zod/mini'
import { safeParseEvmChainId } from './chain-id.js'

/**
 * EIP-1193 as the kit meets it: the provider's shape, and zod schemas for every result the kit
 * interprets (accounts, chain ids, quantities). A wallet that answers something else raises a
 * WalletResponseError naming the method, never a half-set store.
 */

export interface Eip1193RequestArguments {
  readonly method: string
  readonly params?: readonly unknown[] | object
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- listeners receive whatever the wallet emits
type Eip1193Listener = (...args: any[]) => void

export interface Eip1193Provider {
  request(args: Eip1193RequestArguments): Promise<unknown>
  on?(event: string, listener: Eip1193Listener): unknown
  removeListener?(event: string, listener: Eip1193Listener): unknown
}

export const eip1193ProviderSchema = z.custom<Eip1193Provider>(
  value =>
    typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function',
  'an EIP-1193 provider (an object with a request function)'
)

const evmAddressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'an EVM address (0x and 40 hex digits)'))

/** eth_accounts, eth_requestAccounts and accountsChanged: a list of addresses. */
export const accountsSchema = z.array(evmAddressSchema)

/** eth_chainId and chainChanged: "0x1" as EIP-1193 says; some wallets send 1 or "1". */
export const chainIdResultSchema = z.custom<string | number>(
  value => safeParseEvmChainId(value) !== undefined,
  'a chain id such as "0x1"'
)

/** eth_getBalance: a hex quantity. */
export const quantitySchema = z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'a hex quantity such as "0x1"'))

/** A wallet answered `method` with something the kit cannot use. */
export class WalletResponseError extends Error {
  override readonly name = 'WalletResponseError'
  constructor(
    readonly method: string,
    readonly expected: string
  ) {
    super(`The wallet answered ${method} with an unexpected value: expected ${expected}`)
  }
}

function parse<S extends z.ZodMiniType>(schema: S, method: string, expected: string, value: unknown): z.output<S> {
  const result = schema.safeParse(value)
  if (!result.success) throw new WalletResponseError(method, expected)
  return result.data
}

export function parseAccounts(method: string, value: unknown): string[] {
  return parse(accountsSchema, method, 'a list of addresses', value)
}

export function parseChainId(method: string, value: unknown): number {
  return safeParseEvmChainId(parse(chainIdResultSchema, method, 'a chain id such as "0x1"', value)) ?? 0
}

export function parseQuantity(method: string, value: unknown): bigint {
  return BigInt(parse(quantitySchema, method, 'a hex quantity', value))
}

/** personal_sign: the signature, 0x hex. */
export function parseSignature(method: string, value: unknown): `0x${string}` {
  return parse(z.string().check(z.regex(/^0x[0-9a-fA-F]+$/)), method, 'a 0x hex signature', value) as `0x${string}`
}

/** eth_sendTransaction: what the wallet answered, a string (the kit then checks it is a transaction). */
export function parseSendResult(method: string, value: unknown): string {
  return parse(z.string(), method, 'a transaction hash', value)
}
