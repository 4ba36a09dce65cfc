import { getProjectConfigClient } from '../api/project-config-client.js'
import type { RemoteFeature } from '../api/schemas/catalog.js'
import { mergeRemoteFeatures } from '../config/remote-features.js'
import { $options, setOptions } from './options.js'

/**
 * Reads the project's remote features once the page is idle and merges them into the options
 * (issue 13): the app's explicit `features` keys (`explicit`) win, unset ones take the remote
 * value, and when the call fails the spec's default remote features apply. The onramp providers
 * the project lists become the Buy flow's. Resolves once merged.
 */
export async function loadRemoteFeatures(explicit: ReadonlySet<string>): Promise<void> {
  const options = $options.get()
  if (!options) return
  const client = getProjectConfigClient({ projectId: options.projectId, apiUrl: options.apiUrl })
  let remote: RemoteFeature[] | undefined
  try {
    remote = client ? await client.features() : undefined
  } catch (error) {
    console.warn('[appkit] The project’s remote features could not be read; the default ones apply:', error)
  }
  // Options replaced meanwhile (a second createAppKit): theirs stand.
  if ($options.get() !== options) return
  const merged = mergeRemoteFeatures(options.features, explicit, remote)
  setOptions({ ...options, features: merged.features })
  const providers = merged.onrampProviders
  if (providers && !(providers.length === 2 && providers.includes('coinbase') && providers.includes('meld'))) {
    // Only a list other than the built-in one (coinbase and meld) loads the Buy flow's store.
    ;(await import('./onramp/onramp.js')).setProjectOnrampProviders(providers)
  }
}
