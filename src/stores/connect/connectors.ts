import { map } from 'nanostores'
import type { NamespaceAdapter } from '../../adapters/types.js'
import { connectorGroup, orderConnectors } from '../../connectors/order.js'
import type { Connector, ConnectorInfo } from '../../connectors/types.js'
import type { ChainNamespace } from '../../networks/types.js'
import { getRecentWallets } from '../../storage/recent-wallets.js'
import { $options } from '../options.js'
import { walletConnectEntries } from '../../connectors/walletconnect/entries.js'
import { $network } from '../network.js'

/** A connector as the views show it: plain data (the connector itself stays in this module). */
export interface ConnectorSummary extends ConnectorInfo {
  /** The visitor used this wallet recently (docs/behaviour.md section 9: 2 kept). */
  readonly recent: boolean
}

export interface ConnectorsState {
  /** Every connector of the app's adapters, in the spec's connector order. */
  readonly connectors: readonly ConnectorSummary[]
  /** The adapters have answered at least once. */
  readonly loaded: boolean
}

const initialConnectors: ConnectorsState = { connectors: [], loaded: false }

export const $connectors = map<ConnectorsState>(initialConnectors)

/** The connectors of each namespace, as its adapter last reported them. */
let byNamespace = new Map<ChainNamespace, readonly Connector[]>()
let loading: Promise<void> | undefined
let stopWatching: (() => void)[] = []

function summary(connector: ConnectorInfo, recentIds: readonly string[]): ConnectorSummary {
  const { id, name, type, namespace, imageUrl, rdns } = connector
  return {
    id,
    name,
    type,
    namespace,
    ...(imageUrl ? { imageUrl } : {}),
    ...(rdns ? { rdns } : {}),
    recent: connectorGroup(connector, recentIds) === 'recent'
  }
}

/**
 * WalletConnect's connectors, once its module has loaded and registered them (it loads with the
 * connection code, not with the wallet list: until then the list shows plain entries for it).
 */
let walletConnectSource: (() => readonly Connector[]) | undefined

/** Called by stores/connect/walletconnect-session.ts when it loads. */
export function registerWalletConnectConnectors(source: () => readonly Connector[]): void {
  walletConnectSource = source
}

/**
 * The embedded wallet's connector (the secure frame), once the e-mail login's module has created
 * it. It is reached through the e-mail form, never listed among the wallets.
 */
let authSource: (() => readonly Connector[]) | undefined

/** Called by stores/email/auth-session.ts when it creates the frame. */
export function registerAuthConnectors(source: () => readonly Connector[]): void {
  authSource = source
}

function allConnectors(): Connector[] {
  return [...(authSource?.() ?? []), ...(walletConnectSource?.() ?? []), ...[...byNamespace.values()].flat()]
}

/** What the wallet list shows of WalletConnect: plain entries, one per namespace it serves. */
function walletConnectInfos(): readonly ConnectorInfo[] {
  return $options.get()?.enableWalletConnect ? walletConnectEntries($network.get().networks) : []
}

/** Writes the ordered list; recent wallets are read from storage each time (they change on connect). */
export function publishConnectors(): void {
  const recentIds = getRecentWallets().map(wallet => wallet.id)
  // WalletConnect serves every namespace with one session: the list shows it once.
  const listed = [...walletConnectInfos(), ...[...byNamespace.values()].flat()]
  const ordered = orderConnectors(listed, recentIds).filter(
    (connector, index, all) => connector.type !== 'walletConnect' || all.findIndex(c => c.id === connector.id) === index
  )
  $connectors.set({ connectors: ordered.map(connector => summary(connector, recentIds)), loaded: true })
}

async function loadFrom(adapter: NamespaceAdapter): Promise<void> {
  try {
    byNamespace.set(adapter.namespace, await adapter.loadConnectors())
  } catch (error) {
    console.warn(`[appkit] The ${adapter.namespace} adapter could not discover its wallets:`, error)
    byNamespace.set(adapter.namespace, [])
  }
  const stop = adapter.watchConnectors?.(connectors => {
    byNamespace.set(adapter.namespace, connectors)
    publishConnectors()
  })
  if (stop) stopWatching.push(stop)
}

/**
 * Asks every adapter of the app for its wallets (once; later arrivals come through
 * watchConnectors) and publishes them in the spec's order.
 */
export function loadConnectors(): Promise<void> {
  loading ??= (async () => {
    await Promise.all(($options.get()?.adapters ?? []).map(loadFrom))
    publishConnectors()
  })()
  return loading
}

/** The connector with `id` (on `namespace`, when given). */
export function getConnector(id: string, namespace?: ChainNamespace): Connector | undefined {
  return allConnectors().find(connector => connector.id === id && (!namespace || connector.namespace === namespace))
}

/** The connector of a catalog wallet: the same rdns (or id). Choosing it opens ConnectingExternal. */
export function findConnectorForWallet(wallet: {
  readonly id: string
  readonly rdns?: string
}): ConnectorSummary | undefined {
  return $connectors
    .get()
    .connectors.find(
      connector => connector.id === wallet.id || (wallet.rdns !== undefined && connector.rdns === wallet.rdns)
    )
}

/**
 * Resolves with the connector `id` once an adapter reports it, or undefined after `timeoutMs`
 * (a wallet extension may announce itself a little after the page loaded).
 */
export function waitForConnector(
  id: string,
  namespace: ChainNamespace,
  timeoutMs: number
): Promise<Connector | undefined> {
  const found = getConnector(id, namespace)
  if (found || timeoutMs <= 0) return Promise.resolve(found)
  return new Promise(resolve => {
    const finish = (connector: Connector | undefined) => {
      clearTimeout(timer)
      stop()
      resolve(connector)
    }
    const timer = setTimeout(() => finish(undefined), timeoutMs)
    const stop = $connectors.listen(() => {
      const connector = getConnector(id, namespace)
      if (connector) finish(connector)
    })
  })
}

export function resetConnectors(): void {
  for (const stop of stopWatching) stop()
  stopWatching = []
  byNamespace = new Map()
  loading = undefined
  $connectors.set(initialConnectors)
}
