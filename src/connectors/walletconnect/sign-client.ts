import { SignClient } from '@walletconnect/sign-client'
import type { CaipNetwork, ChainNamespace } from '../../networks/types.js'
import { safeParseCaip10 } from '../../utils/caip.js'
import { WALLETCONNECT_LOG_BUFFER_BYTES, WALLETCONNECT_LOG_LEVEL } from './sdk-settings.js'
import type { WalletConnectAccounts, WalletConnectAuthRequest, WalletConnectNamespaceAccounts } from './types.js'

/**
 * The WalletConnect v2 dapp side, through the official SDK (@walletconnect/sign-client). This module
 * is the only one that imports the SDK and is loaded on first use, as its own chunk. It turns the
 * SDK's sessions into plain accounts per namespace; it knows no store and no element.
 */

export type Client = Awaited<ReturnType<typeof SignClient.init>>
type Session = ReturnType<Client['session']['getAll']>[number]

export interface SignClientSettings {
  readonly projectId: string
  /** The relay (wss://). The SDK's default is WalletConnect's cloud relay. */
  readonly relayUrl?: string
  readonly metadata: { name: string; description: string; url: string; icons: string[] }
  readonly networks: readonly CaipNetwork[]
}

/** What the kit asks of a wallet per namespace: its chains, and the methods and events it uses. */
const NAMESPACE_FEATURES: Partial<Record<ChainNamespace, { methods: string[]; events: string[] }>> = {
  eip155: {
    methods: [
      'eth_accounts',
      'eth_requestAccounts',
      'eth_chainId',
      'eth_sendTransaction',
      'eth_signTransaction',
      'personal_sign',
      'eth_signTypedData_v4',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_sendCalls',
      'wallet_getCallsStatus',
      'wallet_getCapabilities'
    ],
    events: ['accountsChanged', 'chainChanged']
  },
  solana: {
    methods: [
      'solana_signMessage',
      'solana_signTransaction',
      'solana_signAndSendTransaction',
      'solana_signAllTransactions'
    ],
    events: []
  },
  bip122: { methods: ['signMessage', 'sendTransfer', 'signPsbt', 'getAccountAddresses'], events: [] }
}

/** The session proposal's namespaces: every network of the app, optional (the wallet approves what it has). */
export function proposalNamespaces(networks: readonly CaipNetwork[]) {
  const namespaces: Record<string, { chains: string[]; methods: string[]; events: string[] }> = {}
  for (const network of networks) {
    const features = NAMESPACE_FEATURES[network.chainNamespace]
    if (!features) continue
    const entry = (namespaces[network.chainNamespace] ??= { chains: [], ...features })
    if (!entry.chains.includes(network.caipNetworkId)) entry.chains.push(network.caipNetworkId)
  }
  return namespaces
}

/** A session's accounts by namespace: CAIP-10 entries parsed, grouped on the first account's chain. */
export function sessionAccounts(
  namespaces: Readonly<Record<string, { accounts: readonly string[] }>>
): WalletConnectAccounts {
  const result: WalletConnectAccounts = {}
  for (const [namespace, { accounts }] of Object.entries(namespaces)) {
    const parsed = accounts.map(account => safeParseCaip10(account)).filter(parts => parts !== undefined)
    const first = parsed[0]
    if (!first || first.namespace !== namespace) continue
    const onChain = parsed.filter(parts => parts.caipNetworkId === first.caipNetworkId).map(parts => parts.address)
    const entry: WalletConnectNamespaceAccounts = {
      chainId: first.caipNetworkId.slice(namespace.length + 1),
      addresses: [...new Set(onChain)]
    }
    result[first.namespace] = entry
  }
  return result
}

let clients = new Map<string, Promise<Client>>()

/** One SDK client per project and relay on the page (the SDK keeps its state in IndexedDB). */
export function getSignClient(settings: SignClientSettings): Promise<Client> {
  const key = `${settings.projectId}|${settings.relayUrl ?? ''}`
  let client = clients.get(key)
  if (!client) {
    client = SignClient.init({
      projectId: settings.projectId,
      ...(settings.relayUrl ? { relayUrl: settings.relayUrl } : {}),
      metadata: settings.metadata,
      customStoragePrefix: 'appkit-elements',
      telemetryEnabled: false,
      // docs/behaviour.md section 9: the log level and the log buffer's size (sdk-settings.ts).
      logger: WALLETCONNECT_LOG_LEVEL,
      maxLogBlobSizeInBytes: WALLETCONNECT_LOG_BUFFER_BYTES
    }).then(created => {
      if (settings.relayUrl) {
        // A self-hosted relay is not WalletConnect's cloud: the cloud's verify service (a hidden frame
        // that a strict Content-Security-Policy blocks, waited for up to 5 s per request) is not asked.
        created.core.verify.register = async () => ''
      }
      return created
    })
    client.catch(() => clients.delete(key))
    clients.set(key, client)
  }
  return client
}

/** The newest session that has not expired, if any (a reload restores it without asking). */
export function latestSession(client: Client, now = Date.now()): Session | undefined {
  return client.session
    .getAll()
    .filter(session => session.expiry * 1000 > now)
    .sort((a, b) => b.expiry - a.expiry)[0]
}

export interface Proposal {
  /** The pairing URI to show; undefined when an existing pairing carries the proposal. */
  readonly uri: string | undefined
  readonly pairingTopic: string | undefined
  readonly approval: Promise<Session>
}

/**
 * Proposes a session for every network of the app, over `pairingTopic` when one is reused; with
 * `authentication`, the proposal also asks the wallet to sign in (one-click authentication).
 */
export async function propose(
  client: Client,
  networks: readonly CaipNetwork[],
  pairingTopic?: string,
  authentication?: WalletConnectAuthRequest
): Promise<Proposal> {
  const { uri, approval } = await client.connect({
    optionalNamespaces: proposalNamespaces(networks),
    ...(pairingTopic ? { pairingTopic } : {}),
    ...(authentication
      ? {
          authentication: [
            {
              ...authentication,
              chains: [...authentication.chains],
              resources: authentication.resources ? [...authentication.resources] : undefined,
              ttl: 300
            }
          ]
        }
      : {})
  })
  const topic = uri ? uri.slice('wc:'.length).split('@')[0] : pairingTopic
  return { uri, pairingTopic: topic, approval: approval() }
}

/** Closes every client's relay socket and heartbeat, and forgets them (tests, and a page that tears the kit down). */
export async function resetSignClients(): Promise<void> {
  const open = [...clients.values()]
  clients = new Map()
  for (const pending of open) {
    const client = await pending.catch(() => undefined)
    if (!client) continue
    client.core.heartbeat.stop()
    await client.core.relayer.transportClose().catch(() => undefined)
  }
}
