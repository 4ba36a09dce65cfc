import { map } from 'nanostores'
import type { ChainNamespace } from '../../networks/types.js'
import type { ConnectionStatus } from '../account.js'

export interface ConnectionError {
  /** The connector the failure belongs to (undefined: not one connector's). */
  readonly connectorId: string | undefined
  /** What the modal shows (errorMessageForVisitor). */
  readonly message: string
}

/** One namespace's live connection: a wallet holds one account per namespace at a time. */
export interface NamespaceConnection {
  readonly connectorId: string
  readonly connectorName: string
  readonly address: string
  /** CAIP-10 of the shown account on the wallet's chain. */
  readonly caipAddress: string
}

/** Connection state (docs/behaviour.md section 4). The active namespace's account is in $account. */
export interface ConnectionState {
  readonly status: ConnectionStatus
  /** The connector of the active namespace's connection. */
  readonly activeConnectorId: string | undefined
  /** The namespace $account shows: the active network's, when a wallet is connected on it. */
  readonly activeNamespace: ChainNamespace | undefined
  /** Every namespace's connection: an EVM and a Solana wallet may be connected together. */
  readonly connections: Readonly<Partial<Record<ChainNamespace, NamespaceConnection>>>
  /** The connector a connect() waits for. */
  readonly connectingConnectorId: string | undefined
  readonly error: ConnectionError | undefined
  /** The wallet's chain (CAIP-2) when the app lists no network for it. */
  readonly unsupportedChain: string | undefined
}

export const initialConnection: ConnectionState = {
  status: 'disconnected',
  activeConnectorId: undefined,
  activeNamespace: undefined,
  connections: {},
  connectingConnectorId: undefined,
  error: undefined,
  unsupportedChain: undefined
}

export const $connection = map<ConnectionState>(initialConnection)

export function updateConnection(patch: Partial<ConnectionState>): void {
  $connection.set({ ...$connection.get(), ...patch })
}
