/** Seeds the stores the way createAppKit and a connected wallet would, from test/fixtures. */
import type { AppKitOptionsInput } from '../../../../src/config/options.js'
import { parseOptions } from '../../../../src/config/options.js'
import type { ViewName } from '../../../../src/config/views.js'
import type { CaipNetwork } from '../../../../src/networks/types.js'
import { setAccount, type AccountState } from '../../../../src/stores/account.js'
import { initializeStores } from '../../../../src/stores/initialize.js'
import { openModal } from '../../../../src/stores/modal.js'
import { configureNetworks } from '../../../../src/stores/network.js'
import { appKitOptions } from '../../../../test/fixtures/options.js'
import { forgetStoryWallet } from './fake-wallet.js'
import { evmTokenBalances } from '../../../../test/fixtures/tokens.js'
import type { TokenBalance } from '../../../../src/api/schemas/balance.js'
import { $tokenBalances } from '../../../../src/stores/account/token-balances.js'
import type { HistoryResponse } from '../../../../src/api/schemas/history.js'
import { selectAccountTab, type AccountTab } from '../../../../src/stores/account/account-tab.js'
import { $network } from '../../../../src/stores/network.js'
import { TRANSACTIONS_FETCH_FAILED } from '../../../../src/stores/texts.js'
import { showError } from '../../../../src/stores/toast.js'
import { $transactions } from '../../../../src/stores/account/transactions.js'
import { isSpamTransaction } from '../../../../src/utils/transactions.js'
import type { Nft } from '../../../../src/api/schemas/nfts.js'
import { $nfts } from '../../../../src/stores/account/nfts.js'
import { evmNfts } from '../../../../test/fixtures/nfts.js'
import { $send, initialSend, type SendState } from '../../../../src/stores/send/form.js'
import { $onramp, initialOnramp, type OnrampState } from '../../../../src/stores/onramp/onramp.js'
import { $swap, initialSwap, type SwapState } from '../../../../src/stores/swap/swap.js'
import { $names, initialNames, type NamesState } from '../../../../src/stores/names/form.js'
import { $siwx, type SiwxState } from '../../../../src/stores/siwx/state.js'
import { $emailLogin, initialEmailLogin, type EmailLoginState } from '../../../../src/stores/email/state.js'
import { $socialLogin, initialSocialLogin, type SocialLoginState } from '../../../../src/stores/social/state.js'
import {
  $farcasterLogin,
  initialFarcasterLogin,
  type FarcasterLoginState
} from '../../../../src/stores/farcaster/state.js'

export interface Seed {
  /** createAppKit options; the default is the shared fixture. */
  readonly options?: AppKitOptionsInput
  /** Networks that replace the options' networks (for example none, for the empty state). */
  readonly networks?: readonly CaipNetwork[]
  /** A connected account. */
  readonly account?: AccountState
  /** The account's Tokens list: a list (default: Ether and USDC), or its loading or unavailable state. */
  readonly tokens?: readonly TokenBalance[] | 'loading' | 'unavailable'
  /** The Account view's chosen tab (default Tokens). */
  readonly tab?: AccountTab
  /** The Activity list: a page (spam left out as the store does), loading, or failed to fetch. */
  readonly activity?: HistoryResponse | 'loading' | 'failed'
  /** The registry's names of Activity's counterparties (reverse lookup), by lower-case address. */
  readonly activityNames?: Readonly<Record<string, string>>
  /** Onramp purchases among the Activity list's transactions (shown as Bought with their status). */
  readonly purchases?: HistoryResponse['data']
  /** The NFTs tab: a list (default: two of a collection and one spam), loading or unavailable; and "Show hidden". */
  readonly nfts?: readonly Nft[] | 'loading' | 'unavailable'
  readonly showHiddenNfts?: boolean
  /** The Send form: what the visitor chose and typed, the previewed fee, loading or an error. */
  readonly send?: Partial<SendState>
  /** The Buy flow: the provider chosen, the options, the amount typed, the quote, loading or an error. */
  readonly onramp?: Partial<OnrampState>
  /** The Swap flow: the tokens, what was chosen and typed, the quote, executing or an error. */
  readonly swap?: Partial<SwapState>
  /** The name form: the label typed, the rule said, suggestions, availability, registering or an error. */
  readonly names?: Partial<NamesState>
  /** Sign-in (the `siwx` option turns it on): checking, signing, or a session. */
  readonly siwx?: Partial<Pick<SiwxState, 'status' | 'sessions' | 'hasSession'>>
  /** The e-mail login: the address typed, the new one during a change, busy, an error or the cool-down. */
  readonly email?: Partial<EmailLoginState>
  /** A social login: the provider, waiting or connecting, or its error. */
  readonly social?: Partial<SocialLoginState>
  /** A Farcaster sign-in: loading, waiting (its URL), connecting, or failed (its error). Idle would start one. */
  readonly farcaster?: Partial<FarcasterLoginState>
}

/** The Activity list the history API would give (stories have no backend), for the account shown. */
function seedActivity(seed: Seed): void {
  const activity = seed.activity ?? { data: [], next: null }
  const transactions = typeof activity === 'string' ? [] : activity.data.filter(entry => !isSpamTransaction(entry))
  $transactions.set({
    transactions,
    caipAddress: seed.account?.caipAddress,
    lastNetworkInView: $network.get().activeNetwork?.caipNetworkId,
    loading: activity === 'loading',
    empty: activity === 'failed' || (typeof activity !== 'string' && transactions.length === 0),
    next: typeof activity === 'string' ? undefined : (activity.next ?? undefined),
    names: seed.activityNames ?? {},
    coinbaseTransactions: seed.purchases ?? []
  })
  if (activity === 'failed') showError(TRANSACTIONS_FETCH_FAILED)
}

/** Fills the stores: the previous story's wallet forgotten, options first, then networks and the account. */
export function seedKit(seed: Seed = {}): void {
  forgetStoryWallet()
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
  selectAccountTab(seed.tab ?? 'tokens')
  seedActivity(seed)
  const nfts = seed.nfts ?? evmNfts
  $nfts.set({
    status: typeof nfts === 'string' ? nfts : 'ready',
    nfts: typeof nfts === 'string' ? [] : nfts,
    caipAddress: seed.account?.caipAddress,
    showHidden: seed.showHiddenNfts ?? false
  })
  $send.set({ ...initialSend, ...seed.send })
  $onramp.set({ ...initialOnramp, ...seed.onramp })
  $swap.set({ ...initialSwap, ...seed.swap })
  $names.set({ ...initialNames, ...seed.names })
  $siwx.set({ ...$siwx.get(), ...seed.siwx })
  $emailLogin.set({ ...initialEmailLogin, ...seed.email })
  $socialLogin.set({ ...initialSocialLogin, ...seed.social })
  $farcasterLogin.set({ ...initialFarcasterLogin, ...seed.farcaster })
}

/** Seeds the stores and opens the modal on a view. */
export function openModalOn(view: ViewName, seed: Seed = {}): void {
  seedKit(seed)
  openModal({ view })
}
