import { map } from 'nanostores'
import type { TokenBalance } from '../../api/schemas/balance.js'
import type { Profile } from '../../api/schemas/profile.js'
import { NAME_CACHE_MS } from '../../config/constants.js'
import { isEvmAddress } from '../../utils/address.js'
import { $account } from '../account.js'
import { nameClient } from '../names/client.js'
import { nameOfAddress } from '../names/reverse.js'
import { $network } from '../network.js'
import { $tokenBalances } from '../account/token-balances.js'
import { isNameLike } from './rules.js'
import { NAME_RESOLVE_FAILED } from './texts.js'

/** What a typed name resolved to. */
export interface ResolvedName {
  readonly status: 'resolving' | 'resolved' | 'failed'
  readonly name: string
  /** The address the name points to on the active chain, once resolved. */
  readonly address?: string
}

/** The registry's name of an address typed as receiver (reverse lookup, EVM). */
export interface AddressName {
  readonly status: 'resolving' | 'resolved' | 'failed'
  readonly address: string
  /** The address's name; undefined when it has none (or until resolved). */
  readonly name?: string | undefined
}

/** The Send form (views WalletSend and WalletSendPreview): what the visitor typed and chose. */
export interface SendState {
  /** The chosen token: one of the Tokens tab's balances. */
  readonly token: TokenBalance | undefined
  /** The amount as typed, in whole units ("1.5"). */
  readonly amount: string
  /** The receiver as typed: an address, or a registry name on EVM. */
  readonly receiver: string
  /** The typed name's lookup; undefined when the receiver is not a name. */
  readonly name: ResolvedName | undefined
  /** The typed address's name (reverse lookup); undefined when the receiver is not an EVM address. */
  readonly addressName: AddressName | undefined
  /** The network fee of the previewed transfer, in the native token's smallest unit. */
  readonly fee: bigint | undefined
  /** True while the preview is prepared (fee) or the transfer is being sent. */
  readonly loading: boolean
  /** The last rule broken or failure, as the visitor's text. */
  readonly error: string | undefined
}

export const initialSend: SendState = {
  token: undefined,
  amount: '',
  receiver: '',
  name: undefined,
  addressName: undefined,
  fee: undefined,
  loading: false,
  error: undefined
}

export const $send = map<SendState>(initialSend)

/** A name is looked up once the visitor stopped typing for this long: not one lookup per keystroke. */
export const NAME_LOOKUP_DELAY_MS = 300

const resolvedNames = new Map<string, { readonly address: string | undefined; readonly at: number }>()

/** The native token when the Tokens tab has none: the network's currency with the account's balance. */
function nativeToken(): TokenBalance | undefined {
  const { balance, caipAddress } = $account.get()
  const network = $network.get().activeNetwork
  if (balance === undefined || !network || !caipAddress) return undefined
  const { name, symbol, decimals } = network.nativeCurrency
  return {
    name,
    symbol,
    chainId: network.caipNetworkId,
    price: 0,
    quantity: { decimals: String(decimals), numeric: balance },
    iconUrl: ''
  }
}

/** The tokens the picker lists: the Tokens tab's balances on the active network, the native token first. */
export function sendableTokens(): TokenBalance[] {
  const network = $network.get().activeNetwork
  const listed = $tokenBalances.get().balances.filter(token => token.chainId === network?.caipNetworkId)
  const native = listed.some(token => !token.address) ? [] : [nativeToken()].filter(token => token !== undefined)
  return [...native, ...listed].sort((a, b) => Number(Boolean(a.address)) - Number(Boolean(b.address)))
}

/** The same token (by chain and contract) in a list. */
export function sameToken(a: TokenBalance | undefined, b: TokenBalance | undefined): boolean {
  return a !== undefined && b !== undefined && a.chainId === b.chainId && a.address === b.address
}

/** Chooses the token to send; the fee of an earlier preview no longer applies. */
export function setSendToken(token: TokenBalance | undefined): void {
  $send.set({ ...$send.get(), token, fee: undefined, error: undefined })
}

