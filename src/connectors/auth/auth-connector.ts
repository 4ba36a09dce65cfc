// The auth connector (docs/behaviour.md sections 1 and 4): the embedded wallet in the secure frame, as a
// connector of the eip155 namespace. Requests go to the frame as wallet RPC calls (an EIP-1193
// provider over AuthClient), so send, swap and sign-in use it like any other EVM wallet; connect,
// reconnect, switching networks and disconnect are the frame's own requests. The account it uses
// on a chain is the smart account when the app prefers one (`preferredAccountType`) and the frame
// offers one there, else the EOA; switching networks or account type may change the address
// ('accountsChanged'). The chain it last used is kept in storage (docs/behaviour.md section 3: last chain):
// eth_chainId is answered from it without asking the frame (section 7), and a connection that names
// no chain goes there. Knows no store.
import { createEip1193Connector } from '../../adapters/evm/eip1193-connector.js'
import { safeParseEvmChainId, toHexChainId } from '../../adapters/evm/chain-id.js'
import type { Eip1193Provider } from '../../adapters/evm/eip1193.js'
import { AccountNotFoundError } from '../../errors/connector-errors.js'
import type { CaipNetwork } from '../../networks/types.js'
import { storedLastUsedChain } from '../../storage/keys.js'
import type { AccountInfo, Connector, ConnectResult, TypedAccount } from '../types.js'
import type { AuthClient } from './auth-client.js'
import { AUTH_CONNECTOR_ID, AUTH_CONNECTOR_NAME } from '../../config/auth-connector-ids.js'

export { AUTH_CONNECTOR_ID, AUTH_CONNECTOR_NAME }

type Listener = (payload: unknown) => void

type Emit = (event: string, payload: unknown) => void

/** The EVM chain the embedded wallet last used on this device (docs/behaviour.md section 3), if any. */
const lastUsedChain = (): number | undefined => safeParseEvmChainId(storedLastUsedChain.get())

/**
 * An EIP-1193 provider whose every call is the frame's: wallet_switchEthereumChain switches the
 * frame's chain, then `afterSwitch` reads the user there (the address may change with it).
 */
function frameProvider(
  client: AuthClient,
  listeners: Map<string, Set<Listener>>,
  emit: Emit,
  afterSwitch: (chainId: number) => Promise<void>
): Eip1193Provider {
  return {
    async request({ method, params }) {
      if (method === 'wallet_switchEthereumChain') {
        const [target] = (params ?? []) as readonly { chainId?: unknown }[]
        const chainId = safeParseEvmChainId(target?.chainId)
        if (chainId === undefined) throw new Error('wallet_switchEthereumChain needs a chainId')
        await client.request('switchNetwork', { chainId })
        storedLastUsedChain.set(chainId)
        emit('chainChanged', toHexChainId(chainId))
        await afterSwitch(chainId)
        return null
      }
      // Answered here from the stored last chain (docs/behaviour.md section 7); the frame only when none is stored.
      const last = method === 'eth_chainId' ? lastUsedChain() : undefined
      if (last !== undefined) return toHexChainId(last)
      return client.rpc(method, params)
    },
    on(event: string, listener: Listener) {
      const set = listeners.get(event) ?? new Set<Listener>()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
    }
  } as Eip1193Provider
}

/** The frame's user as a connection (its address first, on the chain it answered) and its accounts' types. */
async function userConnection(
  client: AuthClient,
  preferredAccountType: TypedAccount['type'],
  chainId?: number
): Promise<{ result: ConnectResult; accounts: TypedAccount[]; smartAccountDeployed?: boolean }> {
  const user = await client.request('getUser', {
    ...(chainId === undefined ? {} : { chainId }),
    preferredAccountType
  })
  if (!user.address) throw new AccountNotFoundError('(none)', AUTH_CONNECTOR_NAME)
  const answered = safeParseEvmChainId(user.chainId) ?? chainId ?? 1
  storedLastUsedChain.set(answered)
  const typed = user.accounts ?? []
  const accounts = [user.address, ...typed.map(account => account.address)]
  return {
    result: {
      address: user.address,
      chainId: answered,
      accounts: accounts.filter((address, index) => accounts.indexOf(address) === index)
    },
    accounts: typed.length > 0 ? typed : [{ address: user.address, type: 'eoa' }],
    ...(user.smartAccountDeployed === undefined ? {} : { smartAccountDeployed: user.smartAccountDeployed })
  }
}

