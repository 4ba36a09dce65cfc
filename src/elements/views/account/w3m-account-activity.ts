import { LitElement, css, html } from 'lit'
import { msg } from '../../../i18n/msg.js'
import { $account } from '../../../stores/account.js'
import { $locale } from '../../../stores/locale.js'
import { $network } from '../../../stores/network.js'
import {
  $transactions,
  $transactionsByYear,
  fetchMoreTransactions,
  openPurchases,
  showActivity
} from '../../../stores/account/transactions.js'
import { resetStyles } from '../../../theme/tokens.js'
import type { TransactionYear } from '../../../utils/transactions.js'
import { listStyles, sectionHeadingStyles, tabPanelStyles } from '../../shared/list-styles.js'
import { defineElement } from '../../shared/define.js'
import { StoreController } from '../../shared/store-controller.js'
import { SKELETON_LINE, skeletonStyles } from '../../shared/skeleton-styles.js'
import { activityRowStyles, renderActivityRow, renderActivitySkeletonRow } from './activity-row.js'

/** Skeleton rows while the first page loads. */
export const ACTIVITY_SKELETON_ROWS = 3

/**
 * The Account view's Activity list: the account's transactions on its network, newest first,
 * grouped by year and month (headings in the active locale), each with what happened, with whom,
 * the amounts, an NFT's preview, the status and how long ago, linked to the block explorer when
 * the network has one. Scrolling to the end asks the next page; loading, empty and failed states.
 * A new account or network starts the list over.
 * @tagname w3m-account-activity
 * @csspart row - One transaction's row.
 */
export class W3mAccountActivity extends LitElement {
  static override styles = [
    resetStyles,
    listStyles,
    tabPanelStyles,
    sectionHeadingStyles,
    activityRowStyles,
    skeletonStyles,
    css`
      h4 {
        margin: var(--w3m-spacing-s) 0 var(--w3m-spacing-2xs);
        color: var(--w3m-color-fg-muted);
        font-size: var(--w3m-text-small);
        font-weight: var(--w3m-weight-bold);
      }
      .more {
        min-height: 1px;
        padding-top: var(--w3m-spacing-s);
      }
    `
  ]

  private readonly transactions = new StoreController(this, $transactions)
  private readonly groups = new StoreController(this, $transactionsByYear)
  private readonly account = new StoreController(this, $account)
  private readonly network = new StoreController(this, $network)
  protected readonly locale = new StoreController(this, $locale)
  private observer: IntersectionObserver | undefined
  private observed: Element | undefined

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.observer?.disconnect()
    this.observer = undefined
    this.observed = undefined
  }

  protected override updated(): void {
    // Shown, or the account or its network changed: the list starts over (docs/behaviour.md section 4).
    const { caipAddress } = this.account.value
    const { caipAddress: listed, lastNetworkInView } = this.transactions.value
    if (caipAddress !== listed || this.network.value.activeNetwork?.caipNetworkId !== lastNetworkInView)
      void showActivity()
    this.watchEnd()
  }

  /**
   * Infinite scroll: the end of the list asks the next page when it scrolls into view. Observed
   * anew after each page, so a page that left the end in view asks the one after it.
   */
  private watchEnd(): void {
    const end = this.renderRoot.querySelector('[data-testid=activity-more]')
    const { loading } = this.transactions.value
    if (!end || loading) {
      if (this.observed) this.observer?.unobserve(this.observed)
      this.observed = undefined
      return
    }
    if (end === this.observed) return
    this.observer ??= new IntersectionObserver(entries => {
      if (entries.some(entry => entry.isIntersecting)) {
        if (this.observed) this.observer?.unobserve(this.observed)
        this.observed = undefined
        void fetchMoreTransactions()
      }
    })
    if (this.observed) this.observer.unobserve(this.observed)
    this.observed = end
    this.observer.observe(end)
  }

  override render() {
    const { loading, empty, transactions, next } = this.transactions.value
    const busy = loading && transactions.length === 0
    return html`<section
      aria-label=${msg('Activity', { id: 'activity.tab' })}
      aria-busy=${loading ? 'true' : 'false'}
      data-testid="account-activity"
    >
      ${
        busy
          ? html`<p class="visually-hidden" data-testid="activity-loading">
                ${msg('Loading activity…', { id: 'activity.loading' })}
              </p>
              ${this.renderSkeleton()}`
          : empty && openPurchases(this.transactions.value).length === 0
            ? html`<p data-testid="activity-empty">
                ${msg('No activity on this network yet.', { id: 'activity.empty' })}
              </p>`
            : this.groups.value.map(year => this.renderYear(year))
      }
      ${
        next && transactions.length > 0
          ? html`<p class="more" data-testid="activity-more">
              ${loading ? msg('Loading more…', { id: 'activity.loadingMore' }) : ''}
            </p>`
          : ''
      }
    </section>`
  }

  /** A year, a month and rows shaped like the list's, as tall as a month of that many transactions. */
  private renderSkeleton() {
    return html`<div aria-hidden="true" data-testid="activity-skeleton">
      <h3><span class="skeleton line short">${SKELETON_LINE}</span></h3>
      <h4><span class="skeleton line short">${SKELETON_LINE}</span></h4>
      <ul>
        ${Array.from({ length: ACTIVITY_SKELETON_ROWS }, () => renderActivitySkeletonRow())}
      </ul>
    </div>`
  }

  private renderYear(year: TransactionYear) {
    const { locale } = this.locale.value
    const monthName = new Intl.DateTimeFormat(locale, { month: 'long' })
    const { names, coinbaseTransactions } = this.transactions.value
    const purchases = new Map(coinbaseTransactions.map(purchase => [purchase.id, purchase]))
    const account = this.account.value.address ?? ''
    const network = this.network.value.activeNetwork
    const now = new Date()
    return html`<h3 data-testid="activity-year">
        ${new Intl.NumberFormat(locale, { useGrouping: false }).format(year.year)}
      </h3>
      ${year.months.map(
        month =>
          html`<h4 data-testid="activity-month">${monthName.format(new Date(year.year, month.month, 15))}</h4>
            <ul>
              ${month.transactions.map(transaction =>
                renderActivityRow(transaction, {
                  account,
                  names,
                  network,
                  locale,
                  now,
                  purchase: purchases.get(transaction.id)
                })
              )}
            </ul>`
      )}`
  }
}

defineElement('w3m-account-activity', W3mAccountActivity)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-account-activity': W3mAccountActivity
  }
}
