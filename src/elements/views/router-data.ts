import { CHAIN_NAMESPACES, type ChainNamespace } from '../../networks/types.js'

/** What a view reads from the data it was opened with (`pushView(view, data)`): checked, never assumed. */

function stringField(data: unknown, field: string): string | undefined {
  const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[field] : undefined
  return typeof value === 'string' ? value : undefined
}

/** ConnectingExternal's `{ connectorId }`. */
export const connectorIdOf = (data: unknown): string | undefined => stringField(data, 'connectorId')

/** ConnectingExternal's `{ namespace }` (a wallet may have connectors on several namespaces). */
export const namespaceOf = (data: unknown): ChainNamespace | undefined => {
  const value = stringField(data, 'namespace')
  return (CHAIN_NAMESPACES as readonly string[]).includes(value ?? '') ? (value as ChainNamespace) : undefined
}

/** SwitchNetwork's and SwitchActiveChain's `{ caipNetworkId }`. */
export const caipNetworkIdOf = (data: unknown): string | undefined => stringField(data, 'caipNetworkId')
