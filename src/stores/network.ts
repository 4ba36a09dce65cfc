import { map } from 'nanostores'
import type { CaipNetwork } from '../networks/types.js'

export interface NetworkState {
  readonly networks: readonly CaipNetwork[]
  readonly activeNetwork: CaipNetwork | undefined
}

const initialNetwork: NetworkState = { networks: [], activeNetwork: undefined }

export const $network = map<NetworkState>(initialNetwork)

export function configureNetworks(networks: readonly CaipNetwork[], defaultNetwork?: CaipNetwork): void {
  $network.set({ networks, activeNetwork: defaultNetwork ?? networks[0] })
}

/** Makes a configured network the active one; an unknown id changes nothing and returns false. */
export function selectNetwork(caipNetworkId: string): boolean {
  const network = $network.get().networks.find(n => n.caipNetworkId === caipNetworkId)
  if (!network) return false
  $network.setKey('activeNetwork', network)
  return true
}

export function resetNetwork(): void {
  $network.set(initialNetwork)
}
