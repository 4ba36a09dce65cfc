import { computed } from 'nanostores'
import { $modal } from './modal.js'
import { $network } from './network.js'

/** What an app may read of the modal: `getState()`, `useAppKitState()`. */
export interface PublicState {
  readonly open: boolean
  readonly loading: boolean
  readonly selectedNetworkId: string | undefined
  readonly activeChain: string | undefined
}

export const $publicState = computed([$modal, $network], (modal, network): PublicState => ({
  open: modal.open,
  loading: modal.loading,
  selectedNetworkId: network.activeNetwork?.caipNetworkId,
  activeChain: network.activeNetwork?.chainNamespace
}))
