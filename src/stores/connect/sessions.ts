import type { Connector, ConnectResult } from '../../connectors/types.js'
import type { ChainNamespace } from '../../networks/types.js'
import { clearCaches } from '../../storage/caches.js'
import { removeConnection, saveConnection } from '../../storage/connections.js'
import {
  storedConnectedSocial,
  storedEmail,
  storedSmartAccountEnabledNetworks,
  storedSocialUsername,
  storedWalletId,
  storedWalletName
} from '../../storage/keys.js'
import { bitcoinAccountType } from '../../utils/bitcoin-account-type.js'
import { formatCaip10 } from '../../utils/caip.js'
import { $account, resetAccount, setAccount } from '../account.js'
import { refreshAccountDetails } from '../account/account-details.js'
import { $connection, initialConnection, updateConnection, type NamespaceConnection } from './connection-state.js'
import { $modal, openModal } from '../modal.js'
import { $network, selectNetwork } from '../network.js'
import { $options } from '../options.js'
import { preferredAccountTypes } from '../account/preferred-account-types.js'
import { $router, resetView } from '../router.js'
import { syncWallets } from './wallet-bridge.js'

/** The embedded wallet's user as stored by its login: the e-mail, or the social user name. */
function embeddedUser(): { email?: string; username?: string } {
  const email = storedEmail.get()
  const username = storedSocialUsername.get()
  return { ...(email ? { email } : {}), ...(username ? { username } : {}) }
}
/**
 * The live connections, one per namespace (an EVM wallet and a Solana wallet can be connected at
 * the same time). Each follows its wallet's events; the active one (the active network's
 * namespace) is what $account shows. Only the connection actions call this module.
 */

export interface Session {
  readonly connector: Connector
  address: string
  accounts: readonly string[]
  chainId: number | string
  readonly stops: (() => void)[]
  /** disconnect() is under way: the wallet's own events about it are not a second disconnect. */
  ending: boolean
}

const sessions = new Map<ChainNamespace, Session>()

export const sessionOf = (namespace: ChainNamespace | undefined) => (namespace ? sessions.get(namespace) : undefined)
export const allSessions = () => [...sessions.values()]

/** The session $account shows. */
export function activeSession(): Session | undefined {
  return sessionOf($connection.get().activeNamespace)
}

const caipNetworkIdOf = (session: Session) => `${session.connector.namespace}:${String(session.chainId)}`
const caipAddressOf = (session: Session) => formatCaip10(caipNetworkIdOf(session), session.address)

function summary(session: Session): NamespaceConnection {
  return {
    connectorId: session.connector.id,
    connectorName: session.connector.name,
    address: session.address,
    caipAddress: caipAddressOf(session)
  }
}

/** The app's wallet providers, accounts and networks follow (stores/connect/wallet-bridge.ts). */
const syncApp = () => syncWallets(sessions, $connection.get().activeNamespace)

function publish(): void {
  const connections = Object.fromEntries([...sessions].map(([namespace, session]) => [namespace, summary(session)]))
  updateConnection({ connections, status: sessions.size > 0 ? 'connected' : $connection.get().status })
  syncApp()
}

function persist(session: Session): void {
  const { connector } = session
  saveConnection(connector.namespace, { connectorId: connector.id, caipAddresses: [caipAddressOf(session)] })
  storedWalletId(connector.namespace).set(connector.id)
  storedWalletName(connector.namespace).set(connector.name)
}

function forget(namespace: ChainNamespace): void {
  removeConnection(namespace)
  storedWalletId(namespace).remove()
  storedWalletName(namespace).remove()
  clearCaches()
}

/** Fills $account from `session` and points the kit at its chain (the active network when listed). */
function show(session: Session): void {
  const { connector } = session
  const caipNetworkId = caipNetworkIdOf(session)
  const network = $network.get().networks.find(n => n.caipNetworkId === caipNetworkId)
  if (network) selectNetwork(caipNetworkId)
  // The embedded wallet says which account is which; a Bitcoin address says it itself (taproot:
  // ordinal, else payment); any other wallet's accounts are plain (eoa).
  const info = connector.accountInfo?.()
  const typeOf = (address: string) =>
    info?.accounts.find(account => account.address.toLowerCase() === address.toLowerCase())?.type ??
    (connector.namespace === 'bip122' ? bitcoinAccountType(address) : 'eoa')
  if (info) storedSmartAccountEnabledNetworks.set([...info.smartAccountNetworks])
  updateConnection({
    activeConnectorId: connector.id,
    activeNamespace: connector.namespace,
    unsupportedChain: network ? undefined : caipNetworkId
  })
  // Another account than the one shown (another namespace's wallet): its name and avatar go with it.
  const other = $account.get().caipAddress !== caipAddressOf(session)
  setAccount({
    ...(other ? { profileName: undefined, profileImage: undefined } : {}),
    namespace: connector.namespace,
    caipAddress: caipAddressOf(session),
    address: session.address,
    balance: undefined,
    balanceSymbol: network?.nativeCurrency.symbol,
    allAccounts: session.accounts.map(address => ({ namespace: connector.namespace, address, type: typeOf(address) })),
    preferredAccountTypes: preferredAccountTypes(),
    // Where a smart account is preferred but the wallet has none (any injected wallet), the kit falls back to EOA.
    preferredAccountType: typeOf(session.address),
    smartAccountDeployed: info?.smartAccountDeployed ?? false,
    smartAccountNetworks: info?.smartAccountNetworks ?? [],
    // The embedded wallet's user: the e-mail, or the social provider and user name, it logged in with.
    user: connector.type === 'auth' ? embeddedUser() : undefined,
    socialProvider: connector.type === 'auth' ? storedConnectedSocial.get() : undefined,
    connectedWalletInfo: {
      name: connector.name,
      connectorId: connector.id,
      ...(connector.imageUrl ? { icon: connector.imageUrl } : {})
    },
    status: 'connected'
  })
  syncApp()
  void refreshAccountDetails({ fromWallet: () => connector.getBalance(session.address) })
  if (!network && !$options.get()?.allowUnsupportedChain) openModal({ view: 'UnsupportedChain' })
}

