import { storedActiveNetworkId } from '../../storage/keys.js'
import { CONNECTIONS_KEY, isStored } from '../../storage/storage-key.js'
import { loadConnectors } from './connectors.js'
import { $network, selectNetwork } from '../network.js'
import { startSignInWatch } from '../siwx/start.js'

let stopFollowing: (() => void) | undefined

/** The active network the visitor chose last time, when the app still lists it. */
function restoreActiveNetwork(): void {
  const stored = storedActiveNetworkId.get()
  if (stored && stored !== $network.get().activeNetwork?.caipNetworkId) selectNetwork(stored)
}

/**
 * What createAppKit starts on load: the stored active network comes back, every change of it is
 * stored, the wallets are discovered, and the last connection is restored without a prompt (or a
 * social login that came back by redirect finishes).
 */
export function startConnection(): Promise<boolean> {
  if (!stopFollowing) {
    restoreActiveNetwork()
    stopFollowing = $network.listen(state => {
      if (state.activeNetwork) storedActiveNetworkId.set(state.activeNetwork.caipNetworkId)
    })
  }
  void loadConnectors()
  startSignInWatch()
  // Back from a social provider by full-page redirect: the login finishes (its code loads only now).
  if (/[?&]appkit_social_(result|error)=/.test(location.search)) {
    return import('../social/loader.js').then(module => module.finishSocialReturn())
  }
  // The reconnect code (and the connection code behind it) loads only for a visitor with a stored
  // connection; on a bare page the wallet list needs nothing but discovery.
  if (!isStored(CONNECTIONS_KEY)) return Promise.resolve(false)
  return import('./reconnect.js').then(module => module.reconnect())
}

/** Stops storing the active network (tests). */
export function resetReconnect(): void {
  stopFollowing?.()
  stopFollowing = undefined
}
