import { msg } from '../../../i18n/msg.js'
import { submitPrimaryOtp } from '../../../stores/email/login.js'
import type { EmailLoginState } from '../../../stores/email/state.js'
import { defineElement } from '../../shared/define.js'
import { EmailCodeView } from './email-code-view.js'

/**
 * The UpdateEmailPrimaryOtp view: the e-mail change's first code, sent to the current address.
 * @tagname w3m-update-email-primary-otp-view
 * @csspart form - The code's form.
 * @csspart error - Why the code was refused.
 */
export class W3mUpdateEmailPrimaryOtpView extends EmailCodeView {
  protected readonly testIdPrefix = 'update-email-primary'
  protected sentTo(state: EmailLoginState): string {
    return state.email
  }
  protected instructions(): string {
    return msg('To confirm the change, enter the code we sent to your current address', {
      id: 'email.primaryInstructions'
    })
  }
  protected submit(code: string): void {
    void submitPrimaryOtp(code)
  }
}

defineElement('w3m-update-email-primary-otp-view', W3mUpdateEmailPrimaryOtpView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-update-email-primary-otp-view': W3mUpdateEmailPrimaryOtpView
  }
}
