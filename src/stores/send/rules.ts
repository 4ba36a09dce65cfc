import type { TokenBalance } from '../../api/schemas/balance.js'
import type { ChainNamespace } from '../../networks/types.js'
import { isAddressFor } from '../../utils/address.js'
import {
  SEND_FIELDS_REQUIRED,
  SEND_INSUFFICIENT_BALANCE,
  SEND_INVALID_ADDRESS,
  SEND_INVALID_AMOUNT,
  SEND_TOKEN_REQUIRED,
  SEND_UNSUPPORTED_CHAIN
} from './texts.js'

/** The namespaces the kit sends on (docs/behaviour.md section 9: send on eip155, solana and bip122). */
export const SEND_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana', 'bip122']

const AMOUNT = /^(\d+)(?:[.,](\d*))?$|^[.,](\d+)$/
/** A name of the registry (alice.appkit.id): labels of letters, digits and hyphens, dot-separated. */
const NAME = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i

/**
 * `text` (what the visitor typed: "1.5", "0,25", ".5") in the smallest unit of a token of
 * `decimals`; undefined when it is not a plain positive decimal or has more decimals than the token.
 */
export function parseAmount(text: string, decimals: number): bigint | undefined {
  const match = AMOUNT.exec(text.trim())
  if (!match) return undefined
  const whole = match[1] ?? '0'
  const fraction = match[2] ?? match[3] ?? ''
  if (fraction.length > decimals) return undefined
  const value = BigInt(whole + fraction.padEnd(decimals, '0'))
  return value > 0n ? value : undefined
}

/** The token's balance in its smallest unit (its `numeric` cut to its decimals, never rounded up). */
export function tokenBalanceUnits(token: TokenBalance): bigint {
  const decimals = Number(token.quantity.decimals)
  const [whole = '0', fraction = ''] = token.quantity.numeric.split('.')
  return BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'))
}

/** Whether `value` looks like a registry name rather than an address. */
export function isNameLike(value: string): boolean {
  return NAME.test(value.trim())
}

/** The contract or mint of a token balance (the last part of its CAIP-10 address); undefined for the native token. */
export function tokenContract(token: TokenBalance): string | undefined {
  if (!token.address) return undefined
  const parts = token.address.split(':')
  return parts[parts.length - 1] || undefined
}

export interface SendInput {
  readonly namespace: ChainNamespace | undefined
  readonly token: TokenBalance | undefined
  readonly amount: string
  /** The receiver address: what was typed, or what a typed name resolved to. */
  readonly receiver: string
}

/**
 * The first rule `input` breaks (docs/behaviour.md section 5, in its order), as the visitor's text; undefined
 * when the form may go on. The balance rule counts the amount against the token's balance.
 */
export function sendInputError(input: SendInput): string | undefined {
  const { namespace, token, amount, receiver } = input
  if (!amount.trim() || !receiver.trim()) return SEND_FIELDS_REQUIRED
  if (namespace === 'eip155' && !token) return SEND_TOKEN_REQUIRED
  if (!namespace || !SEND_NAMESPACES.includes(namespace)) return SEND_UNSUPPORTED_CHAIN
  if (!isAddressFor(namespace, receiver.trim())) return SEND_INVALID_ADDRESS
  if (!token) return SEND_TOKEN_REQUIRED
  const value = parseAmount(amount, Number(token.quantity.decimals))
  if (value === undefined) return SEND_INVALID_AMOUNT
  if (value > tokenBalanceUnits(token)) return SEND_INSUFFICIENT_BALANCE
  return undefined
}
