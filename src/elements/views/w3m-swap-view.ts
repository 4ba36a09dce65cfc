import type { ViewName } from '../../config/views.js'
import { defineElement } from '../shared/define.js'
import { PlaceholderView } from './placeholder-view.js'

/**
 * The Swap view: token swaps on supported networks (filled by the swap issue).
 * @tagname w3m-swap-view
 */
export class W3mSwapView extends PlaceholderView {
  protected readonly viewName: ViewName = 'Swap'
}

defineElement('w3m-swap-view', W3mSwapView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-swap-view': W3mSwapView
  }
}
