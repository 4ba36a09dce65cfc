import { computed, map } from 'nanostores'
import {
  getCatalogClient,
  toCatalogItem,
  toCatalogWallet,
  type CatalogClient,
  type CatalogWallet
} from '../../api/catalog-client.js'
import type { GetWalletsResponse } from '../../api/schemas/catalog.js'
import type { GetWalletsOptions } from '../../api/wallet-catalog-api.js'
import {
  RECENT_WALLETS_KEPT,
  WALLETS_FEATURED_DEFAULT,
  WALLETS_MORE_PER_PAGE,
  WALLETS_RECOMMENDED_PER_PAGE,
  WALLETS_SEARCH_ENTRIES,
  WALLETS_SEARCH_MIN_WAIT_MS
} from '../../config/constants.js'
import { addRecentWallet as storeRecentWallet, getRecentWallets } from '../../storage/recent-wallets.js'
import { $options } from '../options.js'
import { allowed, catalogKey, messageOf, catalogOptions as options } from './wallets-options.js'

export type { CatalogWallet } from '../../api/catalog-client.js'

/** The action whose failure the error describes (what a retry runs again). */
export type WalletsAction = 'featured' | 'recommended' | 'page' | 'search'

export interface WalletsError {
  readonly action: WalletsAction
  readonly message: string
}

export interface WalletsState {
  /** The app's featuredWalletIds (up to 4 by default), in the app's order. */
  readonly featured: readonly CatalogWallet[]
  /** The catalog's first 4 wallets (featured ones left out). */
  readonly recommended: readonly CatalogWallet[]
  /** Every page loaded so far, 40 a page, in catalog order. */
  readonly wallets: readonly CatalogWallet[]
  /** How many wallets the paged list has in all pages (the catalog's `count`). */
  readonly count: number
  /** The last page loaded; 0 before the first. */
  readonly page: number
  /** Recently used wallets, newest first, 2 kept. */
  readonly recent: readonly CatalogWallet[]
  /** The search the results belong to; '' when not searching. */
  readonly searchQuery: string
  readonly searchResults: readonly CatalogWallet[]
  /** A featured, recommended or page request is under way. */
  readonly loading: boolean
  /** The latest search has not answered yet. */
  readonly searching: boolean
  readonly error: WalletsError | undefined
}

const initialWallets: WalletsState = {
  featured: [],
  recommended: [],
  wallets: [],
  count: 0,
  page: 0,
  recent: [],
  searchQuery: '',
  searchResults: [],
  loading: false,
  searching: false,
  error: undefined
}

export const $wallets = map<WalletsState>(initialWallets)

type ListAction = Exclude<WalletsAction, 'search'>

/** What belongs to one catalog configuration; a reset or new options start a fresh session. */
interface Session {
  key: string | undefined
  readonly controller: AbortController
  readonly done: Set<ListAction>
  readonly inflight: Map<ListAction, Promise<void>>
  searchId: number
  searchController: AbortController | undefined
}

function newSession(): Session {
  return {
    key: undefined,
    controller: new AbortController(),
    done: new Set(),
    inflight: new Map(),
    searchId: 0,
    searchController: undefined
  }
}

let session = newSession()

function withoutErrorOf(action: WalletsAction): WalletsError | undefined {
  const error = $wallets.get().error
  return error?.action === action ? undefined : error
}

/** What every list request carries: the app's include and exclude ids, and the session's abort signal. */
type ListRequestBase = Pick<GetWalletsOptions, 'include' | 'exclude' | 'signal'>

/**
 * Runs one list request: at most one of each kind at a time, the answer committed in one store write
 * (never a half-set list), a failure kept as `error`, and nothing written once a reset has happened.
 */
function runList(
  action: ListAction,
  request: (client: CatalogClient, base: ListRequestBase) => Promise<GetWalletsResponse>,
  commit: (response: GetWalletsResponse, client: CatalogClient) => Partial<WalletsState>
): Promise<void> {
  const own = session
  const running = own.inflight.get(action)
  if (running) return running
  const { include, exclude, client: config } = options()
  const setLoading = () => $wallets.setKey('loading', own.inflight.size > 0)
  const task = (async () => {
    $wallets.set({ ...$wallets.get(), loading: true, error: withoutErrorOf(action) })
    try {
      const client = getCatalogClient(config)
      const response = await request(client, { include, exclude, signal: own.controller.signal })
      if (own !== session) return
      own.done.add(action)
      $wallets.set({ ...$wallets.get(), ...commit(response, client) })
    } catch (error) {
      if (own !== session) return
      $wallets.setKey('error', { action, message: messageOf(error) })
    } finally {
      own.inflight.delete(action)
      if (own === session) setLoading()
    }
  })()
  own.inflight.set(action, task)
  return task
}

