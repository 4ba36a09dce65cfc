import type { CaipNetwork, ChainNamespace } from '../../networks/types.js'
import { CHAIN_NAMESPACES } from '../../networks/types.js'
import type { ConnectorInfo } from '../types.js'

/** The WalletConnect entry's id on every namespace. */
export const WALLET_CONNECT_CONNECTOR_ID = 'walletConnect'

/** Namespaces WalletConnect serves (those the SDK wrapper knows methods for). */
export const WALLET_CONNECT_NAMESPACES: readonly ChainNamespace[] = CHAIN_NAMESPACES.filter(n => n !== 'polkadot')

/** The namespaces of the app's networks that WalletConnect serves, in CHAIN_NAMESPACES order. */
export function walletConnectNamespaces(networks: readonly CaipNetwork[]): ChainNamespace[] {
  return WALLET_CONNECT_NAMESPACES.filter(namespace => networks.some(n => n.chainNamespace === namespace))
}

/**
 * WalletConnect's connectors as plain data, one per namespace: what the wallet list shows before
 * the WalletConnect code has loaded (it loads when the visitor connects or reconnects).
 */
export function walletConnectEntries(networks: readonly CaipNetwork[]): ConnectorInfo[] {
  return walletConnectNamespaces(networks).map(walletConnectInfo)
}

/**
 * What WalletConnect's connector on `namespace` is, as data (the connector itself spreads it). No
 * image URL: the Connect view draws WalletConnect's mark inline (a data: image breaks a strict CSP).
 */
export function walletConnectInfo(namespace: ChainNamespace): ConnectorInfo {
  return { id: WALLET_CONNECT_CONNECTOR_ID, name: 'WalletConnect', type: 'walletConnect', namespace }
}
