import { LitElement, html } from 'lit'
import { AUTH_CONNECTOR_ID } from '../../../config/auth-connector-ids.js'
import { msg, str } from '../../../i18n/msg.js'
import { localizeText } from '../../../i18n/store-text.js'
import { $locale } from '../../../stores/locale.js'
import { $connectors } from '../../../stores/connect/connectors.js'
import { $connection } from '../../../stores/connect/connection.js'
import { $network } from '../../../stores/network.js'
import { $networkSwitch, retrySwitch } from '../../../stores/networks/network-switch.js'
import { $router } from '../../../stores/router.js'
import { resetStyles } from '../../../theme/tokens.js'
import { defineElement } from '../../shared/define.js'
import { StoreController } from '../../shared/store-controller.js'
import { connectionViewStyles } from '../connection-view.styles.js'
import { caipNetworkIdOf } from '../router-data.js'

/**
 * The SwitchNetwork view: the network the wallet is asked to move to, and how it goes: waiting
 * for the wallet (spinner; the embedded wallet asks nothing, so it only says it is switching),
 * switched, or failed with the reason and Try again. A failed switch is
 * always shown here and in a toast, never silent.
 * @tagname w3m-switch-network-view
 * @csspart status - The waiting line.
 * @csspart error - The failure message.
 */
export class W3mSwitchNetworkView extends LitElement {
  static override styles = [resetStyles, connectionViewStyles]

  private readonly router = new StoreController(this, $router)
  private readonly switching = new StoreController(this, $networkSwitch)
  private readonly network = new StoreController(this, $network)
  private readonly connection = new StoreController(this, $connection)
  private readonly connectors = new StoreController(this, $connectors)
  protected readonly locale = new StoreController(this, $locale)

  override render() {
    const { networks, activeNetwork } = this.network.value
    const id = caipNetworkIdOf(this.router.value.data) ?? this.switching.value.target
    const target = networks.find(n => n.caipNetworkId === id)
    const name = target?.name ?? msg('the network', { id: 'switchNetwork.theNetwork' })
    const { activeConnectorId } = this.connection.value
    const wallet =
      this.connectors.value.connectors.find(c => c.id === activeConnectorId)?.name ??
      msg('your wallet', { id: 'common.yourWallet' })
    const { status, error, target: asked } = this.switching.value
    const reason = error ? localizeText(error) : ''
    const done = msg(str`Switched to ${name}`, { id: 'switchNetwork.done' })
    const body =
      status === 'failed' && asked === id
        ? html`<p class="error" part="error" role="alert" data-testid="switch-network-error">${reason}</p>
            <div class="actions">
              <button
                type="button"
                class="action primary"
                data-testid="switch-network-retry"
                @click=${() => void retrySwitch()}
              >
                ${msg('Try again', { id: 'common.tryAgain' })}
              </button>
            </div>`
        : activeNetwork?.caipNetworkId === id && status !== 'switching'
          ? html`<p role="status" data-testid="switch-network-done">${done}</p>`
          : this.renderWaiting(activeConnectorId === AUTH_CONNECTOR_ID ? undefined : wallet)
    const title = msg(str`Switch to ${name}`, { id: 'switchNetwork.switchTo' })
    return html`<p class="title" data-testid="switch-network-target">${title}</p>
      ${body}`
  }

  /**
   * The wait: 'Approve in {wallet}'; or, for the embedded wallet (no `wallet`), which switches inside
   * its frame with nothing to approve (docs/behaviour.md section 2), 'Switching…'.
   */
  private renderWaiting(wallet: string | undefined) {
    const spinner = html`<span class="spinner" aria-hidden="true"></span>`
    if (wallet === undefined)
      return html`<p class="status" part="status" role="status" data-testid="switch-network-status">
        ${spinner}${msg('Switching…', { id: 'switchNetwork.switching' })}
      </p>`
    return html`<p class="status" part="status" role="status" data-testid="switch-network-status">
        ${spinner}${msg(str`Approve in ${wallet}`, { id: 'switchNetwork.approveIn' })}
      </p>
      <p class="muted">${msg('Accept the network switch in the wallet.', { id: 'switchNetwork.accept' })}</p>`
  }
}

defineElement('w3m-switch-network-view', W3mSwitchNetworkView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-switch-network-view': W3mSwitchNetworkView
  }
}
