/**
 * The EIP-1193 provider the app gets from `getWalletProvider('eip155')` (issue 31): one object per
 * connection, over the connector's raw requests (`connector.evmRequest`: an injected or EIP-6963
 * wallet, WalletConnect, the embedded wallet's frame with its smart account). It knows no store:
 * the kit's bridge store (stores/connect/wallet-bridge.ts) gives it the session's accounts and
 * chain, the kit's network switch, and raises its events.
 */
import * as z from 'zod/mini'
import { INVALID_CHAIN_ID_CODE, INVALID_CHAIN_ID_MESSAGE } from '../../errors/switch-errors.js'
import { DISCONNECTED_CODE, UNSUPPORTED_METHOD_CODE, rpcError, type ProviderRpcError } from '../../errors/rpc-error.js'

/** What each of the provider's events carries (EIP-1193). */
export interface Eip1193EventMap {
  /** The accounts the app may use, the one in use first; empty never (the end is `disconnect`). */
  accountsChanged: string[]
  /** The chain in use, as a 0x hex id. */
  chainChanged: string
  /** The connection ended (code 4900). */
  disconnect: ProviderRpcError
  connect: { chainId: string }
  message: { type: string; data: unknown }
}

export type Eip1193Event = keyof Eip1193EventMap

export interface Eip1193RequestArguments {
  readonly method: string
  readonly params?: readonly unknown[] | object
}

/** An EIP-1193 provider: what ethers' `BrowserProvider`, viem's `custom()` and wagmi's injected connector take. */
export interface AppKitEip1193Provider {
  request<T = unknown>(args: Eip1193RequestArguments): Promise<T>
  on<E extends Eip1193Event>(event: E, listener: (payload: Eip1193EventMap[E]) => void): AppKitEip1193Provider
  removeListener<E extends Eip1193Event>(
    event: E,
    listener: (payload: Eip1193EventMap[E]) => void
  ): AppKitEip1193Provider
}

/** What the provider stands on: the connection as the kit holds it. */
export interface Eip1193Source {
  /** The connector's raw request (undefined when it has none: every other method is refused, 4200). */
  readonly request: ((method: string, params: readonly unknown[]) => Promise<unknown>) | undefined
  /** The connection's accounts, the one in use first. */
  accounts(): readonly string[]
  chainId(): number | string
  /** The kit's network switch for `eip155:<chainId>`: rejects with the spec's text and code. */
  switchChain(chainId: number): Promise<void>
}

/** The provider with what its owner uses to raise its events. */
export interface Eip1193Handle extends AppKitEip1193Provider {
  emit<E extends Eip1193Event>(event: E, payload: Eip1193EventMap[E]): void
}

/** wallet_switchEthereumChain's params: `[{ chainId: '0x…' }]`. */
const SwitchParams = z.array(z.object({ chainId: z.string().check(z.regex(/^0x[\da-f]+$/i, 'a 0x hex chain id')) }))

export const toHexChainId = (chainId: number | string): string => `0x${Number(chainId).toString(16)}`

/**
 * Answers eth_accounts, eth_requestAccounts and eth_chainId from the kit's session (no round trip,
 * and what the modal shows), sends wallet_switchEthereumChain through the kit's switch (the modal
 * follows; WalletConnect's switch is the kit's), and passes everything else to the wallet with its
 * own errors. After `disconnect` every request fails with 4900.
 */
export function createEip1193Provider(source: Eip1193Source): Eip1193Handle {
  const listeners = new Map<string, Set<(payload: never) => void>>()
  let ended = false
  const provider: Eip1193Handle = {
    async request<T>({ method, params = [] }: Eip1193RequestArguments): Promise<T> {
      if (ended) throw rpcError(DISCONNECTED_CODE, 'The wallet is disconnected')
      return (await answer(method, params)) as T
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set.add(listener))
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
    emit(event, payload) {
      if (event === 'disconnect') ended = true
      for (const listener of [...(listeners.get(event) ?? [])]) (listener as (value: typeof payload) => void)(payload)
    }
  }
  async function answer(method: string, params: readonly unknown[] | object): Promise<unknown> {
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [...source.accounts()]
      case 'eth_chainId':
        return toHexChainId(source.chainId())
      case 'wallet_switchEthereumChain': {
        const target = SwitchParams.safeParse(params).data?.[0]
        if (!target) throw rpcError(INVALID_CHAIN_ID_CODE, INVALID_CHAIN_ID_MESSAGE)
        await source.switchChain(Number.parseInt(target.chainId, 16))
        return null
      }
      default:
        if (!source.request) throw rpcError(UNSUPPORTED_METHOD_CODE, `The wallet does not support ${method}`)
        // EIP-1193 lets params be an object; the connector passes them on as they are.
        return source.request(method, params as readonly unknown[])
    }
  }
  return provider
}
