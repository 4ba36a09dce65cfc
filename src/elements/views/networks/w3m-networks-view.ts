import { LitElement, css, html } from 'lit'
import { msg } from '../../../i18n/msg.js'
import { $locale } from '../../../stores/locale.js'
import { $network } from '../../../stores/network.js'
import { chooseNetwork } from '../../../stores/networks/network-switch.js'
import { resetStyles } from '../../../theme/tokens.js'
import { listStyles } from '../../shared/list-styles.js'
import { defineElement } from '../../shared/define.js'
import { RovingListController, type RovingItem } from '../../shared/roving-list.js'
import { StoreController } from '../../shared/store-controller.js'
import '../../ui/wui-list-item.js'

/**
 * The Networks view: the app's networks. Choosing one while no wallet is connected makes it active
 * and goes back; with a connected wallet the wallet is asked to switch (SwitchNetwork), or another
 * namespace's network asks to connect a wallet for it (SwitchActiveChain).
 * @tagname w3m-networks-view
 */
export class W3mNetworksView extends LitElement {
  static override styles = [
    resetStyles,
    listStyles,
    css`
      :host {
        display: block;
        padding: var(--w3m-spacing-l);
      }
      p {
        color: var(--w3m-color-fg-muted);
        text-align: center;
      }
    `
  ]

  private readonly network = new StoreController(this, $network)
  protected readonly locale = new StoreController(this, $locale)
  protected readonly rows = new RovingListController(this, () => [
    ...this.renderRoot.querySelectorAll<RovingItem>('wui-list-item')
  ])

  override render() {
    const { networks, activeNetwork } = this.network.value
    if (networks.length === 0)
      return html`<p data-testid="networks-empty">${msg('No networks configured', { id: 'networks.empty' })}</p>`
    return html`<ul aria-label=${msg('Networks', { id: 'networks.list' })}>
      ${networks.map(
        n =>
          html`<li>
            <wui-list-item
              data-testid=${`network-${n.caipNetworkId}`}
              ?current=${n.caipNetworkId === activeNetwork?.caipNetworkId}
              @click=${() => void chooseNetwork(n.caipNetworkId)}
              >${n.name}</wui-list-item
            >
          </li>`
      )}
    </ul>`
  }
}

defineElement('w3m-networks-view', W3mNetworksView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-networks-view': W3mNetworksView
  }
}
