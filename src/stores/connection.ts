import { map } from 'nanostores'
import type { Connector, ConnectResult } from '../connectors/types.js'
import {
  ConnectorAlreadyConnectedError,
  ConnectorUnavailableReconnectingError,
  FAILED_TO_DISCONNECT
} from '../errors/connector-errors.js'
import { errorMessageForVisitor, providerErrorCode, USER_REJECTED_CODE } from '../errors/visitor-message.js'
import type { ChainNamespace } from '../networks/types.js'
import { clearCaches } from '../storage/caches.js'
import { removeConnection, saveConnection } from '../storage/connections.js'
import { storedPreferredAccountTypes, storedWalletId, storedWalletName } from '../storage/keys.js'
import { addRecentWallet } from '../storage/recent-wallets.js'
import { formatCaip10 } from '../utils/caip.js'
import { DEFAULT_PREFERRED_ACCOUNT_TYPES, resetAccount, setAccount, type ConnectionStatus } from './account.js'
import { refreshAccountDetails } from './account-details.js'
import { findConnectorForWallet, getConnector, publishConnectors } from './connectors.js'
import { $modal, closeModal, openModal } from './modal.js'
import { $network, selectNetwork } from './network.js'
import { $options } from './options.js'
import { $router, pushView, resetView } from './router.js'
import { showError } from './toast.js'

export interface ConnectionError {
  /** The connector the failure belongs to (undefined: not one connector's). */
  readonly connectorId: string | undefined
  /** What the modal shows (errorMessageForVisitor). */
  readonly message: string
}

/** Connection state (spec.md section 4). The account itself is in $account. */
export interface ConnectionState {
  readonly status: ConnectionStatus
  readonly activeConnectorId: string | undefined
  readonly activeNamespace: ChainNamespace | undefined
  /** The connector a connect() waits for. */
  readonly connectingConnectorId: string | undefined
  readonly error: ConnectionError | undefined
  /** The wallet's chain (CAIP-2) when the app lists no network for it. */
  readonly unsupportedChain: string | undefined
}

const initialConnection: ConnectionState = {
  status: 'disconnected',
  activeConnectorId: undefined,
  activeNamespace: undefined,
  connectingConnectorId: undefined,
  error: undefined,
  unsupportedChain: undefined
}

export const $connection = map<ConnectionState>(initialConnection)

interface Session {
  readonly connector: Connector
  address: string
  chainId: number | string
  readonly stops: (() => void)[]
  /** disconnect() is under way: the wallet's own events about it are not a second disconnect. */
  ending: boolean
}

let session: Session | undefined
/** Counts connect() calls: an answer to an older one is ignored. */
let attempts = 0

/** The connector of the live connection. */
export function activeConnector(): Connector | undefined {
  return session?.connector
}

function update(patch: Partial<ConnectionState>): void {
  $connection.set({ ...$connection.get(), ...patch })
}

const caipNetworkIdOf = (connector: Connector, chainId: number | string) => `${connector.namespace}:${String(chainId)}`

function persist(current: Session): void {
  const { connector } = current
  const caipNetworkId = caipNetworkIdOf(connector, current.chainId)
  saveConnection(connector.namespace, {
    connectorId: connector.id,
    caipAddresses: [formatCaip10(caipNetworkId, current.address)]
  })
  storedWalletId(connector.namespace).set(connector.id)
  storedWalletName(connector.namespace).set(connector.name)
}

function forget(namespace: ChainNamespace): void {
  removeConnection(namespace)
  storedWalletId(namespace).remove()
  storedWalletName(namespace).remove()
  clearCaches()
}

/** Points the kit at the chain the wallet is on: the active network when the app lists it. */
function applyChain(current: Session): void {
  const caipNetworkId = caipNetworkIdOf(current.connector, current.chainId)
  const network = $network.get().networks.find(n => n.caipNetworkId === caipNetworkId)
  if (network) selectNetwork(caipNetworkId)
  update({ unsupportedChain: network ? undefined : caipNetworkId })
  setAccount({
    caipAddress: formatCaip10(caipNetworkId, current.address),
    address: current.address,
    balance: undefined,
    balanceSymbol: network?.nativeCurrency.symbol
  })
  void refreshAccountDetails({ fromWallet: () => current.connector.getBalance(current.address) })
  if (!network && !$options.get()?.allowUnsupportedChain) openModal({ view: 'UnsupportedChain' })
}

/** The wallet moved to `chainId` (its event, or a switch the kit asked for). */
export function followWalletChain(chainId: number | string): void {
  if (!session || String(session.chainId) === String(chainId)) return
  session.chainId = chainId
  persist(session)
  applyChain(session)
}

function onAccountsChanged(accounts: readonly string[]): void {
  const current = session
  if (!current || current.ending) return
  const [address] = accounts
  if (!address) {
    endSession()
    return
  }
  if (address === current.address) return
  current.address = address
  setAccount({ profileName: undefined, profileImage: undefined })
  persist(current)
  applyChain(current)
}

