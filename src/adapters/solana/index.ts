/** `appkit-elements/solana`: the Solana adapter and its network definitions. */
import type { Connector } from '../../connectors/types.js'
import type { NamespaceAdapter } from '../types.js'
import { solana, solanaDevnet, solanaLocal, solanaTestnet } from '../../networks/definitions.js'

export { solana, solanaDevnet, solanaLocal, solanaTestnet }

/** The discovery code loads on first use, as its own chunk: importing the adapter costs almost nothing. */
const discovery = () => import('./connectors.js')

/**
 * The Solana adapter: wallets that register through the Wallet Standard. The SOL balance is read
 * from the active network's RPC; no @solana/web3.js is loaded to connect.
 */
export function solanaAdapter(): NamespaceAdapter {
  return {
    namespace: 'solana',
    defaultNetworks: [solana],
    loadConnectors: async () => (await discovery()).loadSolanaConnectors(),
    watchConnectors(listener: (connectors: readonly Connector[]) => void) {
      let stop: (() => void) | undefined
      let stopped = false
      void discovery().then(module => {
        if (!stopped) stop = module.watchSolanaConnectors(listener)
      })
      return () => {
        stopped = true
        stop?.()
      }
    }
  }
}
