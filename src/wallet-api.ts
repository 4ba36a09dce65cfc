/**
 * The instance's part for the app's own work with the connection (issue 31; docs/guides/using-the-connection.md):
 * the wallet providers, accounts, networks and wallet, read from $wallets synchronously. The
 * providers themselves are built by the connection code (stores/connect/wallet-bridge.ts).
 */
import type { AppKitEip1193Provider } from './adapters/evm/wallet-provider.js'
import type { AppKitSolanaProvider } from './adapters/solana/solana-provider-types.js'
import type { CaipNetwork, ChainNamespace } from './networks/types.js'
import { $network } from './stores/network.js'
import { $wallets, walletOf, type NamespaceAccount, type WalletInfo } from './stores/wallet-providers.js'

export interface WalletApi {
  /**
   * The connected wallet's provider on `namespace` (the shown namespace's without one): for
   * eip155 an EIP-1193 provider, for solana the Solana provider; undefined when not connected there.
   * The same object for the whole connection.
   */
  getWalletProvider(namespace: 'eip155'): AppKitEip1193Provider | undefined
  getWalletProvider(namespace: 'solana'): AppKitSolanaProvider | undefined
  getWalletProvider<T = unknown>(namespace?: ChainNamespace): T | undefined
  /** Calls back with the new provider (undefined once disconnected); returns the unsubscribe function. */
  subscribeWalletProvider<T = unknown>(
    namespace: ChainNamespace,
    callback: (provider: T | undefined) => void
  ): () => void
  /** The connected account on `namespace` (the shown namespace without one); undefined when not connected there. */
  getAccount(namespace?: ChainNamespace): NamespaceAccount | undefined
  subscribeAccount(callback: (account: NamespaceAccount | undefined) => void, namespace?: ChainNamespace): () => void
  /**
   * The network the wallet on `namespace` is on; without a namespace, the active network (the one
   * the modal shows, connected or not).
   */
  getCaipNetwork(namespace?: ChainNamespace): CaipNetwork | undefined
  /**
   * Switches the active network, asking the connected wallet; resolves once it switched. Rejects
   * with the text the visitor is shown and its EIP-1193 `code`: 'Network switch declined' (4001),
   * 'Network Not Found' (4902), 'Invalid network id' (32603), 'Failed to switch network' (5000).
   */
  switchNetwork(network: CaipNetwork): Promise<void>
  /** The connected wallet of the shown namespace: its name, icon and connector type. */
  getWalletInfo(namespace?: ChainNamespace): WalletInfo | undefined
}

/** Calls `callback` whenever `pick()` answers another object. */
function follow<T>(pick: () => T, callback: (value: T) => void): () => void {
  let last = pick()
  return $wallets.listen(() => {
    const value = pick()
    if (value !== last) callback((last = value))
  })
}

export const walletApi: WalletApi = {
  getWalletProvider: (namespace?: ChainNamespace) => walletOf(namespace)?.provider as never,
  subscribeWalletProvider: (namespace, callback) => follow(() => walletOf(namespace)?.provider as never, callback),
  getAccount: namespace => walletOf(namespace)?.account,
  subscribeAccount: (callback, namespace) => follow(() => walletOf(namespace)?.account, callback),
  getCaipNetwork: namespace => {
    const { activeNetwork } = $network.get()
    return namespace && namespace !== activeNetwork?.chainNamespace ? walletOf(namespace)?.caipNetwork : activeNetwork
  },
  switchNetwork: async ({ caipNetworkId }) =>
    (await import('./stores/networks/network-switch.js')).switchNetworkOrThrow(caipNetworkId),
  getWalletInfo: namespace => walletOf(namespace)?.walletInfo
}