/** Chooses the first listed token (the native one) when none is chosen or the chosen one is gone. */
export function chooseDefaultToken(): void {
  const tokens = sendableTokens()
  const current = $send.get().token
  const still = tokens.find(token => sameToken(token, current))
  if (still) {
    if (still !== current) $send.setKey('token', still)
    return
  }
  if (tokens[0] || current) setSendToken(tokens[0])
}

export function setSendAmount(amount: string): void {
  $send.set({ ...$send.get(), amount, fee: undefined, error: undefined })
}

/**
 * Sets the receiver as typed. On EVM a registry name (alice.appkit.id) is looked up once typing
 * pauses (NAME_LOOKUP_DELAY_MS), and so is the name of a typed address (reverse lookup); the newest
 * typed receiver wins, an answer for an older one is dropped.
 */
export async function setSendReceiver(receiver: string): Promise<void> {
  const typed = receiver.trim()
  const evm = $account.get().namespace === 'eip155'
  const wantsName = evm && !isEvmAddress(typed) && isNameLike(typed)
  const wantsAddressName = evm && isEvmAddress(typed)
  $send.set({
    ...$send.get(),
    receiver,
    name: wantsName ? { status: 'resolving', name: typed } : undefined,
    addressName: wantsAddressName ? { status: 'resolving', address: typed } : undefined,
    fee: undefined,
    error: undefined
  })
  if (wantsAddressName) return lookUpAddressName(typed)
  if (!wantsName) return
  const stillTyped = () => {
    const current = $send.get()
    return current.name?.name === typed && current.receiver.trim() === typed
  }
  await new Promise(resolve => setTimeout(resolve, NAME_LOOKUP_DELAY_MS))
  if (!stillTyped()) return
  const address = await resolveName(typed)
  if (!stillTyped()) return
  $send.setKey('name', address ? { status: 'resolved', name: typed, address } : { status: 'failed', name: typed })
}

/** The name of the typed address, once typing pauses; nothing shows when it has none. */
async function lookUpAddressName(address: string): Promise<void> {
  const stillTyped = () => $send.get().addressName?.address === address && $send.get().receiver.trim() === address
  await new Promise(resolve => setTimeout(resolve, NAME_LOOKUP_DELAY_MS))
  const network = $network.get().activeNetwork
  if (!stillTyped() || !network) return
  let addressName: AddressName
  try {
    const name = await nameOfAddress(address, network.caipNetworkId)
    addressName = { status: 'resolved', address, name: name ?? undefined }
  } catch {
    addressName = { status: 'failed', address }
  }
  if (stillTyped()) $send.setKey('addressName', addressName)
}

/** The address of the profile on the active EVM chain (ENSIP-11 coin type), else its Ethereum one (60). */
function addressOf(profile: Profile): string | undefined {
  const network = $network.get().activeNetwork
  const chainCoinType = typeof network?.id === 'number' ? String((0x80000000 | network.id) >>> 0) : undefined
  const entry = (chainCoinType ? profile.addresses[chainCoinType] : undefined) ?? profile.addresses['60']
  return entry && isEvmAddress(entry.address) ? entry.address : undefined
}

/** The address `name` points to (5 min cache); undefined when it has none or the lookup failed. */
export async function resolveName(name: string): Promise<string | undefined> {
  const key = name.toLowerCase()
  const cached = resolvedNames.get(key)
  if (cached && Date.now() - cached.at < NAME_CACHE_MS) return cached.address
  const client = nameClient()
  if (!client) return undefined
  try {
    const address = addressOf(await client.profile(key))
    resolvedNames.set(key, { address, at: Date.now() })
    return address
  } catch (error) {
    console.warn(`[appkit] ${NAME_RESOLVE_FAILED}: ${name}`, error)
    return undefined
  }
}

/** The receiver address the transfer goes to: the resolved name's, else what was typed. */
export function receiverAddress(state: SendState): string {
  return state.name ? (state.name.address ?? '') : state.receiver.trim()
}

/** Empties the form (after a send, on disconnect) and forgets looked-up names (tests). */
export function resetSendForm(): void {
  $send.set(initialSend)
}

export function forgetResolvedNames(): void {
  resolvedNames.clear()
}
