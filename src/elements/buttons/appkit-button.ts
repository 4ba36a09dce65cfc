import { LitElement, css, html } from 'lit'
import { property } from 'lit/decorators.js'
import { $account } from '../../stores/account.js'
import { defineElement } from '../shared/define.js'
import { StoreController } from '../shared/store-controller.js'
import './appkit-account-button.js'
import './appkit-connect-button.js'

/**
 * The one button a page needs: connect while disconnected (opens Connect), the account once
 * connected (opens Account).
 * @tagname appkit-button
 */
export class AppKitButton extends LitElement {
  static override styles = css`
    :host {
      display: inline-block;
    }
  `

  /** The connect button's text; unset, 'Connect Wallet' in the active locale. */
  @property() label?: string

  /** The connect button's text while the modal is open; unset, 'Connecting...' in the active locale. */
  @property({ attribute: 'loading-label' }) loadingLabel?: string

  /** Whether the account's balance shows once connected. */
  @property() balance: 'show' | 'hide' = 'show'

  /** The button's size. */
  @property({ reflect: true }) size: 'md' | 'sm' = 'md'

  private readonly account = new StoreController(this, $account)

  override render() {
    return this.account.value.address
      ? html`<appkit-account-button .balance=${this.balance} .size=${this.size}></appkit-account-button>`
      : html`<appkit-connect-button
          .label=${this.label}
          .loadingLabel=${this.loadingLabel}
          .size=${this.size}
        ></appkit-connect-button>`
  }
}

defineElement('appkit-button', AppKitButton)

declare global {
  interface HTMLElementTagNameMap {
    'appkit-button': AppKitButton
  }
}
