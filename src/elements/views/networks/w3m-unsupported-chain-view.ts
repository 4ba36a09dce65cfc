import { LitElement, css, html } from 'lit'
import { msg, str } from '../../../i18n/msg.js'
import { localizeText } from '../../../i18n/store-text.js'
import { $locale } from '../../../stores/locale.js'
import { $connection } from '../../../stores/connect/connection.js'
import { $network } from '../../../stores/network.js'
import { $networkSwitch, leaveUnsupportedChain } from '../../../stores/networks/network-switch.js'
import { resetStyles } from '../../../theme/tokens.js'
import { defineElement } from '../../shared/define.js'
import { RovingListController, type RovingItem } from '../../shared/roving-list.js'
import { StoreController } from '../../shared/store-controller.js'
import '../../ui/wui-list-item.js'
import { connectionViewStyles } from '../connection-view.styles.js'

/**
 * The UnsupportedChain view: the wallet is on a network the app does not list. It names that
 * network and lists the app's networks of the same namespace; choosing one asks the wallet to switch.
 * @tagname w3m-unsupported-chain-view
 */
export class W3mUnsupportedChainView extends LitElement {
  static override styles = [
    resetStyles,
    connectionViewStyles,
    css`
      ul {
        display: flex;
        flex-direction: column;
        gap: var(--w3m-spacing-s);
        width: 100%;
        margin: 0;
        padding: 0;
        list-style: none;
      }
    `
  ]

  private readonly connection = new StoreController(this, $connection)
  private readonly network = new StoreController(this, $network)
  private readonly switching = new StoreController(this, $networkSwitch)
  protected readonly locale = new StoreController(this, $locale)
  protected readonly rows = new RovingListController(this, () => [
    ...this.renderRoot.querySelectorAll<RovingItem>('wui-list-item')
  ])

  override render() {
    const { unsupportedChain, activeNamespace } = this.connection.value
    const networks = this.network.value.networks.filter(n => !activeNamespace || n.chainNamespace === activeNamespace)
    const { status, error } = this.switching.value
    const reason = error ? localizeText(error) : ''
    return html`<p class="title">
        ${msg("This app does not support your wallet's network", { id: 'unsupportedChain.title' })}
      </p>
      <p class="muted" data-testid="unsupported-chain-current">
        ${
          unsupportedChain
            ? msg(str`The wallet is on ${unsupportedChain}.`, { id: 'unsupportedChain.current' })
            : msg('Choose a network this app supports.', { id: 'unsupportedChain.choose' })
        }
      </p>
      ${status === 'failed' ? html`<p class="error" role="alert" data-testid="unsupported-chain-error">${reason}</p>` : ''}
      <ul aria-label=${msg('Supported networks', { id: 'unsupportedChain.networks' })}>
        ${networks.map(
          n =>
            html`<li>
              <wui-list-item
                data-testid=${`unsupported-chain-${n.caipNetworkId}`}
                @click=${() => void leaveUnsupportedChain(n.caipNetworkId)}
                >${n.name}</wui-list-item
              >
            </li>`
        )}
      </ul>`
  }
}

defineElement('w3m-unsupported-chain-view', W3mUnsupportedChainView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-unsupported-chain-view': W3mUnsupportedChainView
  }
}
