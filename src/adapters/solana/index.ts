/** `appkit-elements/solana`: the Solana adapter and its network definitions. */
import type { NamespaceAdapter } from '../types.js'
import { solana, solanaDevnet, solanaLocal, solanaTestnet } from '../../networks/definitions.js'

export { solana, solanaDevnet, solanaLocal, solanaTestnet }

/**
 * The Solana adapter. Its connectors (Wallet Standard wallets) arrive with the connecting issue;
 * until then it discovers none.
 */
export function solanaAdapter(): NamespaceAdapter {
  return {
    namespace: 'solana',
    defaultNetworks: [solana],
    loadConnectors: async () => []
  }
}
