import { whileLoading } from '../loading.js'
import { computed, map } from 'nanostores'
import { getHistoryClient } from '../../api/history-client.js'
import type { Transaction } from '../../api/schemas/history.js'
import { safeParseCaip10 } from '../../utils/caip.js'
import { isSafeImageUrl } from '../../utils/safe-image.js'
import { counterpartyOf, groupByYearAndMonth, visibleTransactions } from '../../utils/transactions.js'
import { $account } from '../account.js'
import { emitKitEvent } from '../kit-events.js'
import { nameOfAddress } from '../names/reverse.js'
import { $network } from '../network.js'
import { $options } from '../options.js'
import { TRANSACTIONS_FETCH_FAILED } from '../texts.js'
import { showError } from '../toast.js'

/** The spec's error when fetchTransactions is called without an address (docs/behaviour.md section 5). */
export const NO_ACCOUNT_ADDRESS = "Transactions can't be fetched without an accountAddress"

/** The transaction list of docs/behaviour.md section 3. */
export interface TransactionsState {
  /** The shown transactions, pages appended: the active network's only, spam NFT transfers left out. */
  readonly transactions: readonly Transaction[]
  /** The CAIP-10 account the list belongs to. */
  readonly caipAddress: string | undefined
  /** The CAIP-2 network the list belongs to. */
  readonly lastNetworkInView: string | undefined
  readonly loading: boolean
  /** Asked, and nothing to show. */
  readonly empty: boolean
  /** The cursor of the next page; undefined once the last page is in (or after a failure). */
  readonly next: string | undefined
  /** Names the registry has for the counterparties, by lower-case address. */
  readonly names: Readonly<Record<string, string>>
  /** The account's Coinbase onramp purchases on the network (the history call with onramp=coinbase). */
  readonly coinbaseTransactions: readonly Transaction[]
}

const initialTransactions: TransactionsState = {
  transactions: [],
  caipAddress: undefined,
  lastNetworkInView: undefined,
  loading: false,
  empty: false,
  next: undefined,
  names: {},
  coinbaseTransactions: []
}

export const $transactions = map<TransactionsState>(initialTransactions)

/** Onramp purchases the list does not hold (not paid out yet: pending, or failed). */
export function openPurchases(state: TransactionsState): readonly Transaction[] {
  const listed = new Set(state.transactions.map(transaction => transaction.id))
  return state.coinbaseTransactions.filter(purchase => !listed.has(purchase.id))
}

/** The list, with the open purchases in time order, grouped by year, then month (docs/behaviour.md section 3: transactionsByYear). */
export const $transactionsByYear = computed($transactions, state => {
  const open = openPurchases(state)
  const shown =
    open.length === 0
      ? state.transactions
      : [...open, ...state.transactions].sort((a, b) => Date.parse(b.metadata.minedAt) - Date.parse(a.metadata.minedAt))
  return groupByYearAndMonth(shown)
})

/** Bumped by every reset: an answer for an older list is dropped. */
let generation = 0

function historyApi() {
  const options = $options.get()
  return getHistoryClient(options ? { projectId: options.projectId, apiUrl: options.apiUrl } : undefined)
}

/** Previews and icons the page may not load (not https, not the backend's) are dropped. */
function withSafeImages(transaction: Transaction, trusted: readonly string[]): Transaction {
  return {
    ...transaction,
    transfers: transaction.transfers.map(transfer => {
      const { fungible_info: fungible, nft_info: nft } = transfer
      if (fungible?.icon && !isSafeImageUrl(fungible.icon.url, trusted)) {
        const { icon: _dropped, ...rest } = fungible
        return { ...transfer, fungible_info: rest }
      }
      if (nft?.content?.preview && !isSafeImageUrl(nft.content.preview.url, trusted)) {
        return { ...transfer, nft_info: { name: nft.name, flags: nft.flags } }
      }
      return transfer
    })
  }
}

/**
 * Fetches the next page of `accountAddress`'s transactions on the active network and appends what
 * may be shown (docs/behaviour.md section 5): the active network's, without those whose every transfer is a
 * spam NFT. The list is empty when nothing is left to show; `next` is the returned cursor. On
 * failure: the 'Failed to fetch transactions' toast, the ERROR_FETCH_TRANSACTIONS event and no
 * cursor; the list is emptied only when the first page failed (a later page keeps what is shown). Throws the spec's error without an address. A page already on its way is not
 * asked twice.
 */
