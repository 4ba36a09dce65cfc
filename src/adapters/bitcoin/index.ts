/** `appkit-elements/bitcoin`: the Bitcoin (bip122) adapter and its network definitions. */
import type { NamespaceAdapter } from '../types.js'
import { lazyAdapter } from '../lazy-adapter.js'
import { bitcoin, bitcoinTestnet } from '../../networks/definitions.js'
import { localBitcoin } from '../../networks/local-bitcoin.js'

export { bitcoin, bitcoinTestnet, localBitcoin }

/**
 * The Bitcoin adapter: wallets that register through the Wallet Standard with the `bitcoin:`
 * features (`bitcoin:connect`), connected with their payment address. Nothing Bitcoin loads before
 * the kit looks for wallets: the discovery code is its own chunk.
 */
export function bitcoinAdapter(): NamespaceAdapter {
  return lazyAdapter('bip122', [bitcoin], () => import('./connectors.js'))
}
