import { LitElement, html } from 'lit'
import { property } from 'lit/decorators.js'
import { $modal, openModal } from '../../stores/modal.js'
import { resetStyles, themeTokens } from '../../theme/tokens.js'
import { defineElement } from '../shared/define.js'
import { StoreController } from '../shared/store-controller.js'
import { ThemeController } from '../shared/theme-controller.js'
import { hostButtonStyles } from './button-styles.js'

/**
 * A host-page button that opens the modal to connect. While the modal is open it shows the
 * loading label.
 * @tagname appkit-connect-button
 * @csspart button - The button.
 * @cssprop [--w3m-accent=#3b6cf6] - The button's colour.
 */
export class AppKitConnectButton extends LitElement {
  static override styles = [themeTokens, resetStyles, hostButtonStyles]

  /** The button's text. */
  @property() label = 'Connect Wallet'

  /** The text while the modal is open. */
  @property({ attribute: 'loading-label' }) loadingLabel = 'Connecting...'

  /** The button's size. */
  @property({ reflect: true }) size: 'md' | 'sm' = 'md'

  private readonly modal = new StoreController(this, $modal)

  constructor() {
    super()
    new ThemeController(this)
  }

  override render() {
    const open = this.modal.value.open
    return html`<button
      class="primary"
      part="button"
      type="button"
      data-testid="connect-button"
      aria-haspopup="dialog"
      @click=${() => openModal()}
    >
      ${open ? this.loadingLabel : this.label}
    </button>`
  }
}

defineElement('appkit-connect-button', AppKitConnectButton)

declare global {
  interface HTMLElementTagNameMap {
    'appkit-connect-button': AppKitConnectButton
  }
}
