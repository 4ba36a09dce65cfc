import type { ViewName } from '../../config/views.js'
import { defineElement } from '../shared/define.js'
import { PlaceholderView } from './placeholder-view.js'

/**
 * The RegisterAccountNameSuccess view: the name is registered (filled by the names issue).
 * @tagname w3m-register-account-name-success-view
 */
export class W3mRegisterAccountNameSuccessView extends PlaceholderView {
  protected readonly viewName: ViewName = 'RegisterAccountNameSuccess'
}

defineElement('w3m-register-account-name-success-view', W3mRegisterAccountNameSuccessView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-register-account-name-success-view': W3mRegisterAccountNameSuccessView
  }
}
