import { map } from 'nanostores'
import { getConvertClient } from '../../api/convert-client.js'
import type { SwapQuote, SwapToken } from '../../api/schemas/convert.js'
import { formatUnits } from '../../utils/units.js'
import { $account } from '../account.js'
import { $network } from '../network.js'
import { $options } from '../options.js'
import { pushView } from '../router.js'
import { parseAmount } from '../send/rules.js'
import { $tokenBalances, refreshTokenBalances } from '../account/token-balances.js'
import {
  balanceOf,
  DEFAULT_SLIPPAGE,
  GAS_PRICE_NOT_SUPPORTED,
  isNativeToken,
  isSwapNetwork,
  minimumReceived,
  slippageBps,
  SWAPS_NOT_SUPPORTED
} from './rules.js'
import { SWAP_INSUFFICIENT_BALANCE, SWAP_INVALID_SLIPPAGE, SWAP_NO_QUOTE } from './texts.js'

export interface SwapState {
  /** loading: the tokens are read; unsupported: the active network is not a swap network. */
  readonly status: 'idle' | 'loading' | 'ready' | 'unsupported'
  readonly tokens: readonly SwapToken[]
  readonly sourceToken: SwapToken | undefined
  readonly toToken: SwapToken | undefined
  /** The amount to swap as typed, in whole units of the source token. */
  readonly sourceAmount: string
  /** The quote for the typed amount; its toAmount in the smallest unit of the token received. */
  readonly quote: SwapQuote | undefined
  readonly quoteLoading: boolean
  /** Wei, from convert/gas-price (standard). */
  readonly gasPrice: bigint | undefined
  /** Percent, as typed ("1"). */
  readonly slippage: string
  /** USD prices of the tokens by CAIP-10 id (fungible/price); a token without one is absent. */
  readonly prices: Readonly<Record<string, number>>
  /** True while the approval or the swap is asked of the wallet. */
  readonly executing: boolean
  readonly error: string | undefined
}

export const initialSwap: SwapState = {
  status: 'idle',
  tokens: [],
  sourceToken: undefined,
  toToken: undefined,
  sourceAmount: '',
  quote: undefined,
  quoteLoading: false,
  gasPrice: undefined,
  slippage: DEFAULT_SLIPPAGE,
  prices: {},
  executing: false,
  error: undefined
}

export const $swap = map<SwapState>(initialSwap)

/** A quote is asked once typing pauses this long; the newest amount's answer wins. */
export const SWAP_QUOTE_DELAY_MS = 300

let quoteRequests = 0
let quoteTimer: ReturnType<typeof setTimeout> | undefined

export function client() {
  const options = $options.get()
  return getConvertClient(options ? { projectId: options.projectId, apiUrl: options.apiUrl } : undefined)
}

export function fail(error: string): false {
  $swap.set({ ...$swap.get(), executing: false, error })
  return false
}

/** The active network, when it is a swap network; else the spec's error. */
export function swapNetwork() {
  const network = $network.get().activeNetwork
  if (!network || !isSwapNetwork(network.caipNetworkId)) throw new Error(SWAPS_NOT_SUPPORTED)
  return network
}

/** The gas price (standard) of a swap network; 'Network not supported for Gas Price' elsewhere. */
export async function fetchGasPrice(caipNetworkId: string): Promise<bigint> {
  if (!isSwapNetwork(caipNetworkId)) throw new Error(GAS_PRICE_NOT_SUPPORTED)
  const api = client()
  if (!api) throw new Error('No convert API: createAppKit was given no apiUrl')
  return BigInt((await api.gasPrice(caipNetworkId)).standard)
}

/**
 * Opens the swap on the active network: 'unsupported' off the swap networks; else the tokens
 * (convert/tokens; the native token first as what is sold) and the gas price, read once per
 * network.
 */
export async function initializeSwap(): Promise<void> {
  const network = $network.get().activeNetwork
  if (!network || !isSwapNetwork(network.caipNetworkId)) {
    $swap.set({ ...initialSwap, status: 'unsupported', error: SWAPS_NOT_SUPPORTED })
    return
  }
  const loaded = $swap.get()
  // Opened again on the same network: the tokens are kept (and what the visitor chose and typed).
  if (loaded.status === 'ready' && loaded.tokens[0]?.address.startsWith(`${network.caipNetworkId}:`)) return
  $swap.set({ ...loaded, status: 'loading', error: undefined })
  try {
    const api = client()
    if (!api) throw new Error('No convert API: createAppKit was given no apiUrl')
    const [tokens, gasPrice] = await Promise.all([
      api.tokens(network.caipNetworkId),
      fetchGasPrice(network.caipNetworkId)
    ])
    const sourceToken = tokens.find(isNativeToken) ?? tokens[0]
    const toToken = tokens.find(token => token !== sourceToken && !isNativeToken(token))
    $swap.set({ ...initialSwap, status: 'ready', tokens, gasPrice, sourceToken, toToken })
    void fetchPrices(tokens)
    if ($tokenBalances.get().status === 'idle') void refreshTokenBalances()
  } catch (error) {
    console.warn('[appkit] The swap could not be prepared:', error)
    $swap.set({ ...$swap.get(), status: 'ready', error: SWAP_NO_QUOTE })
  }
}

