import { whileLoading } from '../loading.js'
import {
  ConnectorAlreadyConnectedError,
  ConnectorUnavailableReconnectingError,
  FAILED_TO_DISCONNECT
} from '../../errors/connector-errors.js'
import { errorMessageForVisitor, providerErrorCode, USER_REJECTED_CODE } from '../../errors/visitor-message.js'
import { inRestrictedTimeZone } from '../../config/restricted-time-zones.js'
import type { ChainNamespace } from '../../networks/types.js'
import { addRecentWallet } from '../../storage/recent-wallets.js'
import { setAccount, type ConnectionStatus } from '../account.js'
import { $connection, initialConnection, updateConnection } from './connection-state.js'
import {
  findConnectorForWallet,
  getConnector,
  publishConnectors,
  registerWalletConnectConnectors
} from './connectors.js'
import { $modal, closeModal } from '../modal.js'
import { $network } from '../network.js'
import { $router, pushView, resetView } from '../router.js'
import { selectConnector } from './connection-loader.js'
import { preferredAccountTypes } from '../account/preferred-account-types.js'
import { activeSession, allSessions, closeAllSessions, endSession, replaceSession, sessionOf } from './sessions.js'
import { isSwapNetwork } from '../swap/rules.js'
import { showError } from '../toast.js'
import { emitKitEvent } from '../kit-events.js'
import { startSignInWatch } from '../siwx/start.js'
import { walletConnectConnectors } from './walletconnect-session.js'
import type { WalletConnectWallet } from '../../connectors/walletconnect/types.js'
import { isInWalletBrowser, mobileRedirectFor, mobileRedirectWalletFor, openWalletLink } from '../../utils/deep-link.js'
import { isMobile } from '../../utils/device.js'

export { $connection, type ConnectionError, type ConnectionState } from './connection-state.js'
export { activateNamespace, openSession } from './sessions.js'
export { selectConnector } from './connection-loader.js'

// WalletConnect's connectors join the adapters' once the connection code is here (the wallet
// list before it shows plain entries for them; see stores/connect/connectors.ts).
registerWalletConnectConnectors(walletConnectConnectors)
// Sign-in follows every connection made from here on (its code loads only when `siwx` is set).
startSignInWatch()

/** Counts connect() calls: an answer to an older one is ignored. */
let attempts = 0

/** The connector of the shown connection. */
export function activeConnector() {
  return activeSession()?.connector
}

/**
 * Whether the shown connection can send tokens: send is on eip155, solana and bip122
 * (docs/behaviour.md section 9), through a connector that can ask its wallet to send.
 */
export function canSend(): boolean {
  const session = activeSession()
  const namespace = session?.connector.namespace
  return (
    (namespace === 'eip155' || namespace === 'solana' || namespace === 'bip122') &&
    typeof session?.connector.sendTransaction === 'function'
  )
}

/**
 * Whether the shown connection may buy through an onramp (docs/behaviour.md section 9: onramp on eip155 and
 * solana), outside the restricted time zones (section 9; see config/restricted-time-zones.ts).
 */
export function canBuy(): boolean {
  const namespace = activeSession()?.connector.namespace
  return (namespace === 'eip155' || namespace === 'solana') && !inRestrictedTimeZone()
}

/**
 * Whether the shown connection may swap: an EVM connection that can send, on a swap network,
 * outside the restricted time zones (docs/behaviour.md section 9).
 */
export function canSwap(): boolean {
  return (
    !inRestrictedTimeZone() &&
    canSend() &&
    activeSession()?.connector.namespace === 'eip155' &&
    isSwapNetwork($network.get().activeNetwork?.caipNetworkId)
  )
}

