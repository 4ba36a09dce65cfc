import { css, html } from 'lit'
import { msg } from '../../../i18n/msg.js'
import { pushView } from '../../../stores/router.js'
import { defineElement } from '../../shared/define.js'
import '../../ui/wui-list-item.js'
import { WalletConnectPairingView } from './walletconnect-pairing.js'

/**
 * The ConnectingWalletConnectBasic view: the WalletConnect-only modal of an app without adapters,
 * on desktop. Shown, it starts a pairing for any wallet; left, it cancels it. The QR code to scan
 * with a phone, Copy link, and All wallets (the catalog, to connect a chosen wallet). While the
 * pairing loads, the QR code is a placeholder and Copy link waits; when it fails, its message and
 * Try again.
 * @tagname w3m-connecting-wallet-connect-basic-view
 * @csspart error - The failure message.
 */
export class W3mConnectingWalletConnectBasicView extends WalletConnectPairingView {
  static override styles = [
    ...WalletConnectPairingView.styles,
    css`
      .all-wallets {
        align-self: stretch;
      }
    `
  ]

  protected walletToPair(): undefined {
    return undefined
  }

  override render() {
    const scan = msg('Scan this QR code with your phone', { id: 'walletConnect.scan' })
    const pairing =
      this.pairing.value.status === 'failed'
        ? this.renderFailure()
        : html`<p class="title" data-testid="wc-title">${scan}</p>
            ${this.renderQr()}
            <div class="actions">${this.renderCopyLink()}</div>`
    return html`${pairing}
      <wui-list-item class="all-wallets" data-testid="wc-basic-all-wallets" @click=${() => pushView('AllWallets')}
        >${msg('All wallets', { id: 'walletConnect.allWallets' })}</wui-list-item
      >`
  }
}

defineElement('w3m-connecting-wallet-connect-basic-view', W3mConnectingWalletConnectBasicView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-connecting-wallet-connect-basic-view': W3mConnectingWalletConnectBasicView
  }
}
