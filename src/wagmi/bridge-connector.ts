/**
 * The one wagmi connector of appkit-elements/wagmi (issue 31): "AppKit", whatever the kit
 * connected underneath (an injected or EIP-6963 wallet, WalletConnect, the embedded wallet and its
 * smart account). It never reaches a wallet itself: it reads the kit's connection through the
 * port (kit-port.ts), and asks the kit to connect, disconnect and switch, so that wagmi's actions
 * and our modal are one connection. Reconnecting only reads what the kit restored from its own
 * storage: no wallet request, no prompt.
 */
import { createConnector, type CreateConnectorFn } from '@wagmi/core'
import { getAddress, type Address } from 'viem'
import type { AppKitEip1193Provider } from '../adapters/evm/wallet-provider.js'
import { NETWORK_NOT_FOUND, UNRECOGNIZED_CHAIN_CODE } from '../errors/switch-errors.js'
import { rpcError } from '../errors/rpc-error.js'
import type { EvmSession, KitPort } from './kit-port.js'

export const APPKIT_CONNECTOR_ID = 'appkit'

/** How long wagmi's reconnect waits for the kit's own reconnect on load before it gives up (the kit still wins later). */
export const KIT_SETTLE_TIMEOUT_MS = 10_000

export const accountsOf = (session: EvmSession): readonly Address[] =>
  session.accounts.map(account => getAddress(account))

export function appkitConnector(
  port: KitPort,
  provider: AppKitEip1193Provider
): CreateConnectorFn<AppKitEip1193Provider> {
  return createConnector<AppKitEip1193Provider>(config => ({
    id: APPKIT_CONNECTOR_ID,
    name: 'AppKit',
    type: APPKIT_CONNECTOR_ID,
    async connect({ chainId, isReconnecting, withCapabilities } = {}) {
      let session = port.session()
      if (!session && isReconnecting) throw new Error('The kit has no eip155 connection to restore')
      session ??= await port.openConnect()
      if (chainId !== undefined && chainId !== session.chainId && !isReconnecting) {
        await port.switchChain(chainId)
        session = port.session() ?? session
      }
      const accounts = accountsOf(session)
      return {
        // The connect action reads either form; the type follows `withCapabilities`.
        accounts: (withCapabilities ? accounts.map(address => ({ address, capabilities: {} })) : accounts) as never,
        chainId: session.chainId
      }
    },
    async disconnect() {
      // The kit's end reaches wagmi through the sync too, before this action ends: the same state.
      await port.disconnect()
    },
    async getAccounts() {
      const session = port.session()
      return session ? accountsOf(session) : []
    },
    async getChainId() {
      return port.session()?.chainId ?? config.chains[0].id
    },
    async getProvider() {
      return provider
    },
    async isAuthorized() {
      await port.settled(KIT_SETTLE_TIMEOUT_MS)
      return port.session() !== undefined
    },
    async switchChain({ chainId }) {
      const chain = config.chains.find(candidate => candidate.id === chainId)
      // The kit's answer for a network the app does not list (docs/behaviour.md section 8).
      if (!chain) throw rpcError(UNRECOGNIZED_CHAIN_CODE, NETWORK_NOT_FOUND)
      await port.switchChain(chainId)
      // The kit's change has reached wagmi through the sync; this one makes sure.
      config.emitter.emit('change', { chainId })
      return chain
    },
    onAccountsChanged(accounts) {
      if (accounts.length === 0) config.emitter.emit('disconnect')
      else config.emitter.emit('change', { accounts: accounts.map(account => getAddress(account)) })
    },
    onChainChanged(chainId) {
      config.emitter.emit('change', { chainId: Number(chainId) })
    },
    onDisconnect() {
      config.emitter.emit('disconnect')
    }
  }))
}
