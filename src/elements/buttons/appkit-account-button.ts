import { LitElement, html, nothing } from 'lit'
import { property } from 'lit/decorators.js'
import { msg } from '../../i18n/msg.js'
import { $account } from '../../stores/account.js'
import { $locale } from '../../stores/locale.js'
import { openModal } from '../../stores/modal.js'
import { resetStyles, themeTokens } from '../../theme/tokens.js'
import { formatAmount, truncateAddress } from '../../utils/format.js'
import { defineElement } from '../shared/define.js'
import { prefetchOnIntent } from '../shared/prefetch-view.js'
import { StoreController } from '../shared/store-controller.js'
import { ThemeController } from '../shared/theme-controller.js'
import { hostButtonStyles } from './button-styles.js'

/**
 * A host-page button for the connected account: its name or truncated address and its balance
 * (truncated to 3 decimals). It opens the Account view; disconnected, it says so and opens Connect.
 * @tagname appkit-account-button
 * @csspart button - The button.
 * @csspart balance - The balance text.
 */
export class AppKitAccountButton extends LitElement {
  static override styles = [themeTokens, resetStyles, hostButtonStyles]

  /** Whether the balance shows. */
  @property() balance: 'show' | 'hide' = 'show'

  /** The button's size. */
  @property({ reflect: true }) size: 'md' | 'sm' = 'md'

  private readonly account = new StoreController(this, $account)
  private readonly locale = new StoreController(this, $locale)

  constructor() {
    super()
    new ThemeController(this)
    prefetchOnIntent(this)
  }

  override render() {
    const { address } = this.account.value
    const { locale, direction } = this.locale.value
    return html`<button
      part="button"
      type="button"
      data-testid="account-button"
      aria-haspopup="dialog"
      lang=${locale}
      dir=${direction}
      @click=${() => openModal(address ? { view: 'Account' } : {})}
    >
      ${address ? this.renderAccount(address, locale) : html`<span class="muted">${msg('Not connected', { id: 'button.notConnected' })}</span>`}
    </button>`
  }

  /** The balance and the name or address, left to right in every language. */
  private renderAccount(address: string, locale: string) {
    const { profileName, balance, balanceSymbol } = this.account.value
    return html`${
        this.balance === 'show' && balance !== undefined
          ? html`<bdi part="balance" class="muted" dir="ltr" data-testid="account-button-balance"
              >${formatAmount(balance, locale)} ${balanceSymbol ?? ''}</bdi
            >`
          : nothing
      }
      <bdi data-testid="account-button-address" dir=${profileName ? 'auto' : 'ltr'}
        >${profileName ?? truncateAddress(address)}</bdi
      >`
  }
}

defineElement('appkit-account-button', AppKitAccountButton)

declare global {
  interface HTMLElementTagNameMap {
    'appkit-account-button': AppKitAccountButton
  }
}
