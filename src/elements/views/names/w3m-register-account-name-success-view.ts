import { LitElement, html, nothing } from 'lit'
import { msg } from '../../../i18n/msg.js'
import { $account } from '../../../stores/account.js'
import { $locale } from '../../../stores/locale.js'
import { $names, resetNames } from '../../../stores/names/form.js'
import { popToView, resetView } from '../../../stores/router.js'
import { resetStyles } from '../../../theme/tokens.js'
import { defineElement } from '../../shared/define.js'
import { StoreController } from '../../shared/store-controller.js'
import { connectionViewStyles } from '../connection-view.styles.js'

/**
 * The RegisterAccountNameSuccess view: the name just registered, now the account's (the Account
 * view, the account button and Activity show it), and a button back to the Account view.
 * @tagname w3m-register-account-name-success-view
 * @csspart name - The registered name.
 */
export class W3mRegisterAccountNameSuccessView extends LitElement {
  static override styles = [resetStyles, connectionViewStyles]

  private readonly names = new StoreController(this, $names)
  private readonly account = new StoreController(this, $account)
  protected readonly locale = new StoreController(this, $locale)

  override render() {
    const name = this.names.value.registered ?? this.account.value.profileName
    return html`${
        name
          ? html`<p class="title" part="name" data-testid="register-name-success-name"><bdi dir="ltr">${name}</bdi></p>`
          : nothing
      }
      <p data-testid="register-name-success-text">
        ${msg('Your name is registered: your account shows it from now on.', { id: 'registerNameSuccess.text' })}
      </p>
      <div class="actions">
        <button type="button" class="action primary" data-testid="register-name-success-done" @click=${this.onDone}>
          ${msg('Back to account', { id: 'registerNameSuccess.done' })}
        </button>
      </div>`
  }

  private readonly onDone = (): void => {
    resetNames()
    if (!popToView('Account')) resetView('Account')
  }
}

defineElement('w3m-register-account-name-success-view', W3mRegisterAccountNameSuccessView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-register-account-name-success-view': W3mRegisterAccountNameSuccessView
  }
}
