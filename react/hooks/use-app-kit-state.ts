import { $publicState, type PublicState } from '../../src/stores/public-state.js'
import { useStoreValue } from './use-store-value.js'

/** The modal's public state: `{ open, loading, selectedNetworkId, activeChain }`. */
export function useAppKitState(): PublicState {
  return useStoreValue($publicState)
}
