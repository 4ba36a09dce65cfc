import { LitElement, html, nothing, type PropertyValues } from 'lit'
import { state } from 'lit/decorators.js'
import { msg, str } from '../../../i18n/msg.js'
import { localizeText } from '../../../i18n/store-text.js'
import { $locale } from '../../../stores/locale.js'
import { chooseWallet } from '../../../stores/connect/connection.js'
import {
  $allWallets,
  $walletList,
  $wallets,
  clearWalletSearch,
  hasMoreWallets,
  fetchNextPage,
  loadWallets,
  retryWallets,
  searchWallets,
  type CatalogWallet,
  type WalletsError
} from '../../../stores/connect/wallets.js'
import { resetStyles } from '../../../theme/tokens.js'
import { defineElement } from '../../shared/define.js'
import { StoreController } from '../../shared/store-controller.js'
import '../../ui/wui-search-input.js'
import type { WuiSearchInput } from '../../ui/wui-search-input.js'
import '../../ui/wui-wallet-grid.js'
import type { WalletSelectEvent } from '../../ui/wui-wallet-grid.js'
import { allWalletsStyles } from './w3m-all-wallets-view.styles.js'

/** Placeholders while the first wallets load, and after the list while the next page loads. */
const FIRST_LOAD_SKELETONS = 12
const NEXT_PAGE_SKELETONS = 4
/** The next page is asked for when the end of the list comes this close. */
const PREFETCH_MARGIN = '0px 0px 320px 0px'

/**
 * The AllWallets view: the wallet catalog. A search box (its 300 ms rule lives in searchWallets),
 * then recent, featured, recommended and every other wallet, each once; the next 40 load as the
 * list scrolls near its end. Loading shows placeholders, an empty search says "No wallet found",
 * and a failure shows its message with a retry.
 * @tagname w3m-all-wallets-view
 * @csspart list - The scrolling list.
 * @cssprop [--w3m-all-wallets-max-height=min(456px, calc(100dvh - 200px))] - The list's height limit.
 */
export class W3mAllWalletsView extends LitElement {
  static override styles = [resetStyles, allWalletsStyles]

  private readonly wallets = new StoreController(this, $wallets)
  private readonly list = new StoreController(this, $walletList)
  private readonly allWallets = new StoreController(this, $allWallets)
  protected readonly locale = new StoreController(this, $locale)

  /** The search box's text (the store holds the search that runs). */
  @state() private query = ''

  private observer: IntersectionObserver | undefined
  private observed: Element | undefined
  /** The list length and loading flag when the sentinel was last observed. */
  private observedKey = ''

  override connectedCallback(): void {
    super.connectedCallback()
    this.query = $wallets.get().searchQuery
    void loadWallets()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.observer?.disconnect()
    this.observer = undefined
    this.observed = undefined
    if ($wallets.get().searchQuery) clearWalletSearch()
  }

  override render() {
    return html`<wui-search-input
        data-testid="wallet-search"
        label=${msg('Search wallets', { id: 'allWallets.searchLabel' })}
        placeholder=${msg('Search wallet', { id: 'allWallets.searchPlaceholder' })}
        .value=${this.query}
        @input=${this.onSearch}
      ></wui-search-input>
      <div class="list" part="list" data-testid="all-wallets-list">${this.renderBody()}</div>
      <p class="visually-hidden" role="status">${this.statusText()}</p>`
  }

  /**
   * Search results and the full list are two grids: while a search shows, the full list only hides,
   * so ending the search brings it back without rendering it again.
   */
  private renderBody() {
    const searching = this.wallets.value.searchQuery !== ''
    return html`${searching ? this.renderSearch() : nothing}
      <div class="all" ?hidden=${searching}>${this.renderAll()}</div>`
  }

  private renderSearch() {
    const { error, searching } = this.wallets.value
    const { mode, wallets } = this.list.value
    if (error?.action === 'search') return this.renderError(error)
    if (mode !== 'search' || (wallets.length === 0 && searching)) return this.renderSkeletons()
    if (wallets.length === 0) return this.renderEmpty()
    return this.renderGrid(wallets, 0, searching, msg('Search results', { id: 'allWallets.results' }))
  }

