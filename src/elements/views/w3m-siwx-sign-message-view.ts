import type { ViewName } from '../../config/views.js'
import { defineElement } from '../shared/define.js'
import { PlaceholderView } from './placeholder-view.js'

/**
 * The SIWXSignMessage view: sign in with the connected wallet (filled by the sign-in issue).
 * @tagname w3m-siwx-sign-message-view
 */
export class W3mSiwxSignMessageView extends PlaceholderView {
  protected readonly viewName: ViewName = 'SIWXSignMessage'
}

defineElement('w3m-siwx-sign-message-view', W3mSiwxSignMessageView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-siwx-sign-message-view': W3mSiwxSignMessageView
  }
}