/** The app's featuredWalletIds (the first `limit`, 4 by default), fetched by id, in the app's order. */
export function fetchFeatured(limit: number = WALLETS_FEATURED_DEFAULT): Promise<void> {
  const { include, exclude, featured } = options()
  const ids = featured.filter(id => allowed(id, include, exclude)).slice(0, limit)
  if (ids.length === 0) {
    session.done.add('featured')
    $wallets.setKey('featured', [])
    return Promise.resolve()
  }
  return runList(
    'featured',
    (client, base) => client.getWallets({ ...base, page: 1, entries: ids.length, include: ids }),
    (response, client) => ({
      featured: response.data
        .filter(item => ids.includes(item.id))
        .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))
        .map(item => toCatalogWallet(item, client))
    })
  )
}

/** The catalog's first 4 wallets with the app's include and exclude ids; featured ones are left out. */
export function fetchRecommended(): Promise<void> {
  const { featured } = options()
  return runList(
    'recommended',
    (client, base) =>
      client.getWallets({
        ...base,
        page: 1,
        entries: WALLETS_RECOMMENDED_PER_PAGE,
        exclude: [...(base.exclude ?? []), ...featured.filter(id => !base.exclude?.includes(id))]
      }),
    (response, client) => ({ recommended: response.data.map(item => toCatalogWallet(item, client)) })
  )
}

/** Whether the paged list has pages left to load. */
export function hasMoreWallets(state: WalletsState = $wallets.get()): boolean {
  return state.page === 0 || state.page * WALLETS_MORE_PER_PAGE < state.count
}

/** Loads the next page of 40 (infinite scroll); does nothing once `count` is reached. */
export function fetchNextPage(): Promise<void> {
  if (!hasMoreWallets()) return Promise.resolve()
  const page = $wallets.get().page + 1
  return runList(
    'page',
    (client, base) => client.getWallets({ ...base, page, entries: WALLETS_MORE_PER_PAGE }),
    (response, client) => {
      const wallets = [...$wallets.get().wallets, ...response.data.map(item => toCatalogWallet(item, client))]
      // An empty page ends the list even when the count promised more.
      return { wallets, page, count: response.data.length === 0 ? wallets.length : response.count }
    }
  )
}

/**
 * What the AllWallets view calls when it shows: featured, recommended and the first page, each
 * loaded once. New catalog options (apiUrl, include, exclude, featured ids) start the lists afresh.
 */
export function loadWallets(): Promise<void> {
  loadRecentFromStorage()
  const key = catalogKey()
  if (session.key !== key) {
    if (session.key !== undefined) startOver({ keepRecent: true })
    session.key = key
  }
  const tasks: Promise<void>[] = []
  if (!session.done.has('featured')) tasks.push(fetchFeatured())
  if (!session.done.has('recommended')) tasks.push(fetchRecommended())
  if ($wallets.get().page === 0) tasks.push(fetchNextPage())
  return Promise.all(tasks).then(() => undefined)
}

/** Runs the failed action again: the search, or whatever of the lists has not loaded. */
export function retryWallets(): Promise<void> {
  const { error, searchQuery, page } = $wallets.get()
  if (error?.action === 'search') return searchWallets(searchQuery)
  const tasks = [loadWallets()]
  if (error?.action === 'page' && page > 0) tasks.push(fetchNextPage())
  return Promise.all(tasks).then(() => undefined)
}

function wait(ms: number): Promise<void> {
  return new Promise(resolve => setTimeout(resolve, ms))
}

/**
 * Searches the catalog (up to 100 entries) with the app's include and exclude ids. It answers no
 * sooner than 300 ms after the call (docs/behaviour.md section 9), and only the latest query wins: a query
 * replaced within its 300 ms is never sent, and a late answer to an older one is dropped. That wait
 * is also the search box's debounce. An empty query ends the search at once.
 */
