import { LitElement, html } from 'lit'
import { property } from 'lit/decorators.js'
import { msg, str } from '../../i18n/msg.js'
import { $locale } from '../../stores/locale.js'
import { openModal } from '../../stores/modal.js'
import { $network } from '../../stores/network.js'
import { resetStyles, themeTokens } from '../../theme/tokens.js'
import { defineElement } from '../shared/define.js'
import { prefetchOnIntent } from '../shared/prefetch-view.js'
import { StoreController } from '../shared/store-controller.js'
import { ThemeController } from '../shared/theme-controller.js'
import { hostButtonStyles } from './button-styles.js'

/**
 * A host-page button showing the active network; it opens the network list.
 * @tagname appkit-network-button
 * @csspart button - The button.
 */
export class AppKitNetworkButton extends LitElement {
  static override styles = [themeTokens, resetStyles, hostButtonStyles]

  /** The button's size. */
  @property({ reflect: true }) size: 'md' | 'sm' = 'md'

  private readonly network = new StoreController(this, $network)
  private readonly locale = new StoreController(this, $locale)

  constructor() {
    super()
    new ThemeController(this)
    prefetchOnIntent(this, () => 'Networks')
  }

  override render() {
    const name = this.network.value.activeNetwork?.name ?? msg('Select network', { id: 'button.selectNetwork' })
    return html`<button
      lang=${this.locale.value.locale}
      dir=${this.locale.value.direction}
      part="button"
      type="button"
      data-testid="network-button"
      aria-haspopup="dialog"
      aria-label=${msg(str`Network: ${name}`, { id: 'button.networkLabel' })}
      @click=${() => openModal({ view: 'Networks' })}
    >
      ${name}
    </button>`
  }
}

defineElement('appkit-network-button', AppKitNetworkButton)

declare global {
  interface HTMLElementTagNameMap {
    'appkit-network-button': AppKitNetworkButton
  }
}
