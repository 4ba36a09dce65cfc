import { useMemo } from 'react'
import type { AppKitEip1193Provider } from '../../src/adapters/evm/wallet-provider.js'
import type { AppKitSolanaProvider } from '../../src/adapters/solana/solana-provider-types.js'
import type { ConnectorType } from '../../src/connectors/types.js'
import type { ChainNamespace } from '../../src/networks/types.js'
import { $wallets } from '../../src/stores/wallet-providers.js'
import { useStoreValue } from './use-store-value.js'

export interface UseAppKitProviderReturn<T> {
  /** The connected wallet's provider on the namespace; undefined when none is connected there. */
  readonly walletProvider: T | undefined
  /** How the wallet is reached: 'injected', 'announced', 'walletConnect', 'auth' (the embedded wallet), 'external'. */
  readonly walletProviderType: ConnectorType | undefined
}

/**
 * The wallet provider of `namespace` (issue 31; docs/guides/using-the-connection.md): for eip155
 * an EIP-1193 provider (ethers' BrowserProvider, viem's custom transport), for solana the Solana
 * provider (web3.js transactions); re-renders when the wallet connects, changes or disconnects.
 * `useAppKitProvider<MyProvider>('solana')` names the type the app works with.
 */
export function useAppKitProvider(namespace: 'eip155'): UseAppKitProviderReturn<AppKitEip1193Provider>
export function useAppKitProvider(namespace: 'solana'): UseAppKitProviderReturn<AppKitSolanaProvider>
export function useAppKitProvider<T>(namespace: ChainNamespace): UseAppKitProviderReturn<T>
export function useAppKitProvider(namespace: ChainNamespace): UseAppKitProviderReturn<unknown> {
  const wallet = useStoreValue($wallets).wallets[namespace]
  const walletProvider = wallet?.provider
  const walletProviderType = wallet?.providerType
  return useMemo(() => ({ walletProvider, walletProviderType }), [walletProvider, walletProviderType])
}
