import { defineElement } from '../shared/define.js'
import { PlaceholderView } from './placeholder-view.js'

/**
 * The SwitchNetwork view: asks the wallet to switch (filled by the connecting issue).
 * @tagname w3m-switch-network-view
 */
export class W3mSwitchNetworkView extends PlaceholderView {
  protected readonly viewName = 'SwitchNetwork'
}

defineElement('w3m-switch-network-view', W3mSwitchNetworkView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-switch-network-view': W3mSwitchNetworkView
  }
}
