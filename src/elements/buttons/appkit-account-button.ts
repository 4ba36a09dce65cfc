import { LitElement, html, nothing } from 'lit'
import { property } from 'lit/decorators.js'
import { $account } from '../../stores/account.js'
import { openModal } from '../../stores/modal.js'
import { resetStyles, themeTokens } from '../../theme/tokens.js'
import { truncateAddress, truncateDecimals } from '../../utils/format.js'
import { defineElement } from '../shared/define.js'
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

  constructor() {
    super()
    new ThemeController(this)
  }

  override render() {
    const { address, profileName, balance, balanceSymbol } = this.account.value
    if (!address) {
      return html`<button part="button" type="button" data-testid="account-button" aria-haspopup="dialog" @click=${() => openModal()}>
        <span class="muted">Not connected</span>
      </button>`
    }
    return html`<button part="button" type="button" data-testid="account-button" aria-haspopup="dialog" @click=${() => openModal({ view: 'Account' })}>
      ${this.balance === 'show' && balance !== undefined
        ? html`<span part="balance" class="muted" data-testid="account-button-balance"
            >${truncateDecimals(balance)} ${balanceSymbol ?? ''}</span
          >`
        : nothing}
      <span data-testid="account-button-address">${profileName ?? truncateAddress(address)}</span>
    </button>`
  }
}

defineElement('appkit-account-button', AppKitAccountButton)

declare global {
  interface HTMLElementTagNameMap {
    'appkit-account-button': AppKitAccountButton
  }
}
