import { LitElement, html } from 'lit'
import { msg } from '../../../i18n/msg.js'
import { popView } from '../../../stores/router.js'
import { executeSwap } from '../../../stores/swap/execute.js'
import { $swap, minimumReceivedText, toAmountText } from '../../../stores/swap/swap.js'
import { resetStyles } from '../../../theme/tokens.js'
import { confirmActions } from '../../shared/confirm-actions.js'
import { defineElement } from '../../shared/define.js'
import { StoreController } from '../../shared/store-controller.js'
import { connectionViewStyles } from '../connection-view.styles.js'
import { sendFormStyles } from '../send-form.styles.js'

/**
 * The SwapPreview view: what is sold and bought, the slippage and the minimum received, then Swap,
 * which approves first when the router's allowance is short (ApproveTransaction) and asks the
 * wallet. A rejection or failure shows here and the form keeps everything.
 * @tagname w3m-swap-preview-view
 * @csspart summary - The swap's summary.
 * @csspart error - Why the swap failed.
 */
export class W3mSwapPreviewView extends LitElement {
  static override styles = [resetStyles, connectionViewStyles, sendFormStyles]

  private readonly swap = new StoreController(this, $swap)

  override render() {
    const state = this.swap.value
    if (!state.quote || !state.sourceToken || !state.toToken)
      return html`<p class="muted" data-testid="swap-preview-empty">
        ${msg('Nothing to swap', { id: 'swapPreview.empty' })}
      </p>`
    return html`<dl part="summary">
        <div>
          <dt>${msg('You sell', { id: 'swap.sell' })}</dt>
          <dd class="title" data-testid="swap-preview-sell">
            <bdi dir="ltr">${state.sourceAmount.trim()} ${state.sourceToken.symbol}</bdi>
          </dd>
        </div>
        <div>
          <dt>${msg('You buy', { id: 'swap.buy' })}</dt>
          <dd class="title" data-testid="swap-preview-buy">
            <bdi dir="ltr">${toAmountText(state)} ${state.toToken.symbol}</bdi>
          </dd>
        </div>
        <div>
          <dt>${msg('Minimum received', { id: 'swap.minimum' })}</dt>
          <dd data-testid="swap-preview-minimum">
            <bdi dir="ltr">${minimumReceivedText(state)} ${state.toToken.symbol}</bdi>
          </dd>
        </div>
        <div>
          <dt>${msg('Slippage (%)', { id: 'swap.slippage' })}</dt>
          <dd data-testid="swap-preview-slippage"><bdi dir="ltr">${state.slippage}</bdi></dd>
        </div>
      </dl>
      ${confirmActions({
        error: state.error,
        errorTestId: 'swap-preview-error',
        busy: state.executing,
        label: msg('Swap', { id: 'swap.title' }),
        busyLabel: msg('Swapping…', { id: 'swapPreview.swapping' }),
        confirmTestId: 'swap-confirm-button',
        onConfirm: () => void executeSwap(),
        backLabel: msg('Back', { id: 'sendPreview.back' }),
        backTestId: 'swap-back-button',
        onBack: () => popView()
      })}`
  }
}

defineElement('w3m-swap-preview-view', W3mSwapPreviewView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-swap-preview-view': W3mSwapPreviewView
  }
}
