import type { AppKitOptions } from '../config/options.js'
import { configureNetworks } from './network.js'
import { setOptions } from './options.js'
import { configureSiwx } from './siwx/state.js'
import { $theme, watchSystemColorScheme } from './theme.js'

/** Writes the parsed createAppKit options into the stores. */
export function initializeStores(options: AppKitOptions): void {
  setOptions(options)
  configureNetworks(options.networks, options.defaultNetwork)
  configureSiwx(options.siwx)
  $theme.set({ themeMode: options.themeMode, themeVariables: options.themeVariables })
  watchSystemColorScheme()
}
