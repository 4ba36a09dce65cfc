/** `appkit-elements/evm`: the EVM (eip155) adapter and its network definitions. */
import type { NamespaceAdapter } from '../types.js'
import { bsc, localChainA, localChainB, mainnet } from '../../networks/definitions.js'

export { bsc, localChainA, localChainB, mainnet }

/**
 * The EVM adapter. Its connectors (EIP-6963 announced providers and the injected window.ethereum)
 * arrive with the connecting issue; until then it discovers none.
 */
export function evmAdapter(): NamespaceAdapter {
  return {
    namespace: 'eip155',
    defaultNetworks: [mainnet],
    loadConnectors: async () => []
  }
}
