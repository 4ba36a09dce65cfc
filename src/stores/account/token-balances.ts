import { whileLoading } from '../loading.js'
import { map } from 'nanostores'
import type { TokenBalance } from '../../api/schemas/balance.js'
import type { ChainNamespace } from '../../networks/types.js'
import { portfolioCache } from '../../storage/caches.js'
import { safeParseCaip10 } from '../../utils/caip.js'
import { isSafeImageUrl } from '../../utils/safe-image.js'
import { $account, setAccount } from '../account.js'
import { balanceReadsBlocked, balanceUnavailable, joinedReads, type BalanceReadOptions } from './balance-block.js'
import { accountApi } from './account-api.js'
import { $network } from '../network.js'
import { $options } from '../options.js'
import { showAlertForError } from '../alert.js'

/** The namespaces the balance API serves (docs/behaviour.md section 9: balance on eip155 and solana; bip122 from the backend's Esplora reading, issue 34). */
export const TOKEN_BALANCE_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana', 'bip122']

export interface TokenBalancesState {
  /** idle: never asked; loading: asked, no list yet; ready: the list; unavailable: none to show. */
  readonly status: 'idle' | 'loading' | 'ready' | 'unavailable'
  /** The connected account's token balances on its network, decimals '0' left out. */
  readonly balances: readonly TokenBalance[]
  /** The CAIP-10 account the list belongs to. */
  readonly caipAddress: string | undefined
}

const initialTokenBalances: TokenBalancesState = { status: 'idle', balances: [], caipAddress: undefined }

export const $tokenBalances = map<TokenBalancesState>(initialTokenBalances)

// The account state's tokenBalance (docs/behaviour.md section 3) is the shown account's list.
$tokenBalances.listen(({ balances, caipAddress }) => {
  if (caipAddress && caipAddress === $account.get().caipAddress) setAccount({ tokenBalance: balances })
})

/** The list's reads under way, by account: a read that is not forced joins the one running. */
const reads = joinedReads()

/**
 * Fills the Tokens list of the connected account: from the portfolio cache when it is under 30 s
 * old (kept in storage, so across reloads; `maxAgeMs` asks for a younger one), else from the balance
 * API (`force` skips both caches, after the kit sent a transaction). A read already under way for
 * the account answers a call that is not forced. When the API fails, is not configured, or does not
 * serve the network (nothing is then asked: docs/behaviour.md section 5), a network the app listed `tokens`
 * for is read from the chain (the native balance and those tokens).
 * Otherwise a failure, or a network without balances, shows 'Token Balance Unavailable' once and
 * asks nothing for 30 s. An answer for an account no longer shown is dropped.
 */
export async function refreshTokenBalances(options: BalanceReadOptions = {}): Promise<void> {
  const { caipAddress } = $account.get()
  const parts = safeParseCaip10(caipAddress)
  if (!caipAddress || !parts) {
    $tokenBalances.set(initialTokenBalances)
    return
  }
  const current = $tokenBalances.get()
  const keep = current.caipAddress === caipAddress ? current.balances : []
  if (!TOKEN_BALANCE_NAMESPACES.includes(parts.namespace)) {
    $tokenBalances.set({ status: 'unavailable', balances: [], caipAddress })
    balanceUnavailable()
    return
  }
  const cache = portfolioCache(parts.caipNetworkId, parts.address)
  const cached = options.force ? undefined : cache.get(options.maxAgeMs)
  if (cached) {
    $tokenBalances.set({ status: 'ready', balances: cached, caipAddress })
    return
  }
  if (balanceReadsBlocked()) {
    if (current.caipAddress !== caipAddress) $tokenBalances.set({ status: 'unavailable', balances: [], caipAddress })
    return
  }
  await reads.run(caipAddress, options.force ?? false, () => {
    $tokenBalances.set({ status: keep.length > 0 ? 'ready' : 'loading', balances: keep, caipAddress })
    const read = () => readTokenBalances(caipAddress, parts, keep, options.force ?? false)
    // No list yet: the Tokens list's first data, the modal is loading meanwhile.
    return keep.length > 0 ? read() : whileLoading(read)
  })
}

