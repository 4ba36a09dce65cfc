import type { ChainNamespace } from '../../networks/types.js'
import type { SignClientSettings } from './sign-client.js'
import type { WalletConnectAccounts, WalletConnectAuthRequest } from './types.js'

/**
 * One WalletConnect session shared by the kit's WalletConnect connectors (one per namespace: the
 * wallet approves EVM and Solana accounts in the same session). The SDK loads on first use.
 */

export type WalletConnectEvent =
  | { readonly type: 'accounts'; readonly accounts: WalletConnectAccounts }
  | { readonly type: 'chain'; readonly namespace: ChainNamespace; readonly chainId: string }
  | { readonly type: 'ended' }

export interface WalletConnectProposal {
  readonly uri: string | undefined
  readonly pairingTopic: string | undefined
  /** Resolves with the approved accounts once the wallet approves; rejects when it declines. */
  readonly approval: Promise<WalletConnectAccounts>
}

export interface WalletConnectController {
  /** The accounts of the live session (none before approval or after it ended). */
  readonly accounts: () => WalletConnectAccounts | undefined
  /** The CAIP-2 chains the session allows on `namespace`. */
  readonly chains: (namespace: ChainNamespace) => readonly string[]
  /** The methods the wallet approved on `namespace` in the live session. */
  readonly methods: (namespace: ChainNamespace) => readonly string[]
  /** The live session's properties (strings the wallet added, e.g. bip122_getAccountAddresses). */
  readonly properties: () => Readonly<Record<string, string>>
  /** A session proposal; with `authentication` the wallet is also asked to sign in (eip155). */
  propose(pairingTopic?: string, authentication?: WalletConnectAuthRequest): Promise<WalletConnectProposal>
  /** The sign-in answers (CACAOs, unparsed) the wallet returned with the live session, if any. */
  readonly authentications: () => readonly unknown[]
  /** Restores the newest unexpired session from the SDK's storage (a reload): its accounts. */
  restore(): Promise<WalletConnectAccounts | undefined>
  /** Ends the session (every namespace it serves: each connector hears `disconnect`). */
  disconnect(): Promise<void>
  /** A request to the wallet on `caipNetworkId` (signing and sending come with later issues). */
  request(caipNetworkId: string, method: string, params: unknown): Promise<unknown>
  on(listener: (event: WalletConnectEvent) => void): () => void
}

const sdk = () => import('./sign-client.js')

/** WalletConnect's codes for a visitor who declined (USER_REJECTED, _CHAINS, _METHODS, _EVENTS). */
const WALLET_CONNECT_REJECTED = new Set([5000, 5001, 5002, 5003])

/** A proposal the wallet declined reads as a rejection in the wallet (EIP-1193 4001): 'Connection declined'. */
function declined(error: unknown): unknown {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  if (typeof code !== 'number' || !WALLET_CONNECT_REJECTED.has(code)) return error
  return Object.assign(new Error('The wallet declined the WalletConnect session'), { code: 4001, cause: error })
}

export function createWalletConnectController(settings: SignClientSettings): WalletConnectController {
  type Loaded = Awaited<ReturnType<typeof sdk>>
  type Session = NonNullable<ReturnType<Loaded['latestSession']>>
  let session: Session | undefined
  let accounts: WalletConnectAccounts | undefined
  const listeners = new Set<(event: WalletConnectEvent) => void>()
  let loaded: Promise<{ module: Loaded; client: Awaited<ReturnType<Loaded['getSignClient']>> }> | undefined

  const emit = (event: WalletConnectEvent) => {
    for (const listener of listeners) listener(event)
  }

  function adopt(module: Loaded, next: Session | undefined): WalletConnectAccounts | undefined {
    session = next
    accounts = next ? module.sessionAccounts(next.namespaces) : undefined
    return accounts
  }

  function end(topic: string): void {
    if (session?.topic !== topic) return
    session = undefined
    accounts = undefined
    emit({ type: 'ended' })
  }

  function load() {
    loaded ??= (async () => {
      const module = await sdk()
      const client = await module.getSignClient(settings)
      client.on('session_delete', ({ topic }) => end(topic))
      client.on('session_expire', ({ topic }) => end(topic))
      client.on('session_update', ({ topic, params }) => {
        if (session?.topic !== topic) return
        const next = adopt(module, { ...session, namespaces: params.namespaces })
        if (next) emit({ type: 'accounts', accounts: next })
      })
      client.on('session_event', ({ topic, params }) => {
        if (session?.topic !== topic || params.event.name !== 'chainChanged') return
        const [namespace, chainId] = params.chainId.split(':') as [ChainNamespace, string]
        emit({ type: 'chain', namespace, chainId })
      })
      return { module, client }
    })()
    loaded.catch(() => (loaded = undefined))
    return loaded
  }

  return {
    accounts: () => accounts,
    chains: namespace => {
      const entry = session?.namespaces[namespace]
      if (!entry) return []
      return [...new Set([...(entry.chains ?? []), ...entry.accounts.map(a => a.split(':').slice(0, 2).join(':'))])]
    },

    methods: namespace => session?.namespaces[namespace]?.methods ?? [],

    properties: () => session?.sessionProperties ?? {},

    authentications: () => session?.authentication ?? [],

    async propose(pairingTopic, authentication) {
      const { module, client } = await load()
      const proposal = await module.propose(client, settings.networks, pairingTopic, authentication)
      return {
        uri: proposal.uri,
        pairingTopic: proposal.pairingTopic,
        approval: proposal.approval.then(
          approved => {
            const result = adopt(module, approved)
            if (!result || Object.keys(result).length === 0)
              throw new Error('The wallet approved no account of these networks')
            return result
          },
          (error: unknown) => {
            throw declined(error)
          }
        )
      }
    },

    async restore() {
      if (session) return accounts
      const { module, client } = await load()
      return adopt(module, module.latestSession(client))
    },

    async disconnect() {
      const current = session
      if (!current) return
      const { client } = await load()
      session = undefined
      accounts = undefined
      await client.disconnect({ topic: current.topic, reason: { code: 6000, message: 'User disconnected.' } })
      // One session serves every namespace: the other namespaces' connections end with it.
      emit({ type: 'ended' })
    },

    async request(caipNetworkId, method, params) {
      if (!session) throw new Error('WalletConnect is not connected')
      const { client } = await load()
      return client.request({ topic: session.topic, chainId: caipNetworkId, request: { method, params } })
    },

    on(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    }
  }
}
