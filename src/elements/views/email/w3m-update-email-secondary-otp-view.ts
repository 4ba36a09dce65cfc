import { msg } from '../../../i18n/msg.js'
import { submitSecondaryOtp } from '../../../stores/email/login.js'
import type { EmailLoginState } from '../../../stores/email/state.js'
import { defineElement } from '../../shared/define.js'
import { EmailCodeView } from './email-code-view.js'

/**
 * The UpdateEmailSecondaryOtp view: the e-mail change's second code, sent to the new address. A
 * right code makes it the account's address (Account follows, showing it).
 * @tagname w3m-update-email-secondary-otp-view
 * @csspart form - The code's form.
 * @csspart error - Why the code was refused.
 */
export class W3mUpdateEmailSecondaryOtpView extends EmailCodeView {
  protected readonly testIdPrefix = 'update-email-secondary'
  protected sentTo(state: EmailLoginState): string {
    return state.newEmail
  }
  protected instructions(): string {
    return msg('Enter the code we sent to your new address', { id: 'email.secondaryInstructions' })
  }
  protected submit(code: string): void {
    void submitSecondaryOtp(code)
  }
}

defineElement('w3m-update-email-secondary-otp-view', W3mUpdateEmailSecondaryOtpView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-update-email-secondary-otp-view': W3mUpdateEmailSecondaryOtpView
  }
}
