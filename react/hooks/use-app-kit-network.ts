import { useMemo } from 'react'
import type { CaipNetwork } from '../../src/networks/types.js'
import { $network, selectNetwork } from '../../src/stores/network.js'
import { useStoreValue } from './use-store-value.js'

export interface UseAppKitNetworkReturn {
  /** The active network, undefined before createAppKit. */
  readonly caipNetwork: CaipNetwork | undefined
  /** Its CAIP-2 id, such as `eip155:1`. */
  readonly caipNetworkId: string | undefined
  /** Its chain id, such as `1` (EVM) or the Solana genesis hash. */
  readonly chainId: CaipNetwork['id'] | undefined
  /** Makes a configured network the active one; an unknown network changes nothing and returns false. */
  switchNetwork(network: Pick<CaipNetwork, 'caipNetworkId'>): boolean
}

function switchNetwork(network: Pick<CaipNetwork, 'caipNetworkId'>): boolean {
  return selectNetwork(network.caipNetworkId)
}

/** The active network and a switch: `const { chainId, switchNetwork } = useAppKitNetwork()`. */
export function useAppKitNetwork(): UseAppKitNetworkReturn {
  const { activeNetwork } = useStoreValue($network)
  return useMemo(
    () => ({
      caipNetwork: activeNetwork,
      caipNetworkId: activeNetwork?.caipNetworkId,
      chainId: activeNetwork?.id,
      switchNetwork
    }),
    [activeNetwork]
  )
}
