import { LitElement, html, nothing } from 'lit'
import { msg } from '../../../i18n/msg.js'
import { $locale } from '../../../stores/locale.js'
import { $network } from '../../../stores/network.js'
import { popView } from '../../../stores/router.js'
import { $send, receiverAddress } from '../../../stores/send/form.js'
import { sendTokens } from '../../../stores/send/send.js'
import { resetStyles } from '../../../theme/tokens.js'
import { formatAmount } from '../../../utils/format.js'
import { formatUnits } from '../../../utils/units.js'
import { confirmActions } from '../../shared/confirm-actions.js'
import { defineElement } from '../../shared/define.js'
import { StoreController } from '../../shared/store-controller.js'
import { connectionViewStyles } from '../connection-view.styles.js'
import { sendFormStyles } from '../send-form.styles.js'

/** A fee shows up to 8 decimals: a few gwei of gas is 0.00004 ETH, which 3 decimals would hide. */
const FEE_DECIMALS = 8

/**
 * The WalletSendPreview view: the amount and token, the receiver (the name and its address), the
 * network and the estimated network fee, then Send, which asks the wallet. While the wallet is
 * asked Send is busy and a second press does nothing; a rejection or failure shows here and the
 * form keeps everything (Back returns to it). On success the modal returns to Account.
 * @tagname w3m-wallet-send-preview-view
 * @csspart summary - The transfer's summary.
 * @csspart error - Why sending failed.
 */
export class W3mWalletSendPreviewView extends LitElement {
  static override styles = [resetStyles, connectionViewStyles, sendFormStyles]

  private readonly send = new StoreController(this, $send)
  private readonly network = new StoreController(this, $network)
  private readonly locale = new StoreController(this, $locale)

  override render() {
    const state = this.send.value
    const { locale } = this.locale.value
    const network = this.network.value.activeNetwork
    const { token } = state
    if (!token || !network)
      return html`<p class="muted" data-testid="send-preview-empty">
        ${msg('Nothing to send', { id: 'sendPreview.empty' })}
      </p>`
    const fee =
      state.fee === undefined
        ? msg('Unknown', { id: 'sendPreview.feeUnknown' })
        : `${formatAmount(formatUnits(state.fee, network.nativeCurrency.decimals), locale, FEE_DECIMALS)} ${network.nativeCurrency.symbol}`
    return html`<dl part="summary">
        <div>
          <dt>${msg('Sending', { id: 'sendPreview.amount' })}</dt>
          <dd class="title" data-testid="send-preview-amount">
            <bdi dir="ltr">${state.amount.trim()} ${token.symbol}</bdi>
          </dd>
        </div>
        <div>
          <dt>${msg('To', { id: 'send.receiver' })}</dt>
          <dd data-testid="send-preview-receiver">
            ${
              state.name || state.addressName?.name
                ? html`<bdi dir="ltr" data-testid="send-preview-name"
                      >${state.name?.name ?? state.addressName?.name}</bdi
                    ><br />`
                : nothing
            }
            <bdi class="mono" dir="ltr">${receiverAddress(state)}</bdi>
          </dd>
        </div>
        <div>
          <dt>${msg('Network', { id: 'sendPreview.network' })}</dt>
          <dd data-testid="send-preview-network">${network.name}</dd>
        </div>
        <div>
          <dt>${msg('Network fee', { id: 'sendPreview.fee' })}</dt>
          <dd data-testid="send-preview-fee"><bdi dir="ltr">${fee}</bdi></dd>
        </div>
      </dl>
      ${confirmActions({
        error: state.error,
        errorTestId: 'send-preview-error',
        busy: state.loading,
        label: msg('Send', { id: 'account.send' }),
        busyLabel: msg('Sending…', { id: 'sendPreview.sending' }),
        confirmTestId: 'send-confirm-button',
        onConfirm: () => void sendTokens(),
        backLabel: msg('Back', { id: 'sendPreview.back' }),
        backTestId: 'send-cancel-button',
        onBack: () => popView()
      })}`
  }
}

defineElement('w3m-wallet-send-preview-view', W3mWalletSendPreviewView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-wallet-send-preview-view': W3mWalletSendPreviewView
  }
}
