import { defineElement } from '../shared/define.js'
import { PlaceholderView } from './placeholder-view.js'

/**
 * The UnsupportedChain view: the wallet is on a network the app does not support (filled by the connecting issue).
 * @tagname w3m-unsupported-chain-view
 */
export class W3mUnsupportedChainView extends PlaceholderView {
  protected readonly viewName = 'UnsupportedChain'
}

defineElement('w3m-unsupported-chain-view', W3mUnsupportedChainView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-unsupported-chain-view': W3mUnsupportedChainView
  }
}
