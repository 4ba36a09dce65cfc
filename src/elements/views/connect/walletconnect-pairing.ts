import { LitElement, css, html, nothing } from 'lit'
import { msg, str } from '../../../i18n/msg.js'
import { localizeText } from '../../../i18n/store-text.js'
import { $locale } from '../../../stores/locale.js'
import {
  $walletConnect,
  copyWalletConnectUri,
  resetWalletConnect,
  retryWalletConnect,
  startWalletConnect,
  type WalletConnectWallet
} from '../../../stores/connect/walletconnect.js'
import { resetStyles } from '../../../theme/tokens.js'
import { StoreController } from '../../shared/store-controller.js'
import '../../ui/wui-qr-code.js'
import '../../ui/wui-wallet-image.js'
import { connectionViewStyles } from '../connection-view.styles.js'

/** The QR code's side in CSS pixels; it shrinks to fit a narrower modal. */
const QR_SIZE = 280

/** What the WalletConnect views add to the connection views' styles: the QR code and disabled buttons. */
const pairingStyles = css`
  wui-qr-code {
    max-width: 100%;
  }
  .action:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
  .action:disabled:hover {
    background: var(--w3m-color-surface);
  }
  .action.primary:disabled:hover {
    background: var(--w3m-accent);
  }
`

/** A wallet's name for a sentence, or undefined when it has none to show. */
export function displayName(wallet: WalletConnectWallet | undefined): string | undefined {
  const name = wallet?.name.trim()
  return name ? name : undefined
}

/**
 * What the two WalletConnect views share (ConnectingWalletConnect and ConnectingWalletConnectBasic):
 * shown, they start a pairing for their wallet; left, they cancel it. They read $walletConnect and
 * draw its QR code, its Copy link button and its failure with Try again.
 *
 * A pairing already failed for the same wallet is kept on show (its message and Try again stay);
 * a loading or unexpired one is kept by startWalletConnect itself.
 */
export abstract class WalletConnectPairingView extends LitElement {
  static override styles = [resetStyles, connectionViewStyles, pairingStyles]

  protected readonly pairing = new StoreController(this, $walletConnect)
  protected readonly locale = new StoreController(this, $locale)

  /** The wallet this view pairs with, read when it is shown; undefined for any wallet. */
  protected wallet: WalletConnectWallet | undefined

  /** The wallet to pair with (the router data's, for ConnectingWalletConnect). */
  protected abstract walletToPair(): WalletConnectWallet | undefined

  override connectedCallback(): void {
    super.connectedCallback()
    this.wallet = this.walletToPair()
    const { status, wallet } = $walletConnect.get()
    if (status === 'failed' && wallet?.id === this.wallet?.id) return
    void startWalletConnect(this.wallet)
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    resetWalletConnect()
  }

  /** Whether the pairing URI is there to scan, copy or open. */
  protected get ready(): boolean {
    const { status, uri } = this.pairing.value
    return status === 'ready' && Boolean(uri)
  }

  /** The QR code: its loading placeholder until the URI comes, the wallet's logo in its center. */
  protected renderQr() {
    const name = displayName(this.wallet)
    return html`<wui-qr-code
      id="wc-qr"
      data-testid="wc-qr"
      .uri=${this.pairing.value.uri ?? ''}
      .size=${QR_SIZE}
      .imageSrc=${this.wallet?.imageUrl}
      .label=${
        name
          ? msg(str`QR code for connecting ${name}`, { id: 'walletConnect.qrLabelWallet' })
          : msg('QR code for connecting a wallet', { id: 'walletConnect.qrLabel' })
      }
    ></wui-qr-code>`
  }

  protected renderCopyLink() {
    return html`<button
      type="button"
      class="action"
      data-testid="wc-copy-link"
      ?disabled=${!this.ready}
      @click=${() => void copyWalletConnectUri()}
    >
      ${msg('Copy link', { id: 'walletConnect.copyLink' })}
    </button>`
  }

  /** The wallet, why pairing failed (role=alert) and Try again, which makes a new pairing. */
  protected renderFailure() {
    const wallet = this.wallet
    const { error } = this.pairing.value
    const reason = error ? localizeText(error) : msg('Connection failed', { id: 'walletConnect.failed' })
    return html`${
        wallet ? html`<wui-wallet-image .src=${wallet.imageUrl} .name=${wallet.name}></wui-wallet-image>` : nothing
      }
      <p class="error" part="error" role="alert" data-testid="wc-error">${reason}</p>
      <div class="actions">
        <button type="button" class="action primary" data-testid="wc-retry" @click=${() => void retryWalletConnect()}>
          ${msg('Try again', { id: 'common.tryAgain' })}
        </button>
      </div>`
  }
}