function fail(connectorId: string | undefined, error: unknown): void {
  if (providerErrorCode(error) !== USER_REJECTED_CODE) console.warn('[appkit] Connecting failed:', error)
  const status: ConnectionStatus = allSessions().length > 0 ? 'connected' : 'disconnected'
  updateConnection({
    status,
    connectingConnectorId: undefined,
    error: { connectorId, message: errorMessageForVisitor(error) }
  })
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
 * Account. A wallet connected before on the same namespace is let go; other namespaces' wallets
 * stay connected. On failure `error` holds the visitor's message. Resolves whether it connected.
 */
export async function connect(connectorId: string, namespace?: ChainNamespace): Promise<boolean> {
  const connector = getConnector(connectorId, namespace)
  const state = $connection.get()
  let refused: unknown
  if (state.status === 'reconnecting') refused = new ConnectorUnavailableReconnectingError(connector?.name)
  else if (!connector) refused = new Error(`No wallet with the connector id "${connectorId}"`)
  else if (sessionOf(connector.namespace)?.connector === connector) {
    refused = new ConnectorAlreadyConnectedError(connector.name)
  }
  if (refused || !connector) {
    fail(connectorId, refused)
    return false
  }
  const attempt = ++attempts
  const about = { wallet: connector.name, type: connector.type, namespace: connector.namespace }
  emitKitEvent('SELECT_WALLET', about)
  updateConnection({ status: 'connecting', connectingConnectorId: connectorId, error: undefined })
  setAccount({ status: 'connecting' })
  try {
    const network = networkFor(connector.namespace)
    const result = await whileLoading(() =>
      connector.connect({
        chainId: network?.id,
        accountType: preferredAccountTypes()[connector.namespace],
        ...(network ? { network } : {})
      })
    )
    if (attempt !== attempts) return false
    await replaceSession(connector, result)
    addRecentWallet({ id: connector.id, name: connector.name, rdns: connector.rdns ?? null })
    publishConnectors()
    if ($modal.get().open && $router.get().view === 'ConnectingExternal') resetView('Account')
    emitKitEvent('CONNECT_SUCCESS', about)
    return true
  } catch (error) {
    if (attempt === attempts) {
      fail(connectorId, error)
      emitKitEvent('CONNECT_ERROR', { ...about, message: errorMessageForVisitor(error) })
    }
    return false
  }
}

/**
 * A wallet chosen from the catalog (AllWallets): ConnectingExternal when a discovered connector
 * matches it (same rdns or id), else ConnectingWalletConnect with `{ wallet }` (docs/behaviour.md section 2).
 * On a phone, a wallet of MOBILE_REDIRECT_WALLETS chosen outside its in-app browser sends the page
 * there instead (synchronously, inside the tap).
 */
export function chooseWallet(wallet: WalletConnectWallet): void {
  const connector = findConnectorForWallet(wallet)
  if (connector) {
    void selectConnector(connector.id, connector.namespace)
    return
  }
  // On a phone, outside the wallet's in-app browser, some wallets open the page in that browser.
  const redirect = isMobile() ? mobileRedirectWalletFor(wallet) : undefined
  const href = redirect && mobileRedirectFor(wallet, location.href, isInWalletBrowser(redirect.key))
  if (href && openWalletLink(href)) return
  emitKitEvent('SELECT_WALLET', { wallet: wallet.name, type: 'walletConnect' })
  pushView('ConnectingWalletConnect', { wallet })
}

/**
 * Disconnects `namespace`'s wallet, or every connected wallet when none is named: each wallet is
 * told where it can be, then the state, the account and the namespace's storage are cleared and
 * the modal closes. When a wallet fails, the visitor sees 'Failed to disconnect' and its
 * connection is kept. Resolves whether everything asked for disconnected.
 */
export async function disconnect(namespace?: ChainNamespace): Promise<boolean> {
  const targets = namespace ? [sessionOf(namespace)].filter(s => s !== undefined) : allSessions()
  if (targets.length === 0) {
    if (!namespace) $connection.set(initialConnection)
    return true
  }
  let failed = false
  for (const session of targets) {
    session.ending = true
    try {
      await session.connector.disconnect()
    } catch (error) {
      session.ending = false
      failed = true
      console.warn('[appkit] Disconnecting failed:', error)
      continue
    }
    if (sessionOf(session.connector.namespace) === session) endSession(session.connector.namespace)
  }
  if (failed) {
    updateConnection({ error: { connectorId: activeConnector()?.id, message: FAILED_TO_DISCONNECT } })
    showError(FAILED_TO_DISCONNECT)
    return false
  }
  emitKitEvent('DISCONNECT_SUCCESS', { namespaces: targets.map(session => session.connector.namespace) })
  closeModal()
  return true
}

/** Marks reconnecting on load (docs/behaviour.md section 4), or ends it without a connection. */
export function setReconnecting(reconnecting: boolean): void {
  const connected = allSessions().length > 0
  const status: ConnectionStatus = reconnecting ? 'reconnecting' : connected ? 'connected' : 'disconnected'
  updateConnection({ status })
  setAccount({ status })
}

export function resetConnection(): void {
  closeAllSessions()
  attempts++
  $connection.set(initialConnection)
}
