import { LitElement, css, html, nothing } from 'lit'
import { msg, str } from '../../../i18n/msg.js'
import { $account } from '../../../stores/account.js'
import { $locale } from '../../../stores/locale.js'
import { $options } from '../../../stores/options.js'
import { $siwx } from '../../../stores/siwx/state.js'
import { cancelSignIn, signIn } from '../../../stores/siwx/flow.js'
import { resetStyles } from '../../../theme/tokens.js'
import { truncateAddress } from '../../../utils/format.js'
import { isSafeImageUrl } from '../../../utils/safe-image.js'
import { confirmActions } from '../../shared/confirm-actions.js'
import { defineElement } from '../../shared/define.js'
import { StoreController } from '../../shared/store-controller.js'
import { connectionViewStyles } from '../connection-view.styles.js'

/**
 * The SIWXSignMessage view (docs/behaviour.md sections 2 and 4): the app asks the connected account to sign
 * in. It shows the app's name and icon, the account and the app's statement; Sign asks the wallet,
 * Cancel disconnects when sign-in is required and otherwise closes.
 * @tagname w3m-siwx-sign-message-view
 * @csspart app-icon - The app's icon.
 * @csspart statement - The app's statement.
 * @csspart error - (unused: failures are toasts)
 */
export class W3mSiwxSignMessageView extends LitElement {
  static override styles = [
    resetStyles,
    connectionViewStyles,
    css`
      .app-icon {
        width: 64px;
        height: 64px;
        border-radius: var(--w3m-radius-m);
        object-fit: cover;
      }
      .statement {
        margin: 0;
        padding: var(--w3m-spacing-s) var(--w3m-spacing-m);
        border-inline-start: 3px solid var(--w3m-color-border);
        text-align: start;
        overflow-wrap: anywhere;
      }
    `
  ]

  private readonly siwx = new StoreController(this, $siwx)
  private readonly account = new StoreController(this, $account)
  private readonly options = new StoreController(this, $options)
  protected readonly locale = new StoreController(this, $locale)

  override render() {
    const metadata = this.options.value?.metadata
    const appName = metadata?.name ?? location.host
    const icon = metadata?.icons.find(url => isSafeImageUrl(url))
    const statement = this.options.value?.siwx?.statement
    const { address } = this.account.value
    const { required, status } = this.siwx.value
    return html`${icon ? html`<img class="app-icon" part="app-icon" src=${icon} alt="" data-testid="siwx-app-icon" />` : nothing}
      <p class="title" data-testid="siwx-title">
        ${msg(str`${appName} needs to connect to your wallet`, { id: 'siwx.heading' })}
      </p>
      ${
        address
          ? html`<p class="muted" data-testid="siwx-account">
              <bdi dir="ltr" title=${address}>${truncateAddress(address)}</bdi>
            </p>`
          : nothing
      }
      ${statement ? html`<blockquote class="statement" part="statement" data-testid="siwx-statement">${statement}</blockquote>` : nothing}
      <p class="muted" data-testid="siwx-description">
        ${msg('Sign this message to prove you own this wallet.', { id: 'siwx.description' })}
        ${
          required
            ? msg('Canceling disconnects your wallet.', { id: 'siwx.cancelDisconnects' })
            : msg('You can also continue without signing in.', { id: 'siwx.optional' })
        }
      </p>
      ${confirmActions({
        error: undefined,
        errorTestId: 'siwx-error',
        busy: status === 'signing',
        label: msg('Sign', { id: 'siwx.sign' }),
        busyLabel: msg('Signing…', { id: 'siwx.signing' }),
        confirmTestId: 'siwx-sign-button',
        onConfirm: () => void signIn(),
        backLabel: msg('Cancel', { id: 'siwx.cancel' }),
        backTestId: 'siwx-cancel-button',
        onBack: () => void cancelSignIn()
      })}`
  }
}

defineElement('w3m-siwx-sign-message-view', W3mSiwxSignMessageView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-siwx-sign-message-view': W3mSiwxSignMessageView
  }
}