/** Where the frame offers smart accounts; an error empties the list (docs/behaviour.md section 4). */
async function smartAccountNetworks(client: AuthClient): Promise<number[]> {
  try {
    return (await client.request('getSmartAccountEnabledNetworks', {})).smartAccountEnabledNetworks
  } catch (error) {
    console.warn('[appkit] The embedded wallet did not say where it has smart accounts:', error)
    return []
  }
}

export interface AuthConnectorOptions {
  readonly client: AuthClient
  /** Whether the frame is logged in (asked once per reconnect). */
  readonly isLoggedIn: () => Promise<boolean>
  /** Ends this namespace's use of the login (the last one signs the frame out). */
  readonly release: () => Promise<void>
  /** The account type the app prefers on eip155 now (the visitor's choice, the app's default, or the kit's). */
  readonly preferredAccountType?: () => TypedAccount['type']
}

export function createAuthConnector({
  client,
  isLoggedIn,
  release,
  preferredAccountType = () => 'eoa'
}: AuthConnectorOptions): Connector {
  const listeners = new Map<string, Set<Listener>>()
  const emit: Emit = (event, payload) => listeners.get(event)?.forEach(listener => listener(payload))
  let info: AccountInfo | undefined
  let networks: Promise<number[]> | undefined

  /**
   * Reads the user (on `chainId`, else on the chain last used), keeps its accounts' types, and
   * answers the connection.
   */
  async function connectUser(chainId?: number): Promise<ConnectResult> {
    networks ??= smartAccountNetworks(client)
    const [user, smartAccountNetworksList] = await Promise.all([
      userConnection(client, preferredAccountType(), chainId ?? lastUsedChain()),
      networks
    ])
    info = {
      accounts: user.accounts,
      smartAccountNetworks: smartAccountNetworksList,
      ...(user.smartAccountDeployed === undefined ? {} : { smartAccountDeployed: user.smartAccountDeployed })
    }
    return user.result
  }

  /** The user again, after the chain or the account type changed: a new address is 'accountsChanged'. */
  async function follow(previous: string | undefined, chainId?: number): Promise<void> {
    const { address, accounts } = await connectUser(chainId)
    if (address !== previous) emit('accountsChanged', accounts)
  }

  const current = () => info?.accounts[0]?.address
  const base = createEip1193Connector({
    id: AUTH_CONNECTOR_ID,
    name: AUTH_CONNECTOR_NAME,
    type: 'auth',
    namespace: 'eip155',
    provider: frameProvider(client, listeners, emit, chainId =>
      follow(current(), chainId).catch((error: unknown) =>
        console.warn('[appkit] The embedded wallet did not say its account on the new chain:', error)
      )
    )
  })
  const wantedChain = (chainId: unknown) => (chainId === undefined ? undefined : safeParseEvmChainId(chainId))
  return {
    ...base,
    async connect({ chainId } = {}) {
      networks = undefined
      return connectUser(wantedChain(chainId))
    },
    async reconnect(options = {}) {
      if (!(await isLoggedIn())) return undefined
      networks = undefined
      const network: CaipNetwork | undefined = options.network
      return connectUser(network ? wantedChain(network.id) : undefined)
    },
    disconnect: async () => {
      info = undefined
      await release()
    },
    accountInfo: () => info,
    async setAccountType(type) {
      const previous = current()
      await client.request('setPreferredAccount', { type })
      await follow(previous)
    }
  }
}
