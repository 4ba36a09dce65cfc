import { defineElement } from '../shared/define.js'
import { PlaceholderView } from './placeholder-view.js'

/**
 * The Account view: address, balance and the Tokens, NFTs and Activity tabs (filled by the account issue).
 * @tagname w3m-account-view
 */
export class W3mAccountView extends PlaceholderView {
  protected readonly viewName = 'Account'
}

defineElement('w3m-account-view', W3mAccountView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-account-view': W3mAccountView
  }
}
