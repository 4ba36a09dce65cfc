import { LitElement, html } from 'lit'
import { $emailLogin, type EmailLoginState } from '../../stores/email/state.js'
import { clearEmailError } from '../../stores/email/login.js'
import { resetStyles } from '../../theme/tokens.js'
import { StoreController } from '../shared/store-controller.js'
import { connectionViewStyles } from './connection-view.styles.js'
import { codeForm } from './email-forms.js'
import { sendFormStyles } from './send-form.styles.js'

/**
 * What every one-time-code view shares: the code form over the e-mail login's state. A view says
 * where the code went, what it is for, and what a code does.
 */
export abstract class EmailCodeView extends LitElement {
  static override styles = [resetStyles, connectionViewStyles, sendFormStyles]

  protected readonly login = new StoreController(this, $emailLogin)

  protected abstract readonly testIdPrefix: string
  protected abstract sentTo(state: EmailLoginState): string
  protected abstract instructions(): string
  protected abstract submit(code: string): void
  /** Present on the views whose code can be sent again. */
  protected resend?(): void

  /** Leaving the step takes its error along (Back must not carry it to the previous view). */
  override disconnectedCallback(): void {
    super.disconnectedCallback()
    clearEmailError()
  }

  override firstUpdated(): void {
    this.renderRoot.querySelector<HTMLInputElement>('input')?.focus()
  }

  override render() {
    const state = this.login.value
    return html`${codeForm({
      state,
      sentTo: this.sentTo(state),
      instructions: this.instructions(),
      testIdPrefix: this.testIdPrefix,
      onSubmit: code => this.submit(code),
      ...(this.resend ? { onResend: () => this.resend?.() } : {})
    })}`
  }
}
