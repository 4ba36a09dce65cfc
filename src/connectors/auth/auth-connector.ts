// The auth connector (spec.md sections 1 and 4): the embedded wallet in the secure frame, as a
// connector of the eip155 namespace. Requests go to the frame as wallet RPC calls (an EIP-1193
// provider over AuthClient), so send, swap and sign-in use it like any other EVM wallet; connect,
// reconnect, switching networks and disconnect are the frame's own requests. Knows no store.
import { createEip1193Connector } from '../../adapters/evm/eip1193-connector.js'
import { safeParseEvmChainId, toHexChainId } from '../../adapters/evm/chain-id.js'
import type { Eip1193Provider } from '../../adapters/evm/eip1193.js'
import { AccountNotFoundError } from '../../errors/connector-errors.js'
import type { CaipNetwork } from '../../networks/types.js'
import type { Connector, ConnectResult } from '../types.js'
import type { AuthClient } from './auth-client.js'

export const AUTH_CONNECTOR_ID = 'AUTH'
export const AUTH_CONNECTOR_NAME = 'Email'

type Listener = (payload: unknown) => void

/** An EIP-1193 provider whose every call is the frame's: wallet_switchEthereumChain switches the frame's chain. */
function frameProvider(client: AuthClient, listeners: Map<string, Set<Listener>>): Eip1193Provider {
  const emit = (event: string, payload: unknown) => listeners.get(event)?.forEach(listener => listener(payload))
  return {
    async request({ method, params }) {
      if (method === 'wallet_switchEthereumChain') {
        const [target] = (params ?? []) as readonly { chainId?: unknown }[]
        const chainId = safeParseEvmChainId(target?.chainId)
        if (chainId === undefined) throw new Error('wallet_switchEthereumChain needs a chainId')
        await client.request('switchNetwork', { chainId })
        emit('chainChanged', toHexChainId(chainId))
        return null
      }
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

/** The frame's user as a connection: its address first, on the chain it answered. */
async function userConnection(client: AuthClient, chainId?: number): Promise<ConnectResult> {
  const user = await client.request('getUser', chainId === undefined ? {} : { chainId })
  if (!user.address) throw new AccountNotFoundError('(none)', AUTH_CONNECTOR_NAME)
  const answered = safeParseEvmChainId(user.chainId)
  const accounts = [user.address, ...(user.accounts ?? []).map(account => account.address)]
  return {
    address: user.address,
    chainId: answered ?? chainId ?? 1,
    accounts: accounts.filter((address, index) => accounts.indexOf(address) === index)
  }
}

export interface AuthConnectorOptions {
  readonly client: AuthClient
  /** Whether the frame is logged in (asked once per reconnect). */
  readonly isLoggedIn: () => Promise<boolean>
  /** Ends this namespace's use of the login (the last one signs the frame out). */
  readonly release: () => Promise<void>
}

export function createAuthConnector({ client, isLoggedIn, release }: AuthConnectorOptions): Connector {
  const listeners = new Map<string, Set<Listener>>()
  const base = createEip1193Connector({
    id: AUTH_CONNECTOR_ID,
    name: AUTH_CONNECTOR_NAME,
    type: 'auth',
    namespace: 'eip155',
    provider: frameProvider(client, listeners)
  })
  const wantedChain = (chainId: unknown) => (chainId === undefined ? undefined : safeParseEvmChainId(chainId))
  return {
    ...base,
    async connect({ chainId } = {}) {
      return userConnection(client, wantedChain(chainId))
    },
    async reconnect(options = {}) {
      if (!(await isLoggedIn())) return undefined
      const network: CaipNetwork | undefined = options.network
      return userConnection(client, network ? wantedChain(network.id) : undefined)
    },
    disconnect: release
  }
}