/** Makes `namespace`'s connection the one $account shows (nothing when it has none). */
export function activateNamespace(namespace: ChainNamespace): boolean {
  const session = sessions.get(namespace)
  if (!session) return false
  if ($connection.get().activeNamespace !== namespace) show(session)
  return true
}

/** `session`'s wallet moved to `chainId` (its event, or a switch the kit asked for). */
export function followWalletChain(session: Session, chainId: number | string): void {
  if (sessions.get(session.connector.namespace) !== session || String(session.chainId) === String(chainId)) return
  session.chainId = chainId
  persist(session)
  publish()
  if ($connection.get().activeNamespace === session.connector.namespace) show(session)
}

function onAccountsChanged(session: Session, accounts: readonly string[]): void {
  if (sessions.get(session.connector.namespace) !== session || session.ending) return
  const [address] = accounts
  if (!address) {
    endSession(session.connector.namespace)
    return
  }
  if (address === session.address) return
  session.address = address
  session.accounts = accounts
  persist(session)
  publish()
  if ($connection.get().activeNamespace === session.connector.namespace) {
    setAccount({ profileName: undefined, profileImage: undefined })
    show(session)
  }
}

/** Makes `result` the live connection of the connector's namespace, and the one shown. */
export function openSession(connector: Connector, result: ConnectResult): Session {
  closeSession(connector.namespace)
  const session: Session = {
    connector,
    address: result.address,
    accounts: result.accounts,
    chainId: result.chainId,
    stops: [],
    ending: false
  }
  sessions.set(connector.namespace, session)
  session.stops.push(
    connector.on('accountsChanged', accounts => onAccountsChanged(session, accounts)),
    connector.on('chainChanged', chainId => followWalletChain(session, chainId)),
    connector.on('disconnect', () => {
      if (sessions.get(connector.namespace) === session && !session.ending) endSession(connector.namespace)
    })
  )
  updateConnection({ status: 'connected', connectingConnectorId: undefined, error: undefined })
  setAccount({ profileName: undefined, profileImage: undefined })
  persist(session)
  publish()
  show(session)
  return session
}

/**
 * Opens `connector`'s connection on its namespace, letting go of another wallet connected there
 * before (one connection per namespace): that wallet is told where it can be, and forgotten.
 */
export async function replaceSession(connector: Connector, result: ConnectResult): Promise<Session> {
  const replaced = sessions.get(connector.namespace)
  if (replaced && replaced.connector !== connector) {
    replaced.ending = true
    await replaced.connector.disconnect().catch(() => undefined)
    removeConnection(replaced.connector.namespace, replaced.connector.id)
  }
  return openSession(connector, result)
}

/** Stops following the namespace's wallet (its storage is kept). */
function closeSession(namespace: ChainNamespace): void {
  const session = sessions.get(namespace)
  if (!session) return
  for (const stop of session.stops) stop()
  sessions.delete(namespace)
}

/**
 * Ends the namespace's connection on the kit's side: its storage is forgotten; another namespace's
 * connection becomes the shown one, or, with none left, the kit is disconnected.
 */
export function endSession(namespace: ChainNamespace): void {
  closeSession(namespace)
  forget(namespace)
  publish()
  if ($connection.get().activeNamespace !== namespace) return
  const [next] = sessions.values()
  if (next) {
    show(next)
    return
  }
  $connection.set(initialConnection)
  syncApp()
  resetAccount()
  if ($modal.get().open && $router.get().view === 'Account') resetView('Connect')
}

/** Drops every connection without telling the wallets (tests, and resetConnection). */
export function closeAllSessions(): void {
  for (const namespace of [...sessions.keys()]) closeSession(namespace)
  syncApp()
}
