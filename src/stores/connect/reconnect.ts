import { removeConnection, connectionsMostRecentFirst } from '../../storage/connections.js'
import type { ChainNamespace } from '../../networks/types.js'
import { safeParseCaip10 } from '../../utils/caip.js'
import { $connection, activateNamespace, openSession, setReconnecting } from './connection.js'
import { loadConnectors, waitForConnector } from './connectors.js'
import { $network } from '../network.js'
import { $options } from '../options.js'
import { startEmailLoginIfUsed } from '../email/loader.js'
import { storedEmailLoginUsed } from '../../storage/keys.js'
import { preferredAccountTypes } from '../account/preferred-account-types.js'

/** How long reconnect waits for a stored wallet that has not announced itself yet. */
export const RECONNECT_WAIT_MS = 1000

/**
 * Reconnects on load (docs/behaviour.md section 4): the stored connections are tried most recently used
 * first, each by asking its wallet for the accounts it already exposes to this site (eth_accounts:
 * never a prompt). The first that answers with an account is the connection; a wallet that no
 * longer exposes one is forgotten. None reconnecting gives disconnected, otherwise connected.
 * Stored values that are corrupt were dropped by storage on read.
 */
export async function reconnect(): Promise<boolean> {
  if ($connection.get().status !== 'disconnected') return $connection.get().status === 'connected'
  // The namespaces a wallet can be connected on: the adapters', and with WalletConnect every network's.
  const options = $options.get()
  const namespaces = new Set(options?.adapters.map(adapter => adapter.namespace))
  if (options?.enableWalletConnect)
    for (const network of $network.get().networks) namespaces.add(network.chainNamespace)
  // The embedded wallet (e-mail login) serves eip155 and solana, with or without their adapters.
  if (storedEmailLoginUsed.get())
    for (const network of $network.get().networks)
      if (network.chainNamespace === 'eip155' || network.chainNamespace === 'solana')
        namespaces.add(network.chainNamespace)
  const stored = connectionsMostRecentFirst().filter(connection => namespaces.has(connection.namespace))
  if (stored.length === 0) return false
  setReconnecting(true)
  // Captured before: each reconnected wallet points the kit at its own chain while it opens.
  const activeNamespace = $network.get().activeNetwork?.chainNamespace
  const reconnected = new Set<ChainNamespace>()
  try {
    // A visitor who logged in by e-mail before: the frame (and its connector) are created at once.
    await Promise.all([loadConnectors(), startEmailLoginIfUsed()])
    for (const entry of stored) {
      // One connection per namespace: the most recent that answers is that namespace's.
      if (reconnected.has(entry.namespace)) continue
      const connector = await waitForConnector(entry.connectorId, entry.namespace, RECONNECT_WAIT_MS)
      if (!connector) continue
      try {
        const result = await connector.reconnect({
          ...networkOption(entry.namespace, entry.caipAddresses[0]),
          accountType: preferredAccountTypes()[entry.namespace]
        })
        if (!result) {
          removeConnection(entry.namespace, entry.connectorId)
          continue
        }
        openSession(connector, result)
        reconnected.add(entry.namespace)
      } catch (error) {
        console.warn(`[appkit] Reconnecting ${connector.name} failed:`, error)
      }
    }
    // The namespace used most recently is the one shown, unless the stored active network says otherwise.
    const first = stored.find(entry => reconnected.has(entry.namespace))
    if (activeNamespace && reconnected.has(activeNamespace)) activateNamespace(activeNamespace)
    else if (first) activateNamespace(first.namespace)
    return reconnected.size > 0
  } finally {
    setReconnecting(false)
  }
}

/** The network a stored connection was on (from its CAIP-10 address), when the app lists it. */
function networkOption(namespace: ChainNamespace, caipAddress: string | undefined) {
  const parts = safeParseCaip10(caipAddress)
  const network = $network
    .get()
    .networks.find(n => n.caipNetworkId === parts?.caipNetworkId && n.chainNamespace === namespace)
  return network ? { network } : {}
}
