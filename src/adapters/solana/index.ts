/** `appkit-elements/solana`: the Solana adapter and its network definitions. */
import type { NamespaceAdapter } from '../types.js'
import { lazyAdapter } from '../lazy-adapter.js'
import { solana, solanaDevnet, solanaLocal, solanaTestnet } from '../../networks/definitions.js'

export { solana, solanaDevnet, solanaLocal, solanaTestnet }

/**
 * The Solana adapter: wallets that register through the Wallet Standard. The SOL balance is read
 * from the active network's RPC; no @solana/web3.js is loaded to connect. The discovery code loads
 * on first use, as its own chunk.
 */
export function solanaAdapter(): NamespaceAdapter {
  return lazyAdapter('solana', [solana], () => import('./connectors.js'))
}
