import { html } from 'lit'
import { msg } from '../../../i18n/msg.js'
import { submitNewEmail } from '../../../stores/email/login.js'
import { defineElement } from '../../shared/define.js'
import { emailForm } from './email-forms.js'
import { EmailStepView } from './email-step-view.js'

/**
 * The UpdateEmail view: the embedded wallet's new e-mail address. A code then goes to the current
 * address (UpdateEmailPrimaryOtp), then one to the new address (UpdateEmailSecondaryOtp).
 * @tagname w3m-update-email-view
 * @csspart form - The address's form.
 * @csspart error - Why the address was refused.
 */
export class W3mUpdateEmailView extends EmailStepView {
  override render() {
    const state = this.login.value
    return html`<p class="muted">
        <span data-testid="update-email-current">${msg('Current address:', { id: 'email.current' })}</span>
        <bdi dir="ltr" data-testid="update-email-current-address">${state.email}</bdi>
      </p>
      ${emailForm({
        state,
        value: state.newEmail,
        label: msg('New e-mail address', { id: 'email.newLabel' }),
        testIdPrefix: 'update-email',
        submitLabel: msg('Continue', { id: 'email.continue' }),
        onSubmit: email => void submitNewEmail(email)
      })}`
  }
}

defineElement('w3m-update-email-view', W3mUpdateEmailView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-update-email-view': W3mUpdateEmailView
  }
}
