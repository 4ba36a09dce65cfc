import { PAIRING_LIFETIME_MS } from '../../config/constants.js'
import { createWalletConnectConnector } from '../../connectors/walletconnect/connector.js'
import {
  createWalletConnectController,
  type WalletConnectController
} from '../../connectors/walletconnect/controller.js'
import { choosePairing } from '../../connectors/walletconnect/pairing.js'
import type { WalletConnectAccounts } from '../../connectors/walletconnect/types.js'
import type { Connector } from '../../connectors/types.js'
import type { ChainNamespace } from '../../networks/types.js'
import { walletConnectNamespaces } from '../../connectors/walletconnect/entries.js'
import { storedWalletConnectPairing } from '../../storage/keys.js'
import { addRecentWallet } from '../../storage/recent-wallets.js'
import { isIosSafari, isTelegram } from '../../utils/platform.js'
import { $network } from '../network.js'
import { $options } from '../options.js'
import { activateNamespace, replaceSession } from './sessions.js'
import { preferredAccountTypes } from '../account/preferred-account-types.js'

/**
 * The kit's WalletConnect session: the controller (the SDK behind it loads on first use), its
 * connectors (one per namespace of the app's networks), and the proposal the QR views show.
 */

let controller: WalletConnectController | undefined
let connectors: Connector[] = []

function appMetadata() {
  const given = $options.get()?.metadata
  if (given) return { ...given, icons: [...given.icons] }
  const url = typeof location === 'undefined' ? 'http://localhost' : location.origin
  return {
    name: typeof document === 'undefined' ? 'AppKit' : document.title || 'AppKit',
    description: '',
    url,
    icons: []
  }
}

/** The WalletConnect connectors of the app (none when `enableWalletConnect` is false). */
export function walletConnectConnectors(): readonly Connector[] {
  const options = $options.get()
  if (!options?.enableWalletConnect) return []
  if (!controller) {
    useWalletConnectController(
      createWalletConnectController({
        projectId: options.projectId,
        ...(options.relayUrl ? { relayUrl: options.relayUrl } : {}),
        metadata: appMetadata(),
        networks: $network.get().networks
      })
    )
  }
  return connectors
}

/** The network to show on `namespace`: the active one when it is of that namespace. */
function networkFor(namespace: ChainNamespace) {
  const { activeNetwork, networks } = $network.get()
  return activeNetwork?.chainNamespace === namespace
    ? activeNetwork
    : networks.find(n => n.chainNamespace === namespace)
}

/** The approved accounts become the connections of their namespaces; the active network's is shown. */
async function openApprovedSessions(accounts: WalletConnectAccounts): Promise<void> {
  const activeNamespace = $network.get().activeNetwork?.chainNamespace
  // The active network's namespace opens last: it is the one shown, and only it fills the account.
  const ordered = [...connectors].sort(
    (a, b) => Number(a.namespace === activeNamespace) - Number(b.namespace === activeNamespace)
  )
  for (const connector of ordered) {
    if (!accounts[connector.namespace]) continue
    const network = networkFor(connector.namespace)
    const accountType = preferredAccountTypes()[connector.namespace]
    await replaceSession(connector, await connector.connect({ accountType, ...(network ? { network } : {}) }))
  }
  if (activeNamespace) activateNamespace(activeNamespace)
  addRecentWallet({ id: 'walletConnect', name: 'WalletConnect', rdns: null })
}

export interface ShownProposal {
  /** Resolves once the wallet approved and the connections are open; rejects when it declined. */
  readonly approval: Promise<void>
}

/**
 * Proposes a session and hands its URI to `onUri` (with its expiry): on Telegram and iOS Safari the
 * stored pairing is reused while it has at least 10 s left; otherwise a new pairing lasting 4
 * minutes is made and stored.
 */
export async function proposeWalletConnect(options: {
  onUri: (uri: string, expiresAt: number) => void
  now?: () => number
}): Promise<ShownProposal> {
  const now = options.now ?? Date.now
  if (!walletConnectConnectors().length || !controller)
    throw new Error('WalletConnect is turned off (enableWalletConnect: false)')
  const choice = choosePairing(
    storedWalletConnectPairing.get(),
    { telegram: isTelegram(), iosSafari: isIosSafari() },
    now()
  )
  const reused = 'reuse' in choice ? choice.reuse : undefined
  // With sign-in on, the proposal asks the wallet to sign in too (its code loads only then).
  const auth = $options.get()?.siwx ? await import('../siwx/walletconnect-auth.js') : undefined
  const authentication = await auth?.walletConnectAuthRequest()
  const live = controller
  const proposal = await live.propose(reused?.topic, authentication)
  if (proposal.uri) {
    // A new pairing (also when the SDK could not reuse the stored one): it lasts 4 minutes.
    const expiresAt = 'create' in choice ? choice.create.expiresAt : now() + PAIRING_LIFETIME_MS
    if (proposal.pairingTopic)
      storedWalletConnectPairing.set({ topic: proposal.pairingTopic, uri: proposal.uri, expiresAt })
    options.onUri(proposal.uri, expiresAt)
  } else if (reused) {
    options.onUri(reused.uri, reused.expiresAt)
  }
  return {
    approval: proposal.approval.then(async accounts => {
      if (auth) {
        try {
          await auth.storeWalletConnectSessions(live.authentications())
        } catch (error) {
          // Sessions that cannot be stored end the connection (docs/behaviour.md section 4).
          await live.disconnect()
          throw error
        }
      }
      return openApprovedSessions(accounts)
    })
  }
}

/**
 * Puts `replacement` in place of the SDK-backed controller (tests: a relay cannot run in the
 * element tests, so they drive the stores with a double from test/). Undefined returns to the SDK.
 */
export function useWalletConnectController(replacement: WalletConnectController | undefined): void {
  controller = replacement
  connectors = []
  if (!replacement) return
  const networks = $network.get().networks
  connectors = walletConnectNamespaces(networks).map(namespace =>
    createWalletConnectConnector(replacement, namespace, networks)
  )
}

/** Forgets the controller and its connectors (tests). */
export function resetWalletConnectSession(): void {
  controller = undefined
  connectors = []
}
