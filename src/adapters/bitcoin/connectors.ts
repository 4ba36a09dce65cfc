import type { Connector } from '../../connectors/types.js'
import {
  registeredWallets,
  startWalletStandardDiscovery,
  watchRegisteredWallets,
  type StandardWallet
} from '../solana/wallet-standard.js'
import { createBitcoinStandardConnector } from './wallet-standard-connector.js'

/**
 * The Bitcoin adapter's wallets: every Wallet Standard wallet with a `bitcoin:` chain and the
 * `bitcoin:connect` feature. The registry is the one the Solana adapter uses (one
 * `wallet-standard:app-ready` per page, whatever the namespaces). Loaded on first use (the adapter
 * imports this module dynamically), so a page without a Bitcoin wallet never fetches it.
 */

let connectorsByWallet = new WeakMap<StandardWallet, Connector>()

function isBitcoinWallet(wallet: StandardWallet): boolean {
  return wallet.chains.some(chain => chain.startsWith('bitcoin:')) && 'bitcoin:connect' in wallet.features
}

function connectorsOf(wallets: readonly StandardWallet[]): Connector[] {
  return wallets.filter(isBitcoinWallet).map(wallet => {
    let connector = connectorsByWallet.get(wallet)
    if (!connector) {
      connector = createBitcoinStandardConnector(wallet)
      connectorsByWallet.set(wallet, connector)
    }
    return connector
  })
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
}

/** The adapter's discovery (src/adapters/lazy-adapter.ts): this module is what its dynamic import gives. */
export { loadBitcoinConnectors as load, watchBitcoinConnectors as watch }