/** Makes `result` the live connection: stores, storage and the wallet's events. */
export function openSession(connector: Connector, result: ConnectResult): void {
  if (session) closeSession()
  const current: Session = { connector, address: result.address, chainId: result.chainId, stops: [], ending: false }
  session = current
  current.stops.push(
    connector.on('accountsChanged', onAccountsChanged),
    connector.on('chainChanged', chainId => followWalletChain(chainId)),
    connector.on('disconnect', () => {
      if (session === current && !current.ending) endSession()
    })
  )
  const preferred = { ...DEFAULT_PREFERRED_ACCOUNT_TYPES, ...storedPreferredAccountTypes.get() }
  update({
    status: 'connected',
    activeConnectorId: connector.id,
    activeNamespace: connector.namespace,
    connectingConnectorId: undefined,
    error: undefined
  })
  setAccount({
    namespace: connector.namespace,
    profileName: undefined,
    profileImage: undefined,
    allAccounts: result.accounts.map(address => ({ namespace: connector.namespace, address, type: 'eoa' as const })),
    preferredAccountTypes: preferred,
    // An injected wallet holds plain accounts: where a smart account is preferred the kit falls back to EOA.
    preferredAccountType: 'eoa',
    connectedWalletInfo: {
      name: connector.name,
      connectorId: connector.id,
      ...(connector.imageUrl ? { icon: connector.imageUrl } : {})
    },
    status: 'connected'
  })
  persist(current)
  applyChain(current)
}

function closeSession(): void {
  if (!session) return
  for (const stop of session.stops) stop()
  session = undefined
}

/** Ends the connection on the kit's side: state, account and this namespace's storage. */
function endSession(): void {
  const namespace = session?.connector.namespace ?? $connection.get().activeNamespace
  closeSession()
  if (namespace) forget(namespace)
  $connection.set(initialConnection)
  resetAccount()
  if ($modal.get().open && $router.get().view === 'Account') resetView('Connect')
}

function fail(connectorId: string | undefined, error: unknown): void {
  if (providerErrorCode(error) !== USER_REJECTED_CODE) console.warn('[appkit] Connecting failed:', error)
  const status: ConnectionStatus = session ? 'connected' : 'disconnected'
  update({ status, connectingConnectorId: undefined, error: { connectorId, message: errorMessageForVisitor(error) } })
  setAccount({ status })
}

/** The network to connect on: the active one when it is of the connector's namespace. */
function networkFor(namespace: ChainNamespace) {
  const { activeNetwork, networks } = $network.get()
  return activeNetwork?.chainNamespace === namespace
    ? activeNetwork
    : networks.find(n => n.chainNamespace === namespace)
}

/**
 * Connects the wallet of `connectorId` (it may ask the visitor). On success the account is filled,
 * the connection stored for reconnecting, and an open modal showing ConnectingExternal moves to
 * Account. On failure `error` holds the visitor's message. Resolves whether it connected.
 */
export async function connect(connectorId: string): Promise<boolean> {
  const connector = getConnector(connectorId)
  const state = $connection.get()
  let refused: unknown
  if (state.status === 'reconnecting') refused = new ConnectorUnavailableReconnectingError(connector?.name)
  else if (!connector) refused = new Error(`No wallet with the connector id "${connectorId}"`)
  else if (state.status === 'connected' && state.activeConnectorId === connectorId) {
    refused = new ConnectorAlreadyConnectedError(connector.name)
  }
  if (refused || !connector) {
    fail(connectorId, refused)
    return false
  }
  const attempt = ++attempts
  update({ status: 'connecting', connectingConnectorId: connectorId, error: undefined })
  setAccount({ status: 'connecting' })
  try {
    const result = await connector.connect({ chainId: networkFor(connector.namespace)?.id })
    if (attempt !== attempts) return false
    const replaced = session && session.connector !== connector ? session : undefined
    if (replaced) {
      // One connection at a time: the wallet connected before is let go.
      replaced.ending = true
      await replaced.connector.disconnect().catch(() => undefined)
      removeConnection(replaced.connector.namespace, replaced.connector.id)
    }
    openSession(connector, result)
    addRecentWallet({ id: connector.id, name: connector.name, rdns: connector.rdns ?? null })
    publishConnectors()
    if ($modal.get().open && $router.get().view === 'ConnectingExternal') resetView('Account')
    return true
  } catch (error) {
    if (attempt === attempts) fail(connectorId, error)
    return false
  }
}

/** The Connect view's choice: shows ConnectingExternal and connects. */
export function selectConnector(connectorId: string): Promise<boolean> {
  pushView('ConnectingExternal', { connectorId })
  return connect(connectorId)
}

/**
 * A wallet chosen from the catalog (AllWallets): ConnectingExternal when a discovered connector
 * matches it (same rdns or id), else ConnectingWalletConnect with `{ wallet }` (spec.md section 2).
 */
export function chooseWallet(wallet: { readonly id: string; readonly rdns?: string }): void {
  const connector = findConnectorForWallet(wallet)
  if (connector) void selectConnector(connector.id)
  else pushView('ConnectingWalletConnect', { wallet })
}

/**
 * Disconnects: the wallet is told where it can be, then the state, the account and this
 * namespace's storage are cleared and the modal closes. When the wallet fails, the visitor sees
 * 'Failed to disconnect' and everything is kept. Resolves whether it disconnected.
 */
export async function disconnect(): Promise<boolean> {
  const current = session
  if (!current) {
    endSession()
    return true
  }
  current.ending = true
  try {
    await current.connector.disconnect()
  } catch (error) {
    current.ending = false
    console.warn('[appkit] Disconnecting failed:', error)
    update({ error: { connectorId: current.connector.id, message: FAILED_TO_DISCONNECT } })
    showError(FAILED_TO_DISCONNECT)
    return false
  }
  if (session === current) endSession()
  closeModal()
  return true
}

/** Marks reconnecting on load (spec.md section 4), or ends it without a connection. */
export function setReconnecting(reconnecting: boolean): void {
  const status: ConnectionStatus = reconnecting ? 'reconnecting' : session ? 'connected' : 'disconnected'
  update({ status })
  setAccount({ status })
}

export function resetConnection(): void {
  closeSession()
  attempts++
  $connection.set(initialConnection)
}
