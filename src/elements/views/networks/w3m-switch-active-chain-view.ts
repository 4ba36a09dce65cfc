import { LitElement, html } from 'lit'
import { msg, str } from '../../../i18n/msg.js'
import { $locale } from '../../../stores/locale.js'
import { $network } from '../../../stores/network.js'
import { switchActiveChain } from '../../../stores/networks/network-switch.js'
import { $router } from '../../../stores/router.js'
import { resetStyles } from '../../../theme/tokens.js'
import { defineElement } from '../../shared/define.js'
import { StoreController } from '../../shared/store-controller.js'
import { connectionViewStyles } from '../connection-view.styles.js'
import { caipNetworkIdOf } from '../router-data.js'

/**
 * The SwitchActiveChain view: the chosen network is of another namespace, where no wallet is
 * connected. Switching makes it active and opens Connect to connect a wallet for it.
 * @tagname w3m-switch-active-chain-view
 */
export class W3mSwitchActiveChainView extends LitElement {
  static override styles = [resetStyles, connectionViewStyles]

  private readonly router = new StoreController(this, $router)
  private readonly network = new StoreController(this, $network)
  protected readonly locale = new StoreController(this, $locale)

  override render() {
    const id = caipNetworkIdOf(this.router.value.data)
    const target = this.network.value.networks.find(n => n.caipNetworkId === id)
    return html`<p class="title" data-testid="switch-active-chain-target">
        ${msg(str`Switch to ${target?.name ?? msg('another network', { id: 'switchActiveChain.anotherNetwork' })}`, {
          id: 'switchNetwork.switchTo'
        })}
      </p>
      <p class="muted">
        ${msg('No wallet is connected on this network yet: switching lets you connect one for it.', {
          id: 'switchActiveChain.explain'
        })}
      </p>
      <div class="actions">
        <button
          type="button"
          class="action primary"
          data-testid="switch-active-chain-confirm"
          ?disabled=${!id}
          @click=${() => id && switchActiveChain(id)}
        >
          ${msg('Switch', { id: 'switchActiveChain.switch' })}
        </button>
      </div>`
  }
}

defineElement('w3m-switch-active-chain-view', W3mSwitchActiveChainView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-switch-active-chain-view': W3mSwitchActiveChainView
  }
}
