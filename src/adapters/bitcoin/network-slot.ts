import type { Connector } from '../../connectors/types.js'
import { ChainNotConfiguredError } from '../../errors/connector-errors.js'
import type { CaipNetwork } from '../../networks/types.js'
import { readEsploraBalance } from './esplora-balance.js'

/**
 * A Bitcoin connector's network. A Bitcoin wallet has no current chain the kit can read: the kit
 * chooses it (connect's and reconnect's option, switchNetwork), and reads a balance from that
 * network's Esplora API (its RPC URL; the local node serves one there). Every Bitcoin connector
 * (Wallet Standard, sats-connect) holds one.
 */
export interface BitcoinNetworkSlot extends Pick<Connector, 'getChainId' | 'switchNetwork' | 'getBalance'> {
  /** Takes `wanted` when given; answers the network in use, ChainNotConfiguredError when none. */
  use(wanted?: CaipNetwork): CaipNetwork
}

export function bitcoinNetworkSlot(): BitcoinNetworkSlot {
  let network: CaipNetwork | undefined
  const use = (wanted?: CaipNetwork): CaipNetwork => {
    if (wanted) network = wanted
    if (!network) throw new ChainNotConfiguredError('bip122')
    return network
  }
  return {
    use,
    getChainId: async () => use().id,
    async switchNetwork(target) {
      if (target.chainNamespace !== 'bip122') throw new ChainNotConfiguredError(target.caipNetworkId)
      network = target
    },
    async getBalance(address) {
      const url = network?.rpcUrls.default.http[0]
      if (!url) throw new ChainNotConfiguredError(network?.caipNetworkId)
      return readEsploraBalance(url, address)
    }
  }
}
