import type { Connector } from '../../connectors/types.js'
import { createWalletStandardConnector } from './wallet-standard-connector.js'
import {
  registeredWallets,
  startWalletStandardDiscovery,
  watchRegisteredWallets,
  type StandardWallet
} from './wallet-standard.js'

/**
 * The Solana adapter's wallets: every Wallet Standard wallet that supports a `solana:` chain and
 * `standard:connect`. Loaded on first use (the adapter imports this module dynamically).
 */

/** One connector per wallet object, so listeners and stored ids stay attached to the same one. */
let connectorsByWallet = new WeakMap<StandardWallet, Connector>()

function isSolanaWallet(wallet: StandardWallet): boolean {
  return wallet.chains.some(chain => chain.startsWith('solana:')) && 'standard:connect' in wallet.features
}

function connectorsOf(wallets: readonly StandardWallet[]): Connector[] {
  return wallets.filter(isSolanaWallet).map(wallet => {
    let connector = connectorsByWallet.get(wallet)
    if (!connector) {
      connector = createWalletStandardConnector(wallet)
      connectorsByWallet.set(wallet, connector)
    }
    return connector
  })
}

/** Discovers the Solana wallets registered now (wallets that load later come through the watcher). */
export async function loadSolanaConnectors(): Promise<Connector[]> {
  startWalletStandardDiscovery()
  await new Promise(resolve => setTimeout(resolve, 0))
  return connectorsOf(registeredWallets())
}

/**
 * Calls `listener` with the whole list whenever a Solana wallet registers or leaves, and once at
 * once: a wallet may have registered between the first discovery and this call.
 */
export function watchSolanaConnectors(listener: (connectors: readonly Connector[]) => void): () => void {
  const stop = watchRegisteredWallets(wallets => listener(connectorsOf(wallets)))
  listener(connectorsOf(registeredWallets()))
  return stop
}

/** Forgets the connectors made so far (tests). */
export function resetSolanaConnectors(): void {
  connectorsByWallet = new WeakMap()
}

/** The adapter's discovery (src/adapters/lazy-adapter.ts): this module is what its dynamic import gives. */
export { loadSolanaConnectors as load, watchSolanaConnectors as watch }
