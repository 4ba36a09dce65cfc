import { LitElement, html } from 'lit'
import { property } from 'lit/decorators.js'
import { msg } from '../../i18n/msg.js'
import { $locale } from '../../stores/locale.js'
import { $modal, openModal } from '../../stores/modal.js'
import { resetStyles, themeTokens } from '../../theme/tokens.js'
import { defineElement } from '../shared/define.js'
import { prefetchOnIntent } from '../shared/prefetch-view.js'
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

  /** The button's text; unset, 'Connect Wallet' in the active locale. */
  @property() label?: string

  /** The text while the modal is open; unset, 'Connecting...' in the active locale. */
  @property({ attribute: 'loading-label' }) loadingLabel?: string

  /** The button's size. */
  @property({ reflect: true }) size: 'md' | 'sm' = 'md'

  private readonly modal = new StoreController(this, $modal)
  private readonly locale = new StoreController(this, $locale)

  constructor() {
    super()
    new ThemeController(this)
    prefetchOnIntent(this)
  }

  override render() {
    const open = this.modal.value.open
    const text = open
      ? (this.loadingLabel ?? msg('Connecting...', { id: 'button.connecting' }))
      : (this.label ?? msg('Connect Wallet', { id: 'button.connect' }))
    return html`<button
      lang=${this.locale.value.locale}
      dir=${this.locale.value.direction}
      class="primary"
      part="button"
      type="button"
      data-testid="connect-button"
      aria-haspopup="dialog"
      @click=${() => openModal()}
    >
      ${text}
    </button>`
  }
}

defineElement('appkit-connect-button', AppKitConnectButton)

declare global {
  interface HTMLElementTagNameMap {
    'appkit-connect-button': AppKitConnectButton
  }
}