/** Asks the balance API (else the chain) for the list of `caipAddress` and shows it, or why not. */
async function readTokenBalances(
  caipAddress: string,
  parts: { readonly caipNetworkId: string; readonly address: string },
  keep: readonly TokenBalance[],
  force: boolean
): Promise<void> {
  const cache = portfolioCache(parts.caipNetworkId, parts.address)
  try {
    const api = accountApi()
    if (!api) throw new Error('No balance API: createAppKit was given no apiUrl')
    const answer = await api.tokenBalances(parts.address, parts.caipNetworkId, { forceUpdate: force })
    if (!answer) {
      // The backend does not serve this network: nothing was asked (docs/behaviour.md sections 5 and 8).
      await withoutBackend(caipAddress, parts, keep)
      return
    }
    // An icon the page may not load (not https, not the backend's own origin) shows the placeholder.
    const balances = answer.map(entry =>
      isSafeImageUrl(entry.iconUrl, api.trustedOrigins) ? entry : { ...entry, iconUrl: '' }
    )
    cache.set([...balances])
    if ($account.get().caipAddress === caipAddress) $tokenBalances.set({ status: 'ready', balances, caipAddress })
  } catch (error) {
    if ($account.get().caipAddress !== caipAddress) return
    console.warn('[appkit] The token balances could not be read:', error)
    // A provider error ('JWT validation error', 'Unauthorized: invalid key', ...) is the app's to fix.
    showAlertForError(error, { projectId: $options.get()?.projectId ?? '', origin: location.origin })
    await withoutBackend(caipAddress, parts, keep)
  }
}

/**
 * When the backend failed or does not serve the network: the chain itself, for a network the app
 * listed tokens for; else 'Token Balance Unavailable' (docs/behaviour.md section 8) and no read for 30 s.
 */
async function withoutBackend(
  caipAddress: string,
  parts: { readonly caipNetworkId: string; readonly address: string },
  keep: readonly TokenBalance[]
): Promise<void> {
  const fromChain = await readFromChain(parts.caipNetworkId, parts.address)
  if ($account.get().caipAddress !== caipAddress) return
  if (fromChain) {
    portfolioCache(parts.caipNetworkId, parts.address).set(fromChain)
    $tokenBalances.set({ status: 'ready', balances: fromChain, caipAddress })
    return
  }
  $tokenBalances.set({ status: keep.length > 0 ? 'ready' : 'unavailable', balances: keep, caipAddress })
  balanceUnavailable()
}

/**
 * The native balance and the `tokens` the app listed for the network, read from the chain (its
 * module loads only now); undefined when the app listed none for it or the chain cannot answer.
 */
async function readFromChain(caipNetworkId: string, address: string): Promise<TokenBalance[] | undefined> {
  const tokens = $options.get()?.tokens?.[caipNetworkId]
  const network = $network.get().networks.find(entry => entry.caipNetworkId === caipNetworkId)
  if (!tokens || !network) return undefined
  try {
    const { readTokenBalancesFromChain } = await import('../../api/chain-token-balances.js')
    return await readTokenBalancesFromChain(network, address, tokens)
  } catch (error) {
    console.warn('[appkit] The token balances could not be read from the chain either:', error)
    return undefined
  }
}

/** Forgets the list (tests). */
export function resetTokenBalances(): void {
  reads.clear()
  $tokenBalances.set(initialTokenBalances)
}

/**
 * The total USD value of the account's tokens on its network (their `value`s summed), or
 * undefined while there is no list, or no token in it has a value.
 */
export function portfolioValue(state: TokenBalancesState): number | undefined {
  if (state.status !== 'ready') return undefined
  const values = state.balances.flatMap(balance => (balance.value === undefined ? [] : [balance.value]))
  return values.length === 0 ? undefined : values.reduce((sum, value) => sum + value, 0)
}
