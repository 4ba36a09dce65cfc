import type { ViewName } from '../../config/views.js'
import { defineElement } from '../shared/define.js'
import { PlaceholderView } from './placeholder-view.js'

/**
 * The ConnectingFarcaster view: the Farcaster QR and link (filled by the social-login issue).
 * @tagname w3m-connecting-farcaster-view
 */
export class W3mConnectingFarcasterView extends PlaceholderView {
  protected readonly viewName: ViewName = 'ConnectingFarcaster'
}

defineElement('w3m-connecting-farcaster-view', W3mConnectingFarcasterView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-connecting-farcaster-view': W3mConnectingFarcasterView
  }
}
