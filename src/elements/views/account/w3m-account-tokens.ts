import { LitElement, css, html, nothing } from 'lit'
import { msg } from '../../../i18n/msg.js'
import type { TokenBalance } from '../../../api/schemas/balance.js'
import { $account } from '../../../stores/account.js'
import { $locale } from '../../../stores/locale.js'
import { $tokenBalances, refreshTokenBalances } from '../../../stores/account/token-balances.js'
import { resetStyles } from '../../../theme/tokens.js'
import { formatAmount } from '../../../utils/format.js'
import { formatCurrency } from '../../../utils/intl-format.js'
import { listStyles, tabPanelStyles } from '../../shared/list-styles.js'
import { defineElement } from '../../shared/define.js'
import { SKELETON_LINE, skeletonStyles } from '../../shared/skeleton-styles.js'
import { StoreController } from '../../shared/store-controller.js'
import '../../ui/wui-wallet-image.js'

/** Skeleton rows while the list loads. */
export const TOKEN_SKELETON_ROWS = 3

/**
 * The Account view's Tokens list: each token the account holds on its network with its icon (a
 * placeholder when there is none or it may not load), name, amount cut to 3 decimals with the
 * symbol, and its USD value, in the active locale. Loads when it shows and again when the
 * account or network changes (30 s cache); loading, empty and unavailable states.
 * @tagname w3m-account-tokens
 * @csspart token - One token's row.
 */
export class W3mAccountTokens extends LitElement {
  static override styles = [
    resetStyles,
    listStyles,
    tabPanelStyles,
    skeletonStyles,
    css`
      li {
        display: grid;
        grid-template-columns: auto 1fr auto;
        align-items: center;
        gap: var(--w3m-spacing-s);
      }
      wui-wallet-image {
        --wui-wallet-image-size: var(--w3m-icon-size-xl);
      }
      .image {
        width: var(--w3m-icon-size-xl);
        height: var(--w3m-icon-size-xl);
      }
      .amount {
        display: flex;
        min-width: 0;
        flex-direction: column;
        align-items: flex-end;
      }
      .amount .skeleton.line {
        --w3m-skeleton-width: 72px;
      }
      .amount .skeleton.line.short {
        --w3m-skeleton-width: 48px;
      }
      .value {
        color: var(--w3m-color-fg-muted);
        font-size: var(--w3m-text-small);
      }
    `
  ]

  private readonly tokens = new StoreController(this, $tokenBalances)
  private readonly account = new StoreController(this, $account)
  protected readonly locale = new StoreController(this, $locale)

  protected override updated(): void {
    // Shown, or the account or its network changed: the list follows (the store caches 30 s).
    const { caipAddress } = this.account.value
    if (caipAddress && caipAddress !== this.tokens.value.caipAddress) void refreshTokenBalances()
  }

  override render() {
    const { status, balances } = this.tokens.value
    const busy = status === 'loading' || status === 'idle'
    return html`<section
      aria-label=${msg('Tokens', { id: 'tokens.heading' })}
      aria-busy=${busy ? 'true' : 'false'}
      data-testid="account-tokens"
    >
      ${this.renderBody(status, balances)}
    </section>`
  }

  private renderBody(status: string, balances: readonly TokenBalance[]) {
    if (status === 'loading' || status === 'idle')
      return html`<p class="visually-hidden" data-testid="tokens-loading">
          ${msg('Loading tokens…', { id: 'tokens.loading' })}
        </p>
        ${this.renderSkeleton()}`
    if (status === 'unavailable')
      return html`<p data-testid="tokens-unavailable">
        ${msg('Token balances are unavailable right now.', { id: 'tokens.unavailable' })}
      </p>`
    if (balances.length === 0)
      return html`<p data-testid="tokens-empty">${msg('No tokens on this network yet.', { id: 'tokens.empty' })}</p>`
    return html`<ul data-testid="tokens-list">
      ${balances.map(token => this.renderToken(token))}
    </ul>`
  }

  /** Rows shaped like token rows (image, name, amount and value), as tall as they are. */
  private renderSkeleton() {
    return html`<ul aria-hidden="true" data-testid="tokens-skeleton">
      ${Array.from(
        { length: TOKEN_SKELETON_ROWS },
        () =>
          html`<li>
            <span class="skeleton round image"></span>
            <span class="skeleton line">${SKELETON_LINE}</span>
            <span class="amount">
              <span class="skeleton line">${SKELETON_LINE}</span>
              <span class="skeleton line short value">${SKELETON_LINE}</span>
            </span>
          </li>`
      )}
    </ul>`
  }

  private renderToken(token: TokenBalance) {
    const { locale } = this.locale.value
    const amount = `${formatAmount(token.quantity.numeric, locale)} ${token.symbol}`
    return html`<li part="token" data-testid="token-${token.symbol}">
      <wui-wallet-image .src=${token.iconUrl || undefined} .name=${token.symbol}></wui-wallet-image>
      <span>${token.name}</span>
      <span class="amount">
        <bdi dir="ltr" data-testid="token-amount">${amount}</bdi>
        ${
          token.value !== undefined
            ? html`<bdi dir="ltr" class="value" data-testid="token-value"
                >${formatCurrency(token.value, 'USD', locale)}</bdi
              >`
            : nothing
        }
      </span>
    </li>`
  }
}

defineElement('w3m-account-tokens', W3mAccountTokens)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-account-tokens': W3mAccountTokens
  }
}
