import type { TokenBalance } from '../../api/schemas/balance.js'
import type { SwapToken } from '../../api/schemas/convert.js'
import { SWAP_SLIPPAGE_PERCENT } from '../../config/constants.js'

/** The spec's 12 swap networks (section 9). */
export const SWAP_NETWORKS = [
  'eip155:1',
  'eip155:42161',
  'eip155:10',
  'eip155:324',
  'eip155:8453',
  'eip155:56',
  'eip155:137',
  'eip155:100',
  'eip155:43114',
  'eip155:250',
  'eip155:8217',
  'eip155:1313161554'
] as const

/**
 * The swap networks plus the local chains of `npm start` (docs/behaviour.md section 11), by id: importing the
 * network definitions here would split them out of the script tag's entry.
 */
export const SWAP_CHAINS: readonly string[] = [...SWAP_NETWORKS, 'eip155:31337', 'eip155:31338']

/** The spec's thrown texts (section 8). */
export const SWAPS_NOT_SUPPORTED = 'Network not supported for Swaps'
export const GAS_PRICE_NOT_SUPPORTED = 'Network not supported for Gas Price'

/** The native token's address in the convert API (ERC-7528). */
export const NATIVE_TOKEN = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** Slippage in percent: 1 by default (docs/behaviour.md section 9), editable from 0.1 to 50. */
export const DEFAULT_SLIPPAGE = String(SWAP_SLIPPAGE_PERCENT)
export const MIN_SLIPPAGE_BPS = 10n
export const MAX_SLIPPAGE_BPS = 5000n

export function isSwapNetwork(caipNetworkId: string | undefined): boolean {
  return caipNetworkId !== undefined && SWAP_CHAINS.includes(caipNetworkId)
}

/** "1", "0.5", "12.25" percent in basis points; undefined outside 0.1-50 or with more than 2 decimals. */
export function slippageBps(text: string): bigint | undefined {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!match) return undefined
  const bps = BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'))
  return bps >= MIN_SLIPPAGE_BPS && bps <= MAX_SLIPPAGE_BPS ? bps : undefined
}

/** The least the visitor receives at `bps` slippage: the quoted amount less that share, rounded down. */
export function minimumReceived(toAmount: bigint, bps: bigint): bigint {
  return (toAmount * (10_000n - bps)) / 10_000n
}

/** The contract of a convert token (the last part of its CAIP-10 address). */
export function contractOf(token: SwapToken): string {
  return token.address.split(':').at(-1) ?? ''
}

export function isNativeToken(token: SwapToken): boolean {
  return contractOf(token).toLowerCase() === NATIVE_TOKEN
}

/** The visitor's balance of a swap token in its smallest unit, from the Tokens tab's list (0 when absent). */
export function balanceOf(token: SwapToken, balances: readonly TokenBalance[]): bigint {
  const native = isNativeToken(token)
  const contract = contractOf(token).toLowerCase()
  const held = balances.find(balance =>
    native ? !balance.address : balance.address?.split(':').at(-1)?.toLowerCase() === contract
  )
  if (!held) return 0n
  const [whole = '0', fraction = ''] = held.quantity.numeric.split('.')
  return BigInt(whole + fraction.slice(0, token.decimals).padEnd(token.decimals, '0'))
}
