import { LitElement, html } from 'lit'
import { msg, str } from '../../../i18n/msg.js'
import { approveSwapToken, cancelApproval } from '../../../stores/swap/execute.js'
import { $swap } from '../../../stores/swap/swap.js'
import { resetStyles } from '../../../theme/tokens.js'
import { confirmActions } from '../../shared/confirm-actions.js'
import { defineElement } from '../../shared/define.js'
import { StoreController } from '../../shared/store-controller.js'
import { connectionViewStyles } from '../connection-view.styles.js'

/**
 * The ApproveTransaction view, through the transaction stack (docs/behaviour.md section 4): the swap's router
 * may spend the token sold once the wallet approves it. Approve asks the wallet and, once the
 * approval is mined, the stack's success continues the swap; Cancel, or a failed approval, goes
 * back.
 * @tagname w3m-approve-transaction-view
 * @csspart error - Why the approval failed.
 */
export class W3mApproveTransactionView extends LitElement {
  static override styles = [resetStyles, connectionViewStyles]

  private readonly swap = new StoreController(this, $swap)

  override render() {
    const state = this.swap.value
    const symbol = state.sourceToken?.symbol ?? ''
    return html`<p class="title" data-testid="approve-title">
        ${msg(str`Allow the swap to use your ${symbol}`, { id: 'approve.title' })}
      </p>
      <p class="muted" data-testid="approve-amount">
        <bdi dir="ltr">${state.sourceAmount.trim()} ${symbol}</bdi>
      </p>
      ${confirmActions({
        error: state.error,
        errorTestId: 'approve-error',
        busy: state.executing,
        label: msg('Approve', { id: 'approve.approve' }),
        busyLabel: msg('Approving…', { id: 'approve.approving' }),
        confirmTestId: 'approve-button',
        onConfirm: () => void approveSwapToken(),
        backLabel: msg('Cancel', { id: 'approve.cancel' }),
        backTestId: 'approve-cancel-button',
        onBack: () => cancelApproval()
      })}`
  }
}

defineElement('w3m-approve-transaction-view', W3mApproveTransactionView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-approve-transaction-view': W3mApproveTransactionView
  }
}
