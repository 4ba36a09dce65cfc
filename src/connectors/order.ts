import { CONNECTOR_ORDER } from '../config/constants.js'
import type { ConnectorInfo } from './types.js'

/** The groups of the wallet list, in the spec's order (docs/behaviour.md section 9). */
export type WalletListGroup = (typeof CONNECTOR_ORDER)[number]

/** Where a group sorts: its index in CONNECTOR_ORDER. */
export function groupRank(group: WalletListGroup): number {
  return CONNECTOR_ORDER.indexOf(group)
}

/**
 * The group a connector belongs to: WalletConnect first; then a wallet used recently (its id or
 * rdns among `recentIds`); injected and EIP-6963 announced wallets; external ones. The embedded
 * wallet (auth) is no wallet-list entry: undefined.
 */
export function connectorGroup(
  connector: ConnectorInfo,
  recentIds: readonly string[] = []
): WalletListGroup | undefined {
  if (connector.type === 'walletConnect') return 'walletConnect'
  if (connector.type === 'auth') return undefined
  if (recentIds.includes(connector.id) || (connector.rdns !== undefined && recentIds.includes(connector.rdns))) {
    return 'recent'
  }
  return connector.type === 'external' ? 'external' : 'injected'
}

/**
 * Entries of the wallet list sorted by the spec's connector order: walletConnect, recent,
 * injected, featured, custom, external, recommended. Within a group the order given is kept
 * (discovery order; the recent group newest first, as `recentIds` lists them).
 */
export function orderWalletList<T>(entries: readonly { readonly group: WalletListGroup; readonly item: T }[]): T[] {
  return entries
    .map((entry, index) => ({ ...entry, index }))
    .sort((a, b) => groupRank(a.group) - groupRank(b.group) || a.index - b.index)
    .map(entry => entry.item)
}

/** Connectors in the spec's order (auth connectors left out); `recentIds` newest first. */
export function orderConnectors<T extends ConnectorInfo>(
  connectors: readonly T[],
  recentIds: readonly string[] = []
): T[] {
  const recentIndex = (connector: T) => {
    const byId = recentIds.indexOf(connector.id)
    return byId !== -1 ? byId : recentIds.indexOf(connector.rdns ?? '')
  }
  const entries = connectors.flatMap(item => {
    const group = connectorGroup(item, recentIds)
    return group ? [{ group, item }] : []
  })
  const recent = entries
    .filter(entry => entry.group === 'recent')
    .sort((a, b) => recentIndex(a.item) - recentIndex(b.item))
  return orderWalletList([...recent, ...entries.filter(entry => entry.group !== 'recent')])
}