/** The tokens' USD prices, for the amounts' values; without them the values are not shown. */
async function fetchPrices(tokens: readonly SwapToken[]): Promise<void> {
  try {
    const prices = await client()?.prices(tokens.map(token => token.address))
    if (prices) $swap.setKey('prices', prices)
  } catch (error) {
    console.warn('[appkit] The token prices could not be read:', error)
  }
}

/** The USD value of `amount` (whole units) of `token`; undefined without a price or an amount. */
export function usdValue(state: SwapState, token: SwapToken | undefined, amount: string): number | undefined {
  const price = token ? state.prices[token.address] : undefined
  const value = Number(amount)
  return price === undefined || !amount || !Number.isFinite(value) ? undefined : price * value
}

function changed(patch: Partial<SwapState>): void {
  $swap.set({ ...$swap.get(), ...patch, quote: undefined, error: undefined })
  clearTimeout(quoteTimer)
  quoteTimer = setTimeout(() => void fetchQuote(), SWAP_QUOTE_DELAY_MS)
}

export const setSourceAmount = (sourceAmount: string): void => changed({ sourceAmount })

export function setSourceToken(address: string): void {
  const token = $swap.get().tokens.find(entry => entry.address === address)
  if (!token) return
  const { toToken } = $swap.get()
  changed({ sourceToken: token, toToken: toToken?.address === address ? $swap.get().sourceToken : toToken })
}

export function setToToken(address: string): void {
  const token = $swap.get().tokens.find(entry => entry.address === address)
  if (!token) return
  const { sourceToken } = $swap.get()
  changed({ toToken: token, sourceToken: sourceToken?.address === address ? $swap.get().toToken : sourceToken })
}

/** Swaps the two tokens; the typed amount stays (now of the other token). */
export function switchTokens(): void {
  const { sourceToken, toToken } = $swap.get()
  changed({ sourceToken: toToken, toToken: sourceToken })
}

export function setSlippage(slippage: string): void {
  $swap.set({
    ...$swap.get(),
    slippage,
    error: slippageBps(slippage) === undefined ? SWAP_INVALID_SLIPPAGE : undefined
  })
}

/** The typed amount in the source token's smallest unit. */
export function sourceUnits(state: SwapState): bigint | undefined {
  return state.sourceToken ? parseAmount(state.sourceAmount, state.sourceToken.decimals) : undefined
}

/** What the quote gives, in whole units of the token received (never in exponent notation). */
export function toAmountText(state: SwapState): string {
  return state.quote && state.toToken ? formatUnits(BigInt(state.quote.toAmount), state.toToken.decimals) : ''
}

/** The least received at the slippage, in whole units; '' without a quote or with a slippage out of range. */
export function minimumReceivedText(state: SwapState): string {
  const bps = slippageBps(state.slippage)
  if (!state.quote || !state.toToken || bps === undefined) return ''
  return formatUnits(minimumReceived(BigInt(state.quote.toAmount), bps), state.toToken.decimals)
}

/** 'Insufficient balance' when the typed amount is more than the Tokens tab shows for the source token. */
export function balanceError(state: SwapState): string | undefined {
  const amount = sourceUnits(state)
  if (amount === undefined || !state.sourceToken) return undefined
  return amount > balanceOf(state.sourceToken, $tokenBalances.get().balances) ? SWAP_INSUFFICIENT_BALANCE : undefined
}

/** The quote for the typed amount (convert/quotes with the gas price); an answer for an older amount is dropped. */
export async function fetchQuote(): Promise<SwapQuote | undefined> {
  const state = $swap.get()
  const amount = sourceUnits(state)
  const { caipAddress } = $account.get()
  if (!amount || !state.sourceToken || !state.toToken || !caipAddress) return undefined
  const api = client()
  if (!api) return undefined
  const mine = ++quoteRequests
  $swap.set({ ...state, quoteLoading: true, error: undefined })
  try {
    const [quote] = await api.quotes({
      amount: amount.toString(),
      userAddress: caipAddress,
      from: state.sourceToken.address,
      to: state.toToken.address,
      gasPrice: (state.gasPrice ?? 0n).toString()
    })
    if (mine !== quoteRequests) return undefined
    if (!quote) throw new Error('no quote')
    $swap.set({ ...$swap.get(), quote, quoteLoading: false })
    return quote
  } catch (error) {
    if (mine !== quoteRequests) return undefined
    console.warn('[appkit] No swap quote:', error)
    $swap.set({ ...$swap.get(), quote: undefined, quoteLoading: false, error: SWAP_NO_QUOTE })
    return undefined
  }
}

/** Opens SwapPreview when there is a quote, the balance covers the amount and the slippage is in range. */
export function reviewSwap(): boolean {
  const state = $swap.get()
  const error = balanceError(state) ?? (slippageBps(state.slippage) === undefined ? SWAP_INVALID_SLIPPAGE : undefined)
  if (error) return fail(error)
  if (!state.quote) return fail(SWAP_NO_QUOTE)
  pushView('SwapPreview')
  return true
}

export function resetSwap(): void {
  clearTimeout(quoteTimer)
  quoteRequests++
  $swap.set(initialSwap)
}