  private renderAll() {
    const state = this.wallets.value
    const wallets = this.allWallets.value
    const error = state.error?.action === 'search' ? undefined : state.error
    if (error && wallets.length === 0) return this.renderError(error)
    if (wallets.length === 0 && (state.loading || state.page === 0)) return this.renderSkeletons()
    if (wallets.length === 0) return this.renderEmpty()
    const more = hasMoreWallets(state)
    return html`${this.renderGrid(wallets, state.loading && more ? NEXT_PAGE_SKELETONS : 0, false, msg('Wallets', { id: 'allWallets.list' }))}
    ${error ? html`<div class="page-error">${this.renderError(error)}</div>` : nothing}
    ${more && !error ? html`<div class="sentinel" data-testid="wallets-sentinel"></div>` : nothing}`
  }

  private renderGrid(wallets: readonly CatalogWallet[], skeletons: number, busy: boolean, label: string) {
    return html`<wui-wallet-grid
      data-testid="wallet-grid"
      label=${label}
      .wallets=${wallets}
      .skeletons=${skeletons}
      aria-busy=${busy ? 'true' : 'false'}
      @wui-wallet-select=${this.onSelect}
    ></wui-wallet-grid>`
  }

  private renderEmpty() {
    const text = msg('No wallet found', { id: 'allWallets.empty' })
    return html`<p class="message" data-testid="wallets-empty">${text}</p>`
  }

  private renderSkeletons() {
    return html`<wui-wallet-grid
      data-testid="wallets-loading"
      label=${msg('Loading wallets', { id: 'allWallets.loading' })}
      .skeletons=${FIRST_LOAD_SKELETONS}
    ></wui-wallet-grid>`
  }

  private renderError(error: WalletsError) {
    const title =
      error.action === 'search'
        ? msg('Could not search wallets', { id: 'allWallets.searchFailed' })
        : msg('Could not load wallets', { id: 'allWallets.loadFailed' })
    return html`<div class="message" role="alert" data-testid="wallets-error">
      <p>${title}</p>
      <p class="detail">${localizeText(error.message)}</p>
      <button type="button" class="retry" data-testid="wallets-retry" @click=${() => void retryWallets()}>
        ${msg('Try again', { id: 'common.tryAgain' })}
      </button>
    </div>`
  }

  private statusText(): string {
    const { loading, searching, searchQuery, page } = this.wallets.value
    if (searching) return msg('Searching wallets', { id: 'allWallets.searching' })
    if (searchQuery) {
      const found = this.list.value.wallets.length
      if (found === 0) return msg('No wallet found', { id: 'allWallets.empty' })
      const count = new Intl.NumberFormat(this.locale.value.locale).format(found)
      return found === 1
        ? msg('1 wallet found', { id: 'allWallets.foundOne' })
        : msg(str`${count} wallets found`, { id: 'allWallets.foundMany' })
    }
    return loading && page === 0 ? msg('Loading wallets', { id: 'allWallets.loading' }) : ''
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed)
    this.watchSentinel()
  }

  /**
   * Infinite scroll: an IntersectionObserver on the sentinel after the list loads the next page. The
   * sentinel is observed afresh after every page (and when loading ends), so a list still too short
   * to fill the view loads on until it does.
   */
  private watchSentinel(): void {
    const sentinel = this.renderRoot.querySelector('.sentinel') ?? undefined
    const { wallets, loading } = $wallets.get()
    const key = `${wallets.length}:${loading}`
    if (sentinel === this.observed && key === this.observedKey) return
    this.observer ??= new IntersectionObserver(entries => this.onSentinel(entries), {
      root: this.renderRoot.querySelector('.list'),
      rootMargin: PREFETCH_MARGIN
    })
    if (this.observed) this.observer.unobserve(this.observed)
    this.observed = sentinel
    this.observedKey = key
    if (sentinel) this.observer.observe(sentinel)
  }

  private onSentinel(entries: readonly IntersectionObserverEntry[]): void {
    const { loading, error, searchQuery } = $wallets.get()
    if (!entries.some(entry => entry.isIntersecting) || loading || error || searchQuery) return
    void fetchNextPage()
  }

  private onSearch(event: Event): void {
    this.query = (event.currentTarget as WuiSearchInput).value
    void searchWallets(this.query)
  }

  /** docs/behaviour.md section 2: ConnectingExternal when a matching connector exists, else ConnectingWalletConnect. */
  private onSelect(event: WalletSelectEvent): void {
    // A wallet the kit can reach directly opens ConnectingExternal; any other, WalletConnect.
    chooseWallet(event.wallet)
  }
}

defineElement('w3m-all-wallets-view', W3mAllWalletsView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-all-wallets-view': W3mAllWalletsView
  }
}
