import { html, nothing } from 'lit'
import { state } from 'lit/decorators.js'
import { msg, str } from '../../../i18n/msg.js'
import { $options } from '../../../stores/options.js'
import { $router } from '../../../stores/router.js'
import { openWalletApp, type WalletConnectWallet } from '../../../stores/connect/walletconnect.js'
import { isMobile } from '../../../utils/device.js'
import { defineElement } from '../../shared/define.js'
import { walletOf } from '../router-data.js'
import { WalletConnectPairingView, displayName } from './walletconnect-pairing.js'

type AppKind = 'mobile' | 'desktop' | 'webapp'

const OPEN_BUTTON_TESTIDS: Record<AppKind, string> = {
  mobile: 'wc-open-wallet',
  desktop: 'wc-open-desktop',
  webapp: 'wc-open-webapp'
}

/**
 * The ConnectingWalletConnect view: connecting a wallet through WalletConnect, for the catalog wallet
 * chosen in AllWallets (router data `{ wallet }`) or any wallet. Shown, it starts a pairing; left,
 * it cancels it.
 *
 * On desktop: the QR code to scan with a phone (the wallet's logo in its center), Copy link, and
 * buttons that open the wallet's desktop or web app when it has them. On mobile, for a wallet with
 * a mobile link: 'Open <wallet>' first (the link opens inside the tap), Copy link, and the QR code
 * on demand. While the pairing loads, the QR code is a placeholder and the buttons wait; when it
 * fails, its message and Try again.
 * @tagname w3m-connecting-wallet-connect-view
 * @csspart error - The failure message.
 */
export class W3mConnectingWalletConnectView extends WalletConnectPairingView {
  /** Mobile only: whether the visitor asked for the QR code. */
  @state() private showQr = false

  protected walletToPair(): WalletConnectWallet | undefined {
    const apiUrl = $options.get()?.apiUrl
    return walletOf($router.get().data, apiUrl ? [apiUrl] : [])
  }

  override render() {
    if (this.pairing.value.status === 'failed') return this.renderFailure()
    return isMobile() && this.wallet?.mobileLink ? this.renderMobile(this.wallet) : this.renderDesktop()
  }

  private renderDesktop() {
    const wallet = this.wallet
    const name = displayName(wallet)
    const label = name ?? msg('the wallet', { id: 'walletConnect.theWallet' })
    const open = msg(str`Open ${label}`, { id: 'walletConnect.open' })
    return html`<p class="title" data-testid="wc-title">
        ${
          name
            ? msg(str`Scan with ${name}`, { id: 'walletConnect.scanWith' })
            : msg('Scan this QR code with your phone', { id: 'walletConnect.scan' })
        }
      </p>
      ${this.renderQr()}
      <div class="actions">
        ${wallet?.desktopLink ? this.renderOpenButton('desktop', open, true) : nothing}
        ${
          wallet?.webappLink
            ? wallet.desktopLink
              ? this.renderOpenButton(
                  'webapp',
                  msg(str`Open ${label} web app`, { id: 'walletConnect.openWebApp' }),
                  false
                )
              : this.renderOpenButton('webapp', open, true)
            : nothing
        }
        ${this.renderCopyLink()}
      </div>`
  }

  private renderMobile(wallet: WalletConnectWallet) {
    const name = displayName(wallet) ?? msg('the wallet', { id: 'walletConnect.theWallet' })
    return html`<wui-wallet-image .src=${wallet.imageUrl} .name=${wallet.name}></wui-wallet-image>
      <p class="title" data-testid="wc-title">${msg(str`Continue in ${name}`, { id: 'connecting.continueIn' })}</p>
      <p class="muted">
        ${msg(str`Open ${name} and accept the connection request.`, { id: 'walletConnect.openAndAccept' })}
      </p>
      <div class="actions">
        ${this.renderOpenButton('mobile', msg(str`Open ${name}`, { id: 'walletConnect.open' }), true)}
        ${this.renderCopyLink()}
        <button
          type="button"
          class="action"
          data-testid="wc-show-qr"
          aria-expanded=${this.showQr ? 'true' : 'false'}
          @click=${() => (this.showQr = !this.showQr)}
        >
          ${
            this.showQr
              ? msg('Hide QR code', { id: 'walletConnect.hideQr' })
              : msg('Show QR code', { id: 'walletConnect.showQr' })
          }
        </button>
      </div>
      ${this.showQr ? this.renderQr() : nothing}`
  }

  /**
   * A button that hands the URI to the wallet's app. openWalletApp runs synchronously in the click:
   * iOS Safari blocks a link opened after an await. On mobile, a link that cannot be opened (a
   * refused scheme) leaves the QR code as the way to connect.
   */
  private renderOpenButton(kind: AppKind, label: string, primary: boolean) {
    return html`<button
      type="button"
      class=${primary ? 'action primary' : 'action'}
      data-testid=${OPEN_BUTTON_TESTIDS[kind]}
      ?disabled=${!this.ready}
      @click=${() => {
        if (!openWalletApp(kind) && kind === 'mobile') this.showQr = true
      }}
    >
      ${label}
    </button>`
  }
}

defineElement('w3m-connecting-wallet-connect-view', W3mConnectingWalletConnectView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-connecting-wallet-connect-view': W3mConnectingWalletConnectView
  }
}
