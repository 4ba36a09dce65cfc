import { defineElement } from '../shared/define.js'
import { PlaceholderView } from './placeholder-view.js'

/**
 * The ConnectingWalletConnect view: the QR code and copy link (filled by the connecting issue).
 * @tagname w3m-connecting-wallet-connect-view
 */
export class W3mConnectingWalletConnectView extends PlaceholderView {
  protected readonly viewName = 'ConnectingWalletConnect'
}

defineElement('w3m-connecting-wallet-connect-view', W3mConnectingWalletConnectView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-connecting-wallet-connect-view': W3mConnectingWalletConnectView
  }
}
