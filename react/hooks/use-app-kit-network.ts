import { useMemo } from 'react'
import type { CaipNetwork } from '../../src/networks/types.js'
import { $account } from '../../src/stores/account.js'
import { $network, selectNetwork } from '../../src/stores/network.js'
import { useStoreValue } from './use-store-value.js'

export interface UseAppKitNetworkReturn {
  /** The active network, undefined before createAppKit. */
  readonly caipNetwork: CaipNetwork | undefined
  /** Its CAIP-2 id, such as `eip155:1`. */
  readonly caipNetworkId: string | undefined
  /** Its chain id, such as `1` (EVM) or the Solana genesis hash. */
  readonly chainId: CaipNetwork['id'] | undefined
  /**
   * Makes a configured network the active one; an unknown network changes nothing and returns false.
   * With a wallet connected on that network's namespace the wallet is asked to switch (the kit
   * follows when it does; a failure shows in a toast), and it returns true once asked.
   */
  switchNetwork(network: Pick<CaipNetwork, 'caipNetworkId'>): boolean
}

function switchNetwork(network: Pick<CaipNetwork, 'caipNetworkId'>): boolean {
  const target = $network.get().networks.find(n => n.caipNetworkId === network.caipNetworkId)
  if (!target) return false
  const account = $account.get()
  if (account.status === 'connected' && account.namespace === target.chainNamespace) {
    // The switch code (and the wallet's connector) loads only when a connected visitor switches.
    void import('../../src/stores/networks/network-switch.js').then(module =>
      module.switchNetwork(target.caipNetworkId)
    )
    return true
  }
  return selectNetwork(target.caipNetworkId)
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
