/** `appkit-elements/bitcoin`: the Bitcoin (bip122) adapter and its network definitions. */
import type { NamespaceAdapter } from '../types.js'
import { bitcoin, bitcoinTestnet } from '../../networks/definitions.js'

export { bitcoin, bitcoinTestnet }

/** The Bitcoin adapter: networks now; connecting through a wallet that offers them comes later. */
export function bitcoinAdapter(): NamespaceAdapter {
  return {
    namespace: 'bip122',
    defaultNetworks: [bitcoin],
    loadConnectors: async () => []
  }
}
