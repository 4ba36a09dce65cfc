import { msg } from '../../../i18n/msg.js'
import { resendCode, submitOtp } from '../../../stores/email/login.js'
import type { EmailLoginState } from '../../../stores/email/state.js'
import { defineElement } from '../../shared/define.js'
import { EmailCodeView } from './email-code-view.js'

/**
 * The EmailVerifyOtp view: the login code e-mailed to the visitor. A right code logs the embedded
 * wallet in and connects it (Account follows); a wrong one says so and keeps the e-mail typed.
 * @tagname w3m-email-verify-otp-view
 * @csspart form - The code's form.
 * @csspart error - Why the code was refused, or when a new one may be asked for.
 */
export class W3mEmailVerifyOtpView extends EmailCodeView {
  protected readonly testIdPrefix = 'email-otp'
  protected sentTo(state: EmailLoginState): string {
    return state.email
  }
  protected instructions(): string {
    return msg('Enter the code we sent to', { id: 'email.otpInstructions' })
  }
  protected submit(code: string): void {
    void submitOtp(code)
  }
  protected override resend(): void {
    void resendCode()
  }
}

defineElement('w3m-email-verify-otp-view', W3mEmailVerifyOtpView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-email-verify-otp-view': W3mEmailVerifyOtpView
  }
}
