/** Seeds the stores the way createAppKit and a connected wallet would, from test/fixtures. */
import type { AppKitOptionsInput } from '../../src/config/options.js'
import { parseOptions } from '../../src/config/options.js'
import type { ViewName } from '../../src/config/views.js'
import type { CaipNetwork } from '../../src/networks/types.js'
import { setAccount, type AccountState } from '../../src/stores/account.js'
import { initializeStores } from '../../src/stores/initialize.js'
import { openModal } from '../../src/stores/modal.js'
import { configureNetworks } from '../../src/stores/network.js'
import { appKitOptions } from '../../test/fixtures/options.js'
import { evmTokenBalances } from '../../test/fixtures/tokens.js'
import type { TokenBalance } from '../../src/api/schemas/balance.js'
import { $tokenBalances } from '../../src/stores/token-balances.js'

export interface Seed {
  /** createAppKit options; the default is the shared fixture. */
  readonly options?: AppKitOptionsInput
  /** Networks that replace the options' networks (for example none, for the empty state). */
  readonly networks?: readonly CaipNetwork[]
  /** A connected account. */
  readonly account?: AccountState
  /** The account's Tokens list: a list (default: Ether and USDC), or its loading or unavailable state. */
  readonly tokens?: readonly TokenBalance[] | 'loading' | 'unavailable'
}

/** Fills the stores: options first, then networks and the account. */
export function seedKit(seed: Seed = {}): void {
  initializeStores(parseOptions(seed.options ?? appKitOptions))
  if (seed.networks) configureNetworks(seed.networks)
  if (seed.account) setAccount(seed.account)
  // The list the balance API would give (stories have no backend), for the account shown.
  const tokens = seed.tokens ?? evmTokenBalances
  $tokenBalances.set({
    status: typeof tokens === 'string' ? tokens : 'ready',
    balances: typeof tokens === 'string' ? [] : tokens,
    caipAddress: seed.account?.caipAddress
  })
}

/** Seeds the stores and opens the modal on a view. */
export function openModalOn(view: ViewName, seed: Seed = {}): void {
  seedKit(seed)
  openModal({ view })
}
