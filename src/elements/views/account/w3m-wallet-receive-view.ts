import { LitElement, css, html, nothing } from 'lit'
import { msg } from '../../../i18n/msg.js'
import { $account } from '../../../stores/account.js'
import { copyAddress } from '../../../stores/account/account-details.js'
import { $locale } from '../../../stores/locale.js'
import { $network } from '../../../stores/network.js'
import { resetStyles } from '../../../theme/tokens.js'
import { sectionHeadingStyles } from '../../shared/list-styles.js'
import { defineElement } from '../../shared/define.js'
import { StoreController } from '../../shared/store-controller.js'
import '../../ui/wui-qr-code.js'
import { connectionViewStyles } from '../connection-view.styles.js'

/**
 * The WalletReceive view: the connected address as a QR code (drawn with the kit's own encoder,
 * no remote service; a Bitcoin address as its BIP-21 URI, `bitcoin:<address>`), the address in full with Copy (a toast confirms), and the app's networks of
 * the address's namespace, the ones it receives on.
 * @tagname w3m-wallet-receive-view
 * @csspart code - The QR code of the address.
 * @csspart address - The address in full.
 * @csspart networks - The networks the address receives on.
 */
export class W3mWalletReceiveView extends LitElement {
  static override styles = [
    resetStyles,
    sectionHeadingStyles,
    connectionViewStyles,
    css`
      wui-qr-code {
        max-width: 100%;
      }
      .address {
        font-family: var(--w3m-font-mono, ui-monospace, monospace);
        font-size: var(--w3m-text-small);
        overflow-wrap: anywhere;
      }
      section {
        width: 100%;
        text-align: start;
      }
      ul {
        display: flex;
        flex-wrap: wrap;
        gap: var(--w3m-spacing-s);
        margin: 0;
        padding: 0;
        list-style: none;
      }
      li {
        padding: var(--w3m-spacing-3xs) var(--w3m-spacing-s);
        border: 1px solid var(--w3m-color-border);
        border-radius: var(--w3m-radius-full);
        font-size: var(--w3m-text-small);
      }
    `
  ]

  private readonly account = new StoreController(this, $account)
  private readonly network = new StoreController(this, $network)
  protected readonly locale = new StoreController(this, $locale)

  override render() {
    const { address, namespace } = this.account.value
    if (!address)
      return html`<p class="muted" data-testid="receive-disconnected">
        ${msg('No wallet connected', { id: 'account.disconnected' })}
      </p>`
    const networks = this.network.value.networks.filter(network => network.chainNamespace === namespace)
    return html`<wui-qr-code
        part="code"
        data-testid="receive-qr-code"
        .uri=${namespace === 'bip122' ? `bitcoin:${address}` : address}
        .size=${240}
        .label=${msg('QR code of your address', { id: 'receive.qrLabel' })}
      ></wui-qr-code>
      <p class="address" part="address" data-testid="receive-address"><bdi dir="ltr">${address}</bdi></p>
      <div class="actions">
        <button type="button" class="action" data-testid="receive-copy-button" @click=${() => void copyAddress()}>
          ${msg('Copy address', { id: 'account.copyAddress' })}
        </button>
      </div>
      ${
        networks.length > 0
          ? html`<section part="networks" aria-labelledby="receive-networks-heading">
              <h3 id="receive-networks-heading">${msg('Supported networks', { id: 'receive.networksHeading' })}</h3>
              <p class="muted">
                ${msg('Only send assets on these networks to this address.', { id: 'receive.networksNote' })}
              </p>
              <ul data-testid="receive-networks">
                ${networks.map(network => html`<li data-network=${network.caipNetworkId}>${network.name}</li>`)}
              </ul>
            </section>`
          : nothing
      }`
  }
}

defineElement('w3m-wallet-receive-view', W3mWalletReceiveView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-wallet-receive-view': W3mWalletReceiveView
  }
}
