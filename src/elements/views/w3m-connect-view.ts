import { LitElement, css, html, nothing } from 'lit'
import { DEFAULT_FEATURES, type Features } from '../../config/options.js'
import { pushView } from '../../stores/router.js'
import { $options } from '../../stores/options.js'
import { resetStyles } from '../../theme/tokens.js'
import { defineElement } from '../shared/define.js'
import { StoreController } from '../shared/store-controller.js'
import '../ui/wui-list-item.js'

type ConnectMethod = 'email' | 'social' | 'wallet'

/**
 * The Connect view: the connect methods in the configured order (default email, social, wallet).
 * E-mail and social login are placeholders until their issues fill them.
 * @tagname w3m-connect-view
 * @csspart method - One connect method's section.
 */
export class W3mConnectView extends LitElement {
  static override styles = [
    resetStyles,
    css`
      :host {
        display: flex;
        flex-direction: column;
        gap: var(--w3m-spacing-m);
        padding: var(--w3m-spacing-l);
      }
      section {
        display: flex;
        flex-direction: column;
        gap: var(--w3m-spacing-s);
      }
      h3 {
        margin: 0;
        font-size: var(--w3m-text-small);
        font-weight: 600;
        color: var(--w3m-color-fg-muted);
      }
    `
  ]

  private readonly options = new StoreController(this, $options)

  override render() {
    const features = this.options.value?.features ?? DEFAULT_FEATURES
    return features.connectMethodsOrder.map(method => this.renderMethod(method, features))
  }

  private renderMethod(method: ConnectMethod, features: Features) {
    switch (method) {
      case 'email':
        return features.email
          ? html`<section part="method" data-testid="connect-method-email">
              <h3>Email</h3>
              <wui-list-item disabled>Continue with email (coming soon)</wui-list-item>
            </section>`
          : nothing
      case 'social':
        return features.socials && features.socials.length > 0
          ? html`<section part="method" data-testid="connect-method-social">
              <h3>Social login</h3>
              <wui-list-item disabled>Continue with ${features.socials.join(', ')} (coming soon)</wui-list-item>
            </section>`
          : nothing
      case 'wallet':
        return html`<section part="method" data-testid="connect-method-wallet">
          <h3>Wallets</h3>
          ${features.allWallets
            ? html`<wui-list-item data-testid="all-wallets-button" @click=${() => pushView('AllWallets')}
                >All Wallets</wui-list-item
              >`
            : nothing}
        </section>`
    }
  }
}

defineElement('w3m-connect-view', W3mConnectView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-connect-view': W3mConnectView
  }
}