export async function searchWallets(query: string): Promise<void> {
  const own = session
  const id = ++own.searchId
  own.searchController?.abort()
  own.searchController = undefined
  const search = query.trim()
  const state = $wallets.get()
  if (!search) {
    $wallets.set({ ...state, searchQuery: '', searchResults: [], searching: false, error: withoutErrorOf('search') })
    return
  }
  $wallets.set({ ...state, searchQuery: search, searching: true, error: withoutErrorOf('search') })
  await wait(WALLETS_SEARCH_MIN_WAIT_MS)
  const current = () => own === session && id === own.searchId
  if (!current()) return
  const controller = new AbortController()
  own.searchController = controller
  const { include, exclude, client: config } = options()
  try {
    const client = getCatalogClient(config)
    const response = await client.getWallets({
      page: 1,
      entries: WALLETS_SEARCH_ENTRIES,
      search,
      include,
      exclude,
      signal: controller.signal
    })
    if (!current()) return
    const searchResults = response.data.map(item => toCatalogWallet(item, client))
    $wallets.set({ ...$wallets.get(), searchResults, searching: false })
  } catch (error) {
    if (!current()) return
    $wallets.set({
      ...$wallets.get(),
      searchResults: [],
      searching: false,
      error: { action: 'search', message: messageOf(error) }
    })
  }
}

/** Ends the search (the view leaves, the box is cleared). */
export function clearWalletSearch(): void {
  void searchWallets('')
}

/** Records a wallet the visitor used: first in the recent list, 2 kept, and in storage. */
export function addRecentWallet(wallet: CatalogWallet): void {
  const recent = [wallet, ...$wallets.get().recent.filter(w => w.id !== wallet.id)]
  $wallets.setKey('recent', recent.slice(0, RECENT_WALLETS_KEPT))
  storeRecentWallet(toCatalogItem(wallet))
}

/** Seeds the recent wallets from storage (the connection store records each wallet used there). */
function loadRecentFromStorage(): void {
  if ($wallets.get().recent.length > 0) return
  const stored = getRecentWallets()
  if (stored.length === 0) return
  try {
    const client = getCatalogClient(options().client)
    setRecentWallets(stored.map(item => toCatalogWallet(item, client)))
  } catch {
    // No catalog configured: the list shows no recent section, as it shows no catalog.
  }
}

/** Replaces the recent wallets (newest first), for example from storage on start; 2 kept. */
export function setRecentWallets(wallets: readonly CatalogWallet[]): void {
  const unique = wallets.filter((w, index) => wallets.findIndex(other => other.id === w.id) === index)
  $wallets.setKey('recent', unique.slice(0, RECENT_WALLETS_KEPT))
}

function startOver({ keepRecent }: { keepRecent: boolean }): void {
  session.controller.abort()
  session.searchController?.abort()
  session = newSession()
  $wallets.set({ ...initialWallets, recent: keepRecent ? $wallets.get().recent : [] })
}

export function resetWallets(): void {
  startOver({ keepRecent: false })
}

/** What the AllWallets view lists: search results, or recent, featured, recommended and the rest, each wallet once. */
export interface WalletList {
  readonly mode: 'all' | 'search'
  readonly wallets: readonly CatalogWallet[]
}

function unique(lists: readonly (readonly CatalogWallet[])[], keep: (id: string) => boolean): CatalogWallet[] {
  const seen = new Set<string>()
  const out: CatalogWallet[] = []
  for (const list of lists)
    for (const wallet of list) {
      if (seen.has(wallet.id) || !keep(wallet.id)) continue
      seen.add(wallet.id)
      out.push(wallet)
    }
  return out
}

let memo: { inputs: readonly unknown[]; wallets: readonly CatalogWallet[] } | undefined

/** Recent, featured, recommended, then every loaded page: each wallet once, the app's include and exclude applied. */
export const $allWallets = computed([$wallets, $options], (state, app): readonly CatalogWallet[] => {
  const inputs = [
    state.recent,
    state.featured,
    state.recommended,
    state.wallets,
    app?.includeWalletIds,
    app?.excludeWalletIds
  ]
  if (memo?.inputs.every((input, i) => input === inputs[i])) return memo.wallets
  const include = app?.includeWalletIds ?? []
  const exclude = app?.excludeWalletIds ?? []
  const wallets = unique([state.recent, state.featured, state.recommended, state.wallets], id =>
    allowed(id, include, exclude)
  )
  memo = { inputs, wallets }
  return wallets
})

/** What the AllWallets view lists now: the search results while searching, else $allWallets. */
export const $walletList = computed([$wallets, $allWallets], (state, all): WalletList =>
  state.searchQuery !== ''
    ? { mode: 'search', wallets: unique([state.searchResults], () => true) }
    : { mode: 'all', wallets: all }
)
