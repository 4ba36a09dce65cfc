import type { Connector } from '../connectors/types.js'
import type { CaipNetwork, ChainNamespace } from '../networks/types.js'
import type { NamespaceAdapter } from './types.js'

type Listener = (connectors: readonly Connector[]) => void

/** What an adapter's discovery chunk offers: the wallets found now, and a watch on later ones. */
export interface Discovery {
  load(): Promise<readonly Connector[]>
  watch(listener: Listener): () => void
}

/**
 * A namespace adapter whose discovery code (`discovery`, a dynamic import) loads on first use, as
 * its own chunk: importing the adapter costs the page almost nothing. The three adapters share this
 * one body, so that each costs the first load only its names.
 */
export function lazyAdapter(
  namespace: ChainNamespace,
  defaultNetworks: readonly CaipNetwork[],
  discovery: () => Promise<Discovery>
): NamespaceAdapter {
  return {
    namespace,
    defaultNetworks,
    loadConnectors: async () => (await discovery()).load(),
    watchConnectors(listener: Listener) {
      let stop: (() => void) | undefined
      let stopped = false
      void discovery().then(found => {
        if (!stopped) stop = found.watch(listener)
      })
      return () => {
        stopped = true
        stop?.()
      }
    }
  }
}
