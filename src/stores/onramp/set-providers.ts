import type { OnrampProviderName } from '../../config/constants.js'

/**
 * The app chooses the providers the Buy flow offers (public: src/index.ts), at any time; its choice
 * wins over the project's remote features. Meld is offered only with the meldPublicKey option.
 * Resolves once applied (the Buy flow's store loads then); rejects with an AppKitOptionsError for
 * anything but a list of 'coinbase' | 'meld'.
 */
export async function setOnrampProviders(providers: readonly OnrampProviderName[]): Promise<void> {
  ;(await import('./onramp.js')).setAppOnrampProviders(providers)
}
