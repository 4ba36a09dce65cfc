/**
 * The bridge between the kit's connections and the app's wallet providers (issue 31). For each
 * session (stores/connect/sessions.ts) it builds one provider, kept for the session's whole life,
 * and publishes it with the account, network and wallet in $wallets. The providers' events come
 * from the kit's state, not from the wallets' own events: a change the visitor makes in the modal
 * (a network switch, an account type, a disconnect) raises them as a change made in the wallet
 * does, whatever the connector (WalletConnect and the Solana wallets report none of their own).
 */
import { createEip1193Provider, toHexChainId } from '../../adapters/evm/wallet-provider.js'
import { DISCONNECTED_CODE, rpcError } from '../../errors/rpc-error.js'
import type { ChainNamespace } from '../../networks/types.js'
import { formatCaip10 } from '../../utils/caip.js'
import { $network } from '../network.js'
import { $wallets, type NamespaceWallet } from '../wallet-providers.js'
import type { Session } from './sessions.js'

/** A provider the bridge raises events on (the EIP-1193 one; the Solana one has the same `emit`). */
interface EmittingProvider {
  emit(event: 'accountsChanged' | 'chainChanged' | 'disconnect', payload: never): void
}

interface Bridged {
  readonly session: Session
  provider: EmittingProvider | undefined
  /** What the provider's listeners were last told. */
  address: string
  accounts: string
  chainId: string
  wallet: NamespaceWallet | undefined
}

const bridged = new Map<ChainNamespace, Bridged>()

/** The session's accounts, the one in use first (EIP-1193's order). */
const accountsOf = (session: Session) => [session.address, ...session.accounts.filter(a => a !== session.address)]

/**
 * The Solana provider (src/adapters/solana/solana-provider.ts), loaded with @solana/web3.js when a
 * Solana wallet connects: `getWalletProvider('solana')` is undefined until it has (a subscriber
 * is told once it is there).
 */
async function createSolanaProviderFor(session: Session): Promise<EmittingProvider> {
  const { createSolanaProvider } = await import('../../adapters/solana/solana-provider.js')
  const { connector, address, chainId } = session
  return createSolanaProvider({ connector, address, chain: `solana:${String(chainId)}` })
}

function createProvider(session: Session, entry: Bridged): EmittingProvider | undefined {
  const { connector } = session
  if (connector.namespace === 'eip155') {
    return createEip1193Provider({
      request: connector.evmRequest?.bind(connector),
      accounts: () => accountsOf(session),
      chainId: () => session.chainId,
      switchChain: async chainId =>
        (await import('../networks/network-switch.js')).switchNetworkOrThrow(`eip155:${chainId}`)
    })
  }
  if (connector.namespace === 'solana') {
    void createSolanaProviderFor(session).then(
      provider => {
        if (bridged.get(connector.namespace) !== entry) return
        entry.provider = provider
        publishWallets()
        // What moved while its code loaded (an equal value raises nothing).
        provider.emit('accountsChanged', session.address as never)
        provider.emit('chainChanged', `solana:${String(session.chainId)}` as never)
      },
      (error: unknown) => console.warn('[appkit] The Solana wallet provider could not load:', error)
    )
  }
  return undefined
}

/** The namespace's wallet as the app sees it; the previous objects when nothing in them changed. */
function walletOf(entry: Bridged): NamespaceWallet {
  const { session } = entry
  const { connector } = session
  const caipNetworkId = `${connector.namespace}:${String(session.chainId)}`
  const previous = entry.wallet
  const allAccounts = accountsOf(session)
  const sameAccount =
    previous?.account.caipAddress === formatCaip10(caipNetworkId, session.address) &&
    previous.account.allAccounts.join() === allAccounts.join()
  const caipNetwork = $network.get().networks.find(network => network.caipNetworkId === caipNetworkId)
  if (previous && sameAccount && previous.caipNetwork === caipNetwork && previous.provider === entry.provider)
    return previous
  return {
    provider: entry.provider,
    providerType: connector.type,
    account: sameAccount
      ? previous.account
      : {
          address: session.address,
          caipAddress: formatCaip10(caipNetworkId, session.address),
          allAccounts,
          isConnected: true,
          status: 'connected'
        },
    caipNetwork,
    walletInfo: previous?.walletInfo ?? {
      name: connector.name,
      type: connector.type,
      id: connector.id,
      ...(connector.imageUrl ? { icon: connector.imageUrl } : {})
    }
  }
}

function publishWallets(active = $wallets.get().active): void {
  const state = $wallets.get()
  const wallets: WalletsRecord = {}
  for (const [namespace, entry] of bridged) wallets[namespace] = entry.wallet = walletOf(entry)
  const names = Object.keys(wallets) as ChainNamespace[]
  const same =
    active === state.active &&
    names.length === Object.keys(state.wallets).length &&
    names.every(namespace => state.wallets[namespace] === wallets[namespace])
  if (!same) $wallets.set({ active, wallets })
}

type WalletsRecord = Partial<Record<ChainNamespace, NamespaceWallet>>

/**
 * Brings $wallets and the providers in line with `sessions`, then raises the providers' events:
 * `disconnect` for a session that ended (or was replaced), `accountsChanged` and `chainChanged`
 * for one whose account or chain moved. The getters already answer the new state when a listener
 * runs. Called by the sessions module after each change it publishes.
 */
export function syncWallets(sessions: ReadonlyMap<ChainNamespace, Session>, active: ChainNamespace | undefined): void {
  const ended: Bridged[] = []
  const moved: Bridged[] = []
  for (const [namespace, entry] of bridged) {
    if (sessions.get(namespace) === entry.session) continue
    bridged.delete(namespace)
    ended.push(entry)
  }
  for (const [namespace, session] of sessions) {
    const entry = bridged.get(namespace)
    if (entry) {
      moved.push(entry)
      continue
    }
    const fresh: Bridged = {
      session,
      provider: undefined,
      address: session.address,
      accounts: session.accounts.join(),
      chainId: String(session.chainId),
      wallet: undefined
    }
    bridged.set(namespace, fresh)
    fresh.provider = createProvider(session, fresh)
  }
  publishWallets(active)
  // Raised once the change that led here has run its course (the kit's account and network follow
  // a session after it is published): a listener reads the kit as it now is.
  queueMicrotask(() => {
    for (const { provider, session } of ended) {
      const evm = session.connector.namespace === 'eip155'
      provider?.emit('disconnect', (evm ? rpcError(DISCONNECTED_CODE, 'Disconnected') : undefined) as never)
    }
    for (const entry of moved) if (bridged.get(entry.session.connector.namespace) === entry) raiseChanges(entry)
  })
}

/** Tells `entry`'s provider what moved since it last told it. */
function raiseChanges(entry: Bridged): void {
  const { session, provider } = entry
  const evm = session.connector.namespace === 'eip155'
  if (entry.address !== session.address || entry.accounts !== session.accounts.join()) {
    entry.address = session.address
    entry.accounts = session.accounts.join()
    provider?.emit('accountsChanged', (evm ? accountsOf(session) : session.address) as never)
  }
  if (entry.chainId !== String(session.chainId)) {
    entry.chainId = String(session.chainId)
    provider?.emit(
      'chainChanged',
      (evm ? toHexChainId(session.chainId) : `${session.connector.namespace}:${entry.chainId}`) as never
    )
  }
}
