import * as z from 'zod/mini'
import type { Connector } from '../../connectors/types.js'
import {
  registeredWallets,
  startWalletStandardDiscovery,
  watchRegisteredWallets,
  type StandardWallet
} from '../solana/wallet-standard.js'
import { createBitcoinStandardConnector } from './wallet-standard-connector.js'
import { bitcoinNetworkSlot } from './network-slot.js'
import { isSafeImageUrl } from '../../utils/safe-image.js'
import type { SatsConnectProvider, SatsConnectProviderInfo } from './sats-connect-connector.js'

/**
 * The Bitcoin adapter's wallets: every Wallet Standard wallet with a `bitcoin:` chain and the
 * `bitcoin:connect` feature (the registry is the one the Solana adapter uses: one
 * `wallet-standard:app-ready` per page, whatever the namespaces), then every sats-connect provider
 * in `window.btc_providers` (WBIP004: `{ id, name, icon, methods }`, the provider object at the path
 * `id` of `window`). A wallet with both faces under the same name is listed once, with its Wallet
 * Standard face. Loaded on first use (the adapter imports this module dynamically), so a page
 * without a Bitcoin wallet never fetches it.
 */

let connectorsByWallet = new WeakMap<StandardWallet, Connector>()
let connectorsByProvider = new WeakMap<object, Connector>()

/** A window path such as `XverseProviders.BitcoinProvider`: names only, at most 4 of them. */
const providerInfoSchema = z.object({
  id: z.string().check(z.regex(/^[A-Za-z_$][\w$]{0,63}(\.[A-Za-z_$][\w$]{0,63}){0,3}$/)),
  name: z.string().check(z.minLength(1)),
  icon: z.optional(z.string()),
  methods: z.optional(z.array(z.string()))
})
const NOT_A_PATH = new Set(['__proto__', 'prototype', 'constructor'])

/** The object at `path` of the page's global scope; undefined when a step is missing or not an object. */
function atPath(path: string): unknown {
  let at: unknown = globalThis
  for (const part of path.split('.')) {
    if (NOT_A_PATH.has(part) || (typeof at !== 'object' && typeof at !== 'function') || at === null) return undefined
    try {
      at = (at as Record<string, unknown>)[part]
    } catch {
      return undefined
    }
  }
  return at
}

/** Whether `value` can be called as a sats-connect provider: an object with a `request` function. */
const isProvider = (value: unknown): value is SatsConnectProvider =>
  typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function'

type Method = 'connect' | 'reconnect' | 'disconnect' | 'getAccounts' | 'getChainId' | 'switchNetwork' | 'getBalance'
type LaterMethod = Method | 'signMessage' | 'sendTransaction'

/**
 * A sats-connect wallet's connector whose code (sats-connect-connector.ts) loads on its first use,
 * as its own chunk: listing the wallet costs only its name and icon.
 */
function lazySatsConnectConnector(info: SatsConnectProviderInfo, provider: SatsConnectProvider): Connector {
  const name = info.name.slice(0, 64)
  let loaded: Promise<Connector> | undefined
  const connector = () =>
    (loaded ??= import('./sats-connect-connector.js').then(module =>
      module.createSatsConnectConnector(info, provider, bitcoinNetworkSlot())
    ))
  const later =
    <K extends LaterMethod>(method: K) =>
    async (...args: unknown[]) =>
      ((await connector())[method] as (...args: unknown[]) => unknown)(...args)
  return {
    id: name,
    name,
    type: 'announced',
    namespace: 'bip122',
    ...(info.icon && isSafeImageUrl(info.icon) ? { imageUrl: info.icon } : {}),
    connect: later('connect'),
    reconnect: later('reconnect'),
    disconnect: later('disconnect'),
    getAccounts: later('getAccounts'),
    getChainId: later('getChainId'),
    switchNetwork: later('switchNetwork'),
    getBalance: later('getBalance'),
    signMessage: later('signMessage'),
    sendTransaction: later('sendTransaction'),
    on(event, listener) {
      let stop: (() => void) | undefined
      let stopped = false
      void connector().then(loadedConnector => {
        if (!stopped) stop = loadedConnector.on(event, listener)
      })
      return () => {
        stopped = true
        stop?.()
      }
    }
  } as Connector
}

/** The sats-connect providers the page announces, except those whose name `taken` already has. */
function satsConnectConnectors(taken: Set<string>): Connector[] {
  const announced = (globalThis as { btc_providers?: unknown }).btc_providers
  if (!Array.isArray(announced)) return []
  const found: Connector[] = []
  for (const entry of announced.slice(0, 32)) {
    const info = providerInfoSchema.safeParse(entry)
    if (!info.success) continue
    const provider = atPath(info.data.id)
    if (!isProvider(provider)) continue
    let connector = connectorsByProvider.get(provider)
    if (!connector) {
      connector = lazySatsConnectConnector(info.data, provider)
      connectorsByProvider.set(provider, connector)
    }
    const key = connector.name.toLowerCase()
    if (taken.has(key)) continue
    taken.add(key)
    found.push(connector)
  }
  return found
}

function isBitcoinWallet(wallet: StandardWallet): boolean {
  return wallet.chains.some(chain => chain.startsWith('bitcoin:')) && 'bitcoin:connect' in wallet.features
}

function connectorsOf(wallets: readonly StandardWallet[]): Connector[] {
  const standard = wallets.filter(isBitcoinWallet).map(wallet => {
    let connector = connectorsByWallet.get(wallet)
    if (!connector) {
      connector = createBitcoinStandardConnector(wallet)
      connectorsByWallet.set(wallet, connector)
    }
    return connector
  })
  return [...standard, ...satsConnectConnectors(new Set(standard.map(connector => connector.name.toLowerCase())))]
}

/** The Bitcoin wallets registered now (wallets that load later come through the watcher). */
export async function loadBitcoinConnectors(): Promise<Connector[]> {
  startWalletStandardDiscovery()
  await new Promise(resolve => setTimeout(resolve, 0))
  return connectorsOf(registeredWallets())
}

/** Calls `listener` with the whole list whenever a Bitcoin wallet registers or leaves, and once at once. */
export function watchBitcoinConnectors(listener: (connectors: readonly Connector[]) => void): () => void {
  const stop = watchRegisteredWallets(wallets => listener(connectorsOf(wallets)))
  listener(connectorsOf(registeredWallets()))
  return stop
}

/** Forgets the connectors made so far (tests). */
export function resetBitcoinConnectors(): void {
  connectorsByWallet = new WeakMap()
  connectorsByProvider = new WeakMap()
}

/** The adapter's discovery (src/adapters/lazy-adapter.ts): this module is what its dynamic import gives. */
export { loadBitcoinConnectors as load, watchBitcoinConnectors as watch }
