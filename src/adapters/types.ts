import type { Connector } from '../connectors/types.js'
import type { CaipNetwork, ChainNamespace } from '../networks/types.js'

export type { Connector, ConnectorInfo, ConnectorType } from '../connectors/types.js'

/**
 * A namespace adapter: what one chain namespace brings to the kit. Each adapter is its own entry
 * point (`appkit-elements/evm`, `/solana`, `/bitcoin`), so an app ships only the namespaces it uses.
 * Heavy chain code loads inside `loadConnectors`, never at import.
 */
export interface NamespaceAdapter {
  readonly namespace: ChainNamespace
  /** The adapter's own network definitions, offered to apps that list none of this namespace. */
  readonly defaultNetworks: readonly CaipNetwork[]
  /** Discovers the wallets this namespace can connect (EIP-6963, Wallet Standard, ...). */
  loadConnectors(): Promise<readonly Connector[]>
  /**
   * Follows wallets that appear later (an extension that announces itself after the page loaded):
   * `listener` gets the whole list each time it changes. Returns the function that stops it.
   */
  watchConnectors?(listener: (connectors: readonly Connector[]) => void): () => void
}
