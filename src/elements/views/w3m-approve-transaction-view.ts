import type { ViewName } from '../../config/views.js'
import { defineElement } from '../shared/define.js'
import { PlaceholderView } from './placeholder-view.js'

/**
 * The ApproveTransaction view: the embedded wallet asks to approve a request (filled by the embedded-wallet issue).
 * @tagname w3m-approve-transaction-view
 */
export class W3mApproveTransactionView extends PlaceholderView {
  protected readonly viewName: ViewName = 'ApproveTransaction'
}

defineElement('w3m-approve-transaction-view', W3mApproveTransactionView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-approve-transaction-view': W3mApproveTransactionView
  }
}
