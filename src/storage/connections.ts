import type { ChainNamespace } from '../networks/types.js'
import { storedConnections, type StoredConnection } from './keys.js'

export interface NamespacedConnection extends StoredConnection {
  readonly namespace: ChainNamespace
}

/**
 * Records that `connectorId` is connected on `namespace` with `caipAddresses`, used now: replaces
 * an earlier entry of the same connector on that namespace.
 */
export function saveConnection(
  namespace: ChainNamespace,
  connection: { connectorId: string; caipAddresses: readonly string[] },
  now: number = Date.now()
): void {
  const all = storedConnections.get() ?? {}
  const others = (all[namespace] ?? []).filter(saved => saved.connectorId !== connection.connectorId)
  const saved: StoredConnection = {
    connectorId: connection.connectorId,
    caipAddresses: [...connection.caipAddresses],
    lastUsedAt: now
  }
  storedConnections.set({ ...all, [namespace]: [saved, ...others] })
}

/** Forgets the connection of `connectorId` on `namespace` (every connector when none is named). */
export function removeConnection(namespace: ChainNamespace, connectorId?: string): void {
  const all = storedConnections.get()
  if (!all) return
  const kept =
    connectorId === undefined ? [] : (all[namespace] ?? []).filter(saved => saved.connectorId !== connectorId)
  const next = Object.fromEntries(
    Object.entries({ ...all, [namespace]: kept }).filter(([, connections]) => connections.length > 0)
  )
  if (Object.keys(next).length === 0) storedConnections.remove()
  else storedConnections.set(next)
}

/** Every stored connection, most recently used first: the order reconnect tries them on load. */
export function connectionsMostRecentFirst(): NamespacedConnection[] {
  const all = storedConnections.get() ?? {}
  return Object.entries(all)
    .flatMap(([namespace, connections]) =>
      (connections ?? []).map(connection => ({ ...connection, namespace: namespace as ChainNamespace }))
    )
    .sort((a, b) => b.lastUsedAt - a.lastUsedAt)
}
