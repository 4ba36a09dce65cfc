import { defineElement } from '../shared/define.js'
import { PlaceholderView } from './placeholder-view.js'

/**
 * The ConnectingWalletConnectBasic view: WalletConnect-only connecting (filled by the connecting issue).
 * @tagname w3m-connecting-wallet-connect-basic-view
 */
export class W3mConnectingWalletConnectBasicView extends PlaceholderView {
  protected readonly viewName = 'ConnectingWalletConnectBasic'
}

defineElement('w3m-connecting-wallet-connect-basic-view', W3mConnectingWalletConnectBasicView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-connecting-wallet-connect-basic-view': W3mConnectingWalletConnectBasicView
  }
}
