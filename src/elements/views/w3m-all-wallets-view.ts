import { defineElement } from '../shared/define.js'
import { PlaceholderView } from './placeholder-view.js'

/**
 * The AllWallets view: the wallet catalog with search (filled by the connecting issue).
 * @tagname w3m-all-wallets-view
 */
export class W3mAllWalletsView extends PlaceholderView {
  protected readonly viewName = 'AllWallets'
}

defineElement('w3m-all-wallets-view', W3mAllWalletsView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-all-wallets-view': W3mAllWalletsView
  }
}
