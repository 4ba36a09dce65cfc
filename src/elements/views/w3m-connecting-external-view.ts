import { defineElement } from '../shared/define.js'
import { PlaceholderView } from './placeholder-view.js'

/**
 * The ConnectingExternal view: waiting for an injected or announced wallet (filled by the connecting issue).
 * @tagname w3m-connecting-external-view
 */
export class W3mConnectingExternalView extends PlaceholderView {
  protected readonly viewName = 'ConnectingExternal'
}

defineElement('w3m-connecting-external-view', W3mConnectingExternalView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-connecting-external-view': W3mConnectingExternalView
  }
}
