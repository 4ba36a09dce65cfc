import type { RemoteFeature } from '../api/schemas/catalog.js'
import { SOCIAL_PROVIDERS } from './constants.js'
import type { Features } from './options.js'

/**
 * The project's remote features (GET /appkit/v1/config, docs/behaviour.md sections 7 and 9) merged with the
 * app's options (issue 13): what the app set explicitly wins; what it left unset takes the remote
 * value; when the call failed, the spec's default remote features stand in.
 */

/** The spec's default remote features (docs/behaviour.md section 9). */
export const DEFAULT_REMOTE_FEATURES: readonly RemoteFeature[] = [
  { id: 'swaps', isEnabled: true, config: ['1inch'] },
  { id: 'onramp', isEnabled: true, config: ['coinbase', 'meld'] },
  { id: 'email', isEnabled: true },
  { id: 'socials', isEnabled: true, config: [...SOCIAL_PROVIDERS] },
  { id: 'activity', isEnabled: true }
]

export interface MergedFeatures {
  readonly features: Features
  /** The onramp providers to offer (remote config), unless the app chose `features.onramp` itself. */
  readonly onrampProviders: readonly string[] | undefined
  /** The swaps provider the project uses ('1inch'), for the record. */
  readonly swapsProvider: string | undefined
}

type Social = (typeof SOCIAL_PROVIDERS)[number]
const isSocial = (value: string): value is Social => (SOCIAL_PROVIDERS as readonly string[]).includes(value)

/**
 * Merges `remote` (undefined: the call failed) into `features`, the parsed options, for each
 * feature the app left out of its `features` option (`explicit`, the keys it gave).
 */
export function mergeRemoteFeatures(
  features: Features,
  explicit: ReadonlySet<string>,
  remote: readonly RemoteFeature[] | undefined
): MergedFeatures {
  const source = remote ?? DEFAULT_REMOTE_FEATURES
  const find = (id: string) => source.find(feature => feature.id === id)
  const merged: { -readonly [K in keyof Features]: Features[K] } = { ...features }
  const swaps = find('swaps')
  const onramp = find('onramp')
  const email = find('email')
  const socials = find('socials')
  const activity = find('activity')
  if (swaps && !explicit.has('swaps')) merged.swaps = swaps.isEnabled
  if (onramp && !explicit.has('onramp')) merged.onramp = onramp.isEnabled
  if (email && !explicit.has('email')) merged.email = email.isEnabled
  if (socials && !explicit.has('socials')) {
    const providers = (socials.config ?? []).filter(isSocial)
    merged.socials = socials.isEnabled && providers.length > 0 ? providers : false
  }
  if (activity && !explicit.has('history')) merged.history = activity.isEnabled
  return {
    features: merged,
    onrampProviders: onramp && !explicit.has('onramp') && onramp.isEnabled ? (onramp.config ?? []) : undefined,
    swapsProvider: swaps?.isEnabled ? (swaps.config?.[0] ?? undefined) : undefined
  }
}
