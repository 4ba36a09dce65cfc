import type { ViewName } from '../../config/views.js'
import { defineElement } from '../shared/define.js'
import { PlaceholderView } from './placeholder-view.js'

/**
 * The RegisterAccountName view: choose and register a name (filled by the names issue).
 * @tagname w3m-register-account-name-view
 */
export class W3mRegisterAccountNameView extends PlaceholderView {
  protected readonly viewName: ViewName = 'RegisterAccountName'
}

defineElement('w3m-register-account-name-view', W3mRegisterAccountNameView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-register-account-name-view': W3mRegisterAccountNameView
  }
}
