import type { CaipNetwork, ChainNamespace } from '../networks/types.js'

/**
 * A namespace adapter: what one chain namespace brings to the kit. Each adapter is its own entry
 * point (`appkit-elements/evm`, `/solana`, `/bitcoin`), so an app ships only the namespaces it uses.
 * Heavy chain code (viem, @solana/web3.js) loads inside `loadConnectors`, never at import.
 */
export interface NamespaceAdapter {
  readonly namespace: ChainNamespace
  /** The adapter's own network definitions, offered to apps that list none of this namespace. */
  readonly defaultNetworks: readonly CaipNetwork[]
  /** Discovers the wallets this namespace can connect (EIP-6963, Wallet Standard, ...). */
  loadConnectors(): Promise<readonly ConnectorInfo[]>
}

/** What the connect views show of a wallet the kit can reach. */
export interface ConnectorInfo {
  readonly id: string
  readonly name: string
  readonly type: 'injected' | 'announced' | 'walletConnect' | 'auth' | 'external'
  readonly namespace: ChainNamespace
  readonly imageUrl?: string
}
