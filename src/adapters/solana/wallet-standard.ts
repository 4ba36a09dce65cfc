import * as z from 'zod/mini'

/**
 * The app side of the Wallet Standard's registration (github.com/wallet-standard): wallets register
 * through window events, in either order of loading. A wallet that loads after the app answers
 * `wallet-standard:app-ready`; one that loaded before dispatches `wallet-standard:register-wallet`
 * whose detail is a callback the app calls with its `register` function. Registered wallets are
 * untrusted: each is parsed (below) before the kit lists it, and the kit keeps the wallet object
 * itself to call its features.
 */

const fn = z.custom<(...args: never[]) => unknown>(value => typeof value === 'function', 'a function')

/** An account a wallet exposes: a Solana address and the chains it may be used on. */
export const standardAccountSchema = z.object({
  address: z.string(),
  chains: z.readonly(z.array(z.string())),
  features: z.optional(z.readonly(z.array(z.string())))
})
export type StandardAccount = z.infer<typeof standardAccountSchema>

/** What the kit needs of a registered wallet. Other features are allowed and ignored. */
export const standardWalletSchema = z.object({
  version: z.literal('1.0.0'),
  name: z.string().check(z.trim(), z.minLength(1)),
  icon: z.string(),
  chains: z.readonly(z.array(z.string())),
  accounts: z.readonly(z.array(standardAccountSchema)),
  features: z.record(z.string(), z.unknown())
})

export const connectFeatureSchema = z.object({ version: z.string(), connect: fn })
export const disconnectFeatureSchema = z.object({ version: z.string(), disconnect: fn })
export const eventsFeatureSchema = z.object({ version: z.string(), on: fn })

export const signAndSendFeatureSchema = z.object({ version: z.string(), signAndSendTransaction: fn })

/** The result of `solana:signAndSendTransaction`: one signature (64 bytes) per transaction. */
export const signAndSendOutputSchema = z.array(
  z.object({
    signature: z.custom<Uint8Array>(value => value instanceof Uint8Array && value.length === 64, 'a 64-byte signature')
  })
)

/** `solana:signTransaction` (sign without sending), and its result: one signed transaction (wire format) per input. */
export const signTransactionFeatureSchema = z.object({ version: z.string(), signTransaction: fn })
export const signTransactionOutputSchema = z.array(
  z.object({ signedTransaction: z.custom<Uint8Array>(value => value instanceof Uint8Array, 'the signed transaction') })
)

/** `solana:signMessage`, and its result: one signature per message. */
export const signMessageFeatureSchema = z.object({ version: z.string(), signMessage: fn })
export const signMessageOutputSchema = signAndSendOutputSchema

/** The result of `standard:connect`. */
export const connectOutputSchema = z.object({ accounts: z.readonly(z.array(standardAccountSchema)) })

/** A registered wallet, as the kit calls it (the original object: its features are methods). */
export interface StandardWallet {
  readonly version: '1.0.0'
  readonly name: string
  readonly icon: string
  readonly chains: readonly string[]
  readonly accounts: readonly StandardAccount[]
  readonly features: Readonly<Record<string, unknown>>
}

/**
 * A connector's `on` over the wallet's `standard:events` 'change': 'accountsChanged' gets the
 * addresses `addressesOf` keeps of the wallet's accounts, 'disconnect' fires when none is left; a
 * wallet has no chain event (the kit chooses the network), nor any event without the feature.
 */
export function onStandardAccounts<E extends 'accountsChanged' | 'chainChanged' | 'disconnect'>(
  wallet: StandardWallet,
  addressesOf: (accounts: readonly StandardAccount[]) => string[],
  event: E,
  listener: (payload: never) => void
): () => void {
  const eventsFeature = eventsFeatureSchema.safeParse(wallet.features['standard:events'])
  if (!eventsFeature.success || event === 'chainChanged') return () => undefined
  const deliver = listener as (payload: readonly string[] | undefined) => void
  const on = eventsFeature.data.on as (name: 'change', listener: (properties: unknown) => void) => unknown
  const off = on('change', properties => {
    const changed = z.object({ accounts: z.optional(z.array(z.unknown())) }).safeParse(properties)
    if (!changed.success || !changed.data.accounts) return
    const accounts = addressesOf(wallet.accounts)
    if (event === 'accountsChanged') deliver(accounts)
    else if (accounts.length === 0) deliver(undefined)
  })
  return () => {
    if (typeof off === 'function') (off as () => void)()
  }
}

type RegistryListener = (wallets: readonly StandardWallet[]) => void

const REGISTER_EVENT = 'wallet-standard:register-wallet'
const APP_READY_EVENT = 'wallet-standard:app-ready'

let wallets: StandardWallet[] | undefined
const listeners = new Set<RegistryListener>()

function notify(): void {
  const list = [...(wallets ?? [])]
  for (const listener of listeners) listener(list)
}

/** The `register` the standard hands to wallets: parses each, keeps the valid, returns `unregister`. */
function register(...candidates: unknown[]): () => void {
  const added: StandardWallet[] = []
  for (const candidate of candidates) {
    const parsed = standardWalletSchema.safeParse(candidate)
    if (!parsed.success) {
      console.warn('[appkit] A Wallet Standard wallet was ignored: it does not follow the standard.', parsed.error)
      continue
    }
    const wallet = candidate as StandardWallet
    if (wallets?.includes(wallet)) continue
    wallets?.push(wallet)
    added.push(wallet)
  }
  if (added.length > 0) notify()
  return () => {
    if (!wallets) return
    wallets = wallets.filter(wallet => !added.includes(wallet))
    notify()
  }
}

const api = Object.freeze({ register })

function onRegisterWallet(event: Event): void {
  const callback = (event as CustomEvent<unknown>).detail
  if (typeof callback !== 'function') return
  try {
    ;(callback as (api: { register: typeof register }) => void)(api)
  } catch (error) {
    console.warn('[appkit] A Wallet Standard wallet failed to register:', error)
  }
}

/** Starts listening for wallets and tells wallets that loaded earlier that the app is ready. */
export function startWalletStandardDiscovery(): void {
  if (wallets || typeof window === 'undefined') return
  wallets = []
  window.addEventListener(REGISTER_EVENT, onRegisterWallet)
  const ready = new CustomEvent(APP_READY_EVENT, { detail: api })
  window.dispatchEvent(ready)
}

/** The wallets registered so far. */
export function registeredWallets(): readonly StandardWallet[] {
  return [...(wallets ?? [])]
}

/** Calls `listener` with the whole list whenever a wallet registers or unregisters. */
export function watchRegisteredWallets(listener: RegistryListener): () => void {
  startWalletStandardDiscovery()
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Forgets every wallet and stops listening (tests). */
export function resetWalletStandardDiscovery(): void {
  if (typeof window !== 'undefined') window.removeEventListener(REGISTER_EVENT, onRegisterWallet)
  wallets = undefined
  listeners.clear()
}
