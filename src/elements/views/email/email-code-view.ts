import { html } from 'lit'
import type { EmailLoginState } from '../../../stores/email/state.js'
import { codeForm } from './email-forms.js'
import { EmailStepView } from './email-step-view.js'

/**
 * What every one-time-code view shares: the code form over the e-mail login's state. A view says
 * where the code went, what it is for, and what a code does.
 */
export abstract class EmailCodeView extends EmailStepView {
  protected abstract readonly testIdPrefix: string
  protected abstract sentTo(state: EmailLoginState): string
  protected abstract instructions(): string
  protected abstract submit(code: string): void
  /** Present on the views whose code can be sent again. */
  protected resend?(): void

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
