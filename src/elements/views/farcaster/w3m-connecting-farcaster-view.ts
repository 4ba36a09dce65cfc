import { LitElement, css, html, nothing } from 'lit'
import { msg } from '../../../i18n/msg.js'
import { localizeText } from '../../../i18n/store-text.js'
import { cancelFarcasterLogin, copyFarcasterUrl, startFarcasterLogin } from '../../../stores/farcaster/login.js'
import { $farcasterLogin } from '../../../stores/farcaster/state.js'
import { $locale } from '../../../stores/locale.js'
import { resetStyles } from '../../../theme/tokens.js'
import { defineElement } from '../../shared/define.js'
import { StoreController } from '../../shared/store-controller.js'
import '../../ui/wui-qr-code.js'
import { connectionViewStyles } from '../connection-view.styles.js'

/** The QR code's side in CSS pixels; it shrinks to fit a narrower modal. */
const QR_SIZE = 280

/**
 * The ConnectingFarcaster view: Sign In With Farcaster. Shown, it starts a sign-in; left, it stops
 * waiting for it. The QR code to scan with the Farcaster app on a phone, Open Farcaster (the same
 * URL as a link, for the app on this device) and Copy link; while the visitor approves, a status
 * line; when the sign-in fails, why and Try again. Once approved, the kit connects and the modal
 * shows the account.
 * @tagname w3m-connecting-farcaster-view
 * @csspart error - The failure message.
 */
export class W3mConnectingFarcasterView extends LitElement {
  static override styles = [
    resetStyles,
    connectionViewStyles,
    css`
      wui-qr-code {
        max-width: 100%;
      }
      a.action {
        display: inline-flex;
        align-items: center;
        justify-content: center;
        color: inherit;
        text-decoration: none;
      }
      .action:disabled {
        opacity: 0.5;
        cursor: not-allowed;
      }
    `
  ]

  private readonly login = new StoreController(this, $farcasterLogin)
  protected readonly locale = new StoreController(this, $locale)

  override connectedCallback(): void {
    super.connectedCallback()
    const { status } = $farcasterLogin.get()
    // A failure stays on show (its Try again starts over); a sign-in under way is kept.
    if (status === 'idle') void startFarcasterLogin()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    cancelFarcasterLogin()
  }

  override render() {
    const { status, url, error } = this.login.value
    if (status === 'failed') {
      return html`<p class="error" part="error" role="alert" data-testid="farcaster-error">
          ${localizeText(error ?? '')}
        </p>
        <div class="actions">
          <button
            type="button"
            class="action primary"
            data-testid="farcaster-retry"
            @click=${() => void startFarcasterLogin()}
          >
            ${msg('Try again', { id: 'common.tryAgain' })}
          </button>
        </div>`
    }
    const link = status === 'waiting' ? url : undefined
    const ready = Boolean(link)
    return html`<p class="title" data-testid="farcaster-title">
        ${msg('Scan this QR code with the Farcaster app on your phone', { id: 'farcaster.scan' })}
      </p>
      <wui-qr-code
        data-testid="farcaster-qr"
        .uri=${link ?? ''}
        .size=${QR_SIZE}
        .label=${msg('QR code for signing in with Farcaster', { id: 'farcaster.qrLabel' })}
      ></wui-qr-code>
      <p class="muted status" role="status" data-testid="farcaster-status">
        ${
          status === 'connecting'
            ? html`<span class="spinner" aria-hidden="true"></span>${msg('Connecting…', { id: 'social.connecting' })}`
            : ready
              ? msg('Waiting for you to approve in Farcaster', { id: 'farcaster.waiting' })
              : nothing
        }
      </p>
      <div class="actions">
        ${
          link
            ? html`<a
                class="action primary"
                data-testid="farcaster-open"
                href=${link}
                target="_blank"
                rel="noopener noreferrer"
                >${msg('Open Farcaster', { id: 'farcaster.open' })}</a
              >`
            : nothing
        }
        <button
          type="button"
          class="action"
          data-testid="farcaster-copy-link"
          ?disabled=${!ready}
          @click=${() => void copyFarcasterUrl()}
        >
          ${msg('Copy link', { id: 'walletConnect.copyLink' })}
        </button>
      </div>`
  }
}

defineElement('w3m-connecting-farcaster-view', W3mConnectingFarcasterView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-connecting-farcaster-view': W3mConnectingFarcasterView
  }
}
