/** `appkit-elements/evm`: the EVM (eip155) adapter and its network definitions. */
import type { Connector } from '../../connectors/types.js'
import type { NamespaceAdapter } from '../types.js'
import { bsc, localChainA, localChainB, mainnet } from '../../networks/definitions.js'

export { bsc, localChainA, localChainB, mainnet }

/** The discovery code loads on first use, as its own chunk: importing the adapter costs almost nothing. */
const discovery = () => import('./connectors.js')

/**
 * The EVM adapter: EIP-6963 announced wallets, and the legacy injected `window.ethereum` when
 * nothing announces. Results of the wallets are checked with zod; no viem is loaded.
 */
export function evmAdapter(): NamespaceAdapter {
  return {
    namespace: 'eip155',
    defaultNetworks: [mainnet],
    loadConnectors: async () => (await discovery()).loadEvmConnectors(),
    watchConnectors(listener: (connectors: readonly Connector[]) => void) {
      let stop: (() => void) | undefined
      let stopped = false
      void discovery().then(module => {
        if (!stopped) stop = module.watchEvmConnectors(listener)
      })
      return () => {
        stopped = true
        stop?.()
      }
    }
  }
}
export { sessionKeyAccount, SESSION_KEY_ONE_CALL } from './session-key-account.js'