export async function fetchTransactions(accountAddress: string | undefined): Promise<void> {
  if (!accountAddress) throw new Error(NO_ACCOUNT_ADDRESS)
  const state = $transactions.get()
  if (state.loading) return
  const mine = generation
  const chainId = state.lastNetworkInView ?? $network.get().activeNetwork?.caipNetworkId
  const cursor = state.next
  $transactions.set({ ...state, loading: true, lastNetworkInView: chainId })
  try {
    const api = historyApi()
    if (!api) throw new Error('No history API: createAppKit was given no apiUrl')
    // The Activity tab's first page is the view's first data: the modal is loading meanwhile.
    const both = () =>
      Promise.all([
        api.transactions(accountAddress, { cursor, chainId }),
        // With the first page, the onramp purchases (never cached: their status moves); their failure costs only the label.
        !cursor && $options.get()?.features.onramp !== false
          ? api.transactions(accountAddress, { chainId, onramp: 'coinbase' }).catch((error: unknown) => {
              console.warn('[appkit] The onramp purchases could not be fetched:', error)
              return undefined
            })
          : Promise.resolve(undefined)
      ])
    const [page, purchases] = await (cursor ? both() : whileLoading(both))
    if (mine !== generation) return
    if (purchases) $transactions.setKey('coinbaseTransactions', visibleTransactions(purchases.data, chainId))
    const shown = visibleTransactions(page.data, chainId).map(entry => withSafeImages(entry, api.trustedOrigins))
    const transactions = [...$transactions.get().transactions, ...shown]
    $transactions.set({
      ...$transactions.get(),
      transactions,
      loading: false,
      empty: transactions.length === 0,
      next: page.next ?? undefined
    })
    void lookUpNames(shown, accountAddress, chainId, mine)
  } catch (error) {
    if (mine !== generation) return
    console.warn('[appkit] The transactions could not be fetched:', error)
    // A later page that fails keeps the rows already shown (docs/behaviour.md section 10); the first
    // page's failure leaves the list empty, as the spec says.
    const kept = cursor ? $transactions.get().transactions : []
    $transactions.set({
      ...$transactions.get(),
      transactions: kept,
      loading: false,
      empty: kept.length === 0,
      next: undefined
    })
    showError(TRANSACTIONS_FETCH_FAILED)
    emitKitEvent('ERROR_FETCH_TRANSACTIONS', {
      address: accountAddress,
      projectId: $options.get()?.projectId,
      cursor,
      isSmartAccount: $account.get().preferredAccountType === 'smartAccount'
    })
  }
}

/**
 * The registry's names of the page's counterparties (reverse lookup, name cache 5 min); a failed
 * lookup shows the address.
 */
async function lookUpNames(
  shown: readonly Transaction[],
  account: string,
  chainId: string | undefined,
  mine: number
): Promise<void> {
  // The name registry holds EVM addresses only.
  if (!chainId?.startsWith('eip155:')) return
  const known = $transactions.get().names
  const addresses = [...new Set(shown.map(entry => counterpartyOf(entry, account).toLowerCase()))].filter(
    address => address !== account.toLowerCase() && !(address in known)
  )
  const found = await Promise.all(
    addresses.map(async address => {
      const name = await nameOfAddress(address, chainId).catch(() => null)
      return name ? ([address, name] as const) : undefined
    })
  )
  const names = Object.fromEntries(found.filter(entry => entry !== undefined))
  if (mine !== generation || Object.keys(names).length === 0) return
  $transactions.setKey('names', { ...$transactions.get().names, ...names })
}

/**
 * The Activity tab shows: a new account or network starts the list over and fetches its first
 * page; the same one keeps what it has.
 */
export function showActivity(): Promise<void> {
  const { caipAddress } = $account.get()
  const parts = safeParseCaip10(caipAddress)
  const chainId = $network.get().activeNetwork?.caipNetworkId
  const state = $transactions.get()
  if (state.caipAddress === caipAddress && state.lastNetworkInView === chainId) return Promise.resolve()
  resetTransactions()
  $transactions.set({ ...initialTransactions, caipAddress, lastNetworkInView: chainId })
  return parts ? fetchTransactions(parts.address) : Promise.resolve()
}

/**
 * Reads the account's onramp purchases again (after a checkout: their status moves from pending to
 * confirmed or failed), without touching the rest of the list. Resolves whether one is still pending.
 */
export async function refreshPurchases(): Promise<boolean> {
  const { caipAddress } = $account.get()
  const parts = safeParseCaip10(caipAddress)
  const api = historyApi()
  if (!parts || !api) return false
  const chainId = $network.get().activeNetwork?.caipNetworkId
  const mine = generation
  try {
    const purchases = await api.transactions(parts.address, { chainId, onramp: 'coinbase' })
    if (mine !== generation || $account.get().caipAddress !== caipAddress) return false
    const visible = visibleTransactions(purchases.data, chainId)
    $transactions.setKey('coinbaseTransactions', visible)
    return visible.some(purchase => purchase.metadata.status === 'pending')
  } catch (error) {
    console.warn('[appkit] The onramp purchases could not be read again:', error)
    return true
  }
}

/** The next page, when there is one and none is on its way (infinite scroll). */
export function fetchMoreTransactions(): Promise<void> {
  const state = $transactions.get()
  const parts = safeParseCaip10(state.caipAddress)
  if (!parts || !state.next || state.loading) return Promise.resolve()
  return fetchTransactions(parts.address)
}

/** Clears the list, the cursor and the names; an answer on its way is dropped. */
export function resetTransactions(): void {
  generation++
  $transactions.set(initialTransactions)
}
