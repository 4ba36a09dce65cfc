import { defineElement } from '../shared/define.js'
import { PlaceholderView } from './placeholder-view.js'

/**
 * The SwitchActiveChain view: moves to another namespace (filled by the connecting issue).
 * @tagname w3m-switch-active-chain-view
 */
export class W3mSwitchActiveChainView extends PlaceholderView {
  protected readonly viewName = 'SwitchActiveChain'
}

defineElement('w3m-switch-active-chain-view', W3mSwitchActiveChainView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-switch-active-chain-view': W3mSwitchActiveChainView
  }
}
