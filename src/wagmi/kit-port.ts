/**
 * What appkit-elements/wagmi sees of the kit (issue 31): its eip155 connection as the app's wallet
 * API holds it ($wallets, written by stores/connect/wallet-bridge.ts), the moment its reconnect on
 * load has settled, and its own actions (open the modal, disconnect, switch) with their texts.
 * The wagmi connector (bridge-connector.ts) knows only this port, never a store.
 */
import { UserRejectedRequestError } from 'viem'
import type { AppKitEip1193Provider } from '../adapters/evm/wallet-provider.js'
import { FAILED_TO_DISCONNECT } from '../errors/connector-errors.js'
import { CONNECTIONS_KEY, isStored } from '../storage/storage-key.js'
import { $modal, openModal } from '../stores/modal.js'
import { $options } from '../stores/options.js'
import { $wallets, walletOf } from '../stores/wallet-providers.js'

/** The kit's eip155 connection: its accounts (the one in use first), chain and provider. */
export interface EvmSession {
  readonly accounts: readonly string[]
  readonly chainId: number
  readonly provider: AppKitEip1193Provider
}

export interface KitPort {
  /** The kit's eip155 connection now (undefined: none). */
  session(): EvmSession | undefined
  /** Calls back whenever the kit's connections change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
  /** Resolves once createAppKit ran and its reconnect on load settled (at most `timeoutMs` later). */
  settled(timeoutMs: number): Promise<void>
  /** Opens the modal; resolves with the eip155 connection made there, rejects (4001) when it closed without one. */
  openConnect(): Promise<EvmSession>
  /** Disconnects the eip155 wallet; rejects with 'Failed to disconnect' when the wallet failed. */
  disconnect(): Promise<void>
  /** Switches the kit and its wallet; rejects with the text the visitor is shown and its EIP-1193 code. */
  switchChain(chainId: number): Promise<void>
}

function currentSession(): EvmSession | undefined {
  const wallet = walletOf('eip155')
  const provider = wallet?.provider as AppKitEip1193Provider | undefined
  if (!wallet || !provider) return undefined
  // CAIP-10: eip155:<chainId>:<address>
  const chainId = Number(wallet.account.caipAddress.split(':')[1])
  return { accounts: wallet.account.allAccounts, chainId, provider }
}

interface Listenable {
  listen(listener: () => void): () => void
}

/** Resolves when `done()` holds, checked now and on each change of `stores`. */
function when(stores: readonly Listenable[], done: () => boolean): Promise<void> {
  return new Promise(resolve => {
    if (done()) return resolve()
    const stops = stores.map(store =>
      store.listen(() => {
        if (!done()) return
        stops.forEach(stop => stop())
        resolve()
      })
    )
  })
}

async function settled(timeoutMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<void>(resolve => (timer = setTimeout(resolve, timeoutMs)))
  const start = async () => {
    await when([$options], () => $options.get() !== undefined)
    // Nothing stored: the kit has nothing to restore (and loads its reconnect code only later).
    if (!isStored(CONNECTIONS_KEY)) return
    // createAppKit asked for the start and then the reconnect code before this: once both are here
    // (and a turn later) its reconnect has begun, and 'reconnecting' lasts until it settles.
    await import('../stores/connect/start-connection.js')
    await import('../stores/connect/reconnect.js')
    await new Promise(resolve => setTimeout(resolve, 0))
    const { $connection } = await import('../stores/connect/connection-state.js')
    await when([$connection], () => $connection.get().status !== 'reconnecting')
  }
  await Promise.race([start(), timeout])
  clearTimeout(timer)
}

async function openConnect(): Promise<EvmSession> {
  openModal()
  await when([$wallets, $modal], () => currentSession() !== undefined || !$modal.get().open)
  const session = currentSession()
  if (session) return session
  throw new UserRejectedRequestError(new Error('The modal was closed without connecting a wallet'))
}

async function disconnect(): Promise<void> {
  const { disconnect: disconnectKit } = await import('../stores/connect/connection.js')
  if (!(await disconnectKit('eip155'))) throw new Error(FAILED_TO_DISCONNECT)
}

async function switchChain(chainId: number): Promise<void> {
  const { switchNetworkOrThrow } = await import('../stores/networks/network-switch.js')
  await switchNetworkOrThrow(`eip155:${chainId}`)
}

export const kitPort: KitPort = {
  session: currentSession,
  subscribe: listener => $wallets.listen(listener),
  settled,
  openConnect,
  disconnect,
  switchChain
}
