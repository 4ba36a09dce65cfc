/** What a view reads from the data it was opened with (`pushView(view, data)`): checked, never assumed. */

function stringField(data: unknown, field: string): string | undefined {
  const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[field] : undefined
  return typeof value === 'string' ? value : undefined
}

/** ConnectingExternal's `{ connectorId }`. */
export const connectorIdOf = (data: unknown): string | undefined => stringField(data, 'connectorId')

/** SwitchNetwork's and SwitchActiveChain's `{ caipNetworkId }`. */
export const caipNetworkIdOf = (data: unknown): string | undefined => stringField(data, 'caipNetworkId')
