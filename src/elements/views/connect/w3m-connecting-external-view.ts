import { LitElement, html } from 'lit'
import { msg, str } from '../../../i18n/msg.js'
import { localizeText } from '../../../i18n/store-text.js'
import { $locale } from '../../../stores/locale.js'
import { $connection, connect } from '../../../stores/connect/connection.js'
import { $connectors } from '../../../stores/connect/connectors.js'
import { $router } from '../../../stores/router.js'
import { resetStyles } from '../../../theme/tokens.js'
import { defineElement } from '../../shared/define.js'
import { StoreController } from '../../shared/store-controller.js'
import '../../ui/wui-wallet-image.js'
import { connectionViewStyles } from '../connection-view.styles.js'
import { connectorIdOf, namespaceOf } from '../router-data.js'

/**
 * The ConnectingExternal view: waiting for an injected or announced wallet. It shows the wallet,
 * 'Continue in <wallet>' with a spinner while the wallet asks the visitor, and the reason with a
 * Try again button when connecting failed (declined in the wallet, or a connector error).
 * @tagname w3m-connecting-external-view
 * @csspart status - The waiting line.
 * @csspart error - The failure message.
 */
export class W3mConnectingExternalView extends LitElement {
  static override styles = [resetStyles, connectionViewStyles]

  private readonly router = new StoreController(this, $router)
  private readonly connection = new StoreController(this, $connection)
  private readonly connectors = new StoreController(this, $connectors)
  protected readonly locale = new StoreController(this, $locale)

  override render() {
    const id = connectorIdOf(this.router.value.data)
    const connector = this.connectors.value.connectors.find(c => c.id === id)
    const name = connector?.name ?? msg('your wallet', { id: 'common.yourWallet' })
    const { connectingConnectorId, error } = this.connection.value
    const failed = error !== undefined && error.connectorId === id && connectingConnectorId !== id
    const reason = error ? localizeText(error.message) : ''
    return html`<wui-wallet-image .src=${connector?.imageUrl} .name=${connector?.name ?? ''}></wui-wallet-image>
      <p class="title" data-testid="connecting-wallet-name">${name}</p>
      ${
        failed
          ? html`<p class="error" part="error" role="alert" data-testid="connecting-error">${reason}</p>
              <div class="actions">
                <button
                  type="button"
                  class="action primary"
                  data-testid="connecting-retry"
                  @click=${() => id && void connect(id, namespaceOf(this.router.value.data))}
                >
                  ${msg('Try again', { id: 'common.tryAgain' })}
                </button>
              </div>`
          : html`<p class="status" part="status" role="status" data-testid="connecting-status">
                <span class="spinner" aria-hidden="true"></span
                >${msg(str`Continue in ${name}`, { id: 'connecting.continueIn' })}
              </p>
              <p class="muted">${msg('Accept the connection request in the wallet.', { id: 'connecting.accept' })}</p>`
      }`
  }
}

defineElement('w3m-connecting-external-view', W3mConnectingExternalView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-connecting-external-view': W3mConnectingExternalView
  }
}
