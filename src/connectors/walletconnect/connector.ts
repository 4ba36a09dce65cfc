import { ChainNotConfiguredError, ConnectorNotConnectedError } from '../../errors/connector-errors.js'
import type { CaipNetwork, ChainNamespace } from '../../networks/types.js'
import { readNativeBalanceFromRpc } from '../native-balance.js'
import type { Connector, ConnectorEventMap, ConnectResult } from '../types.js'
import type { WalletConnectController } from './controller.js'

/** The WalletConnect entry's id on every namespace. */
export const WALLET_CONNECT_CONNECTOR_ID = 'walletConnect'

/** WalletConnect's logo (a blue bridge), as a data URI: shown with `<img>`. */
const WALLET_CONNECT_ICON =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#3396FF"/>' +
      '<path d="M12.4 15.6c4.2-4.1 11-4.1 15.2 0l.5.5a.5.5 0 0 1 0 .7l-1.7 1.7a.3.3 0 0 1-.4 0l-.7-.7a7.6 7.6 0 0 0-10.6 0l-.7.7' +
      'a.3.3 0 0 1-.4 0l-1.7-1.7a.5.5 0 0 1 0-.7zm18.7 3.5 1.5 1.5a.5.5 0 0 1 0 .7l-6.8 6.6a.5.5 0 0 1-.8 0L20.2 23a.1.1 0 0 0-.2 0' +
      'l-4.8 4.7a.5.5 0 0 1-.8 0l-6.8-6.6a.5.5 0 0 1 0-.7l1.5-1.5a.5.5 0 0 1 .8 0l4.8 4.7a.1.1 0 0 0 .2 0l4.8-4.7a.5.5 0 0 1 .8 0' +
      'l4.8 4.7a.1.1 0 0 0 .2 0l4.8-4.7a.5.5 0 0 1 .8 0z" fill="#fff"/></svg>'
  )

/**
 * The WalletConnect connector of one namespace over the shared session. Connecting itself goes
 * through the QR views (the store proposes and shows the URI); this connector restores, reads and
 * ends the namespace's part of the session, and follows the wallet's events for it.
 */
export function createWalletConnectConnector(
  controller: WalletConnectController,
  namespace: ChainNamespace,
  networks: readonly CaipNetwork[]
): Connector {
  let network: CaipNetwork | undefined

  const networkOf = (chainId: string) => networks.find(n => n.caipNetworkId === `${namespace}:${chainId}`)

  function result(wanted?: CaipNetwork): ConnectResult | undefined {
    const mine = controller.accounts()?.[namespace]
    const [address] = mine?.addresses ?? []
    if (!mine || !address) return undefined
    const allowed = controller.chains(namespace)
    network = wanted && allowed.includes(wanted.caipNetworkId) ? wanted : networkOf(mine.chainId)
    return { address, accounts: mine.addresses, chainId: network ? String(network.id) : mine.chainId }
  }

  return {
    id: WALLET_CONNECT_CONNECTOR_ID,
    name: 'WalletConnect',
    type: 'walletConnect',
    namespace,
    imageUrl: WALLET_CONNECT_ICON,

    async connect(options = {}) {
      const connected = result(options.network)
      if (!connected) throw new ConnectorNotConnectedError('WalletConnect')
      return connected
    },

    async reconnect(options = {}) {
      await controller.restore()
      return result(options.network)
    },

    disconnect: () => controller.disconnect(),

    async getAccounts() {
      return controller.accounts()?.[namespace]?.addresses ?? []
    },

    async getChainId() {
      const current = controller.accounts()?.[namespace]
      if (!current) throw new ConnectorNotConnectedError('WalletConnect')
      return network ? String(network.id) : current.chainId
    },

    async switchNetwork(target) {
      if (target.chainNamespace !== namespace || !controller.chains(namespace).includes(target.caipNetworkId)) {
        // The wallet approved no account on that chain in this session.
        throw new ChainNotConfiguredError(target.caipNetworkId)
      }
      network = target
    },

    getBalance: address => readNativeBalanceFromRpc(network, address),

    on(event, listener) {
      const deliver = listener as (payload: ConnectorEventMap[keyof ConnectorEventMap]) => void
      return controller.on(change => {
        if (change.type === 'ended' && event === 'disconnect') deliver(undefined)
        else if (change.type === 'accounts' && event === 'accountsChanged') deliver(change.accounts[namespace]?.addresses ?? [])
        else if (change.type === 'chain' && event === 'chainChanged' && change.namespace === namespace) {
          const next = networkOf(change.chainId)
          if (next) network = next
          deliver(change.chainId)
        }
      })
    }
  }
}
