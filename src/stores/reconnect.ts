import { removeConnection, connectionsMostRecentFirst } from '../storage/connections.js'
import { storedActiveNetworkId } from '../storage/keys.js'
import { $connection, openSession, setReconnecting } from './connection.js'
import { loadConnectors, waitForConnector } from './connectors.js'
import { $network, selectNetwork } from './network.js'
import { $options } from './options.js'

/** How long reconnect waits for a stored wallet that has not announced itself yet. */
export const RECONNECT_WAIT_MS = 1000

/**
 * Reconnects on load (spec.md section 4): the stored connections are tried most recently used
 * first, each by asking its wallet for the accounts it already exposes to this site (eth_accounts:
 * never a prompt). The first that answers with an account is the connection; a wallet that no
 * longer exposes one is forgotten. None reconnecting gives disconnected, otherwise connected.
 * Stored values that are corrupt were dropped by storage on read.
 */
export async function reconnect(): Promise<boolean> {
  if ($connection.get().status !== 'disconnected') return $connection.get().status === 'connected'
  const namespaces = new Set(($options.get()?.adapters ?? []).map(adapter => adapter.namespace))
  const stored = connectionsMostRecentFirst().filter(connection => namespaces.has(connection.namespace))
  if (stored.length === 0) return false
  setReconnecting(true)
  try {
    await loadConnectors()
    for (const entry of stored) {
      const connector = await waitForConnector(entry.connectorId, entry.namespace, RECONNECT_WAIT_MS)
      if (!connector) continue
      try {
        const result = await connector.reconnect()
        if (!result) {
          removeConnection(entry.namespace, entry.connectorId)
          continue
        }
        openSession(connector, result)
        return true
      } catch (error) {
        console.warn(`[appkit] Reconnecting ${connector.name} failed:`, error)
      }
    }
    return false
  } finally {
    setReconnecting(false)
  }
}

let stopFollowing: (() => void) | undefined

/** The active network the visitor chose last time, when the app still lists it. */
function restoreActiveNetwork(): void {
  const stored = storedActiveNetworkId.get()
  if (stored && stored !== $network.get().activeNetwork?.caipNetworkId) selectNetwork(stored)
}

/**
 * What createAppKit starts on load: the stored active network comes back, every change of it is
 * stored, the wallets are discovered, and the last connection is restored without a prompt.
 */
export function startConnection(): Promise<boolean> {
  if (!stopFollowing) {
    restoreActiveNetwork()
    stopFollowing = $network.listen(state => {
      if (state.activeNetwork) storedActiveNetworkId.set(state.activeNetwork.caipNetworkId)
    })
  }
  void loadConnectors()
  return reconnect()
}

/** Stops storing the active network (tests). */
export function resetReconnect(): void {
  stopFollowing?.()
  stopFollowing = undefined
}
