import { LitElement } from 'lit'
import { clearEmailError } from '../../../stores/email/login.js'
import { $emailLogin } from '../../../stores/email/state.js'
import { resetStyles } from '../../../theme/tokens.js'
import { StoreController } from '../../shared/store-controller.js'
import { connectionViewStyles } from '../connection-view.styles.js'
import { sendFormStyles } from '../send-form.styles.js'

/**
 * What every step of the e-mail login and the e-mail change shares: the login's state, focus on
 * the step's field when it shows, and its error taken along when it is left (Back must not carry
 * it to the previous view).
 */
export abstract class EmailStepView extends LitElement {
  static override styles = [resetStyles, connectionViewStyles, sendFormStyles]

  protected readonly login = new StoreController(this, $emailLogin)

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    clearEmailError()
  }

  override firstUpdated(): void {
    this.renderRoot.querySelector<HTMLInputElement>('input')?.focus()
  }
}
