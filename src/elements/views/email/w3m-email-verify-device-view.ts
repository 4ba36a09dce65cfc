import { msg } from '../../../i18n/msg.js'
import { resendCode, submitDeviceCode } from '../../../stores/email/login.js'
import type { EmailLoginState } from '../../../stores/email/state.js'
import { defineElement } from '../../shared/define.js'
import { EmailCodeView } from './email-code-view.js'

/**
 * The EmailVerifyDevice view: this browser is new to the account, so a code was e-mailed to approve
 * it. A right code remembers the device and sends the login code (EmailVerifyOtp follows).
 * @tagname w3m-email-verify-device-view
 * @csspart form - The code's form.
 * @csspart error - Why the code was refused, or when a new one may be asked for.
 */
export class W3mEmailVerifyDeviceView extends EmailCodeView {
  protected readonly testIdPrefix = 'email-device'
  protected sentTo(state: EmailLoginState): string {
    return state.email
  }
  protected instructions(): string {
    return msg('This device is new to your account. Enter the approval code we sent to', {
      id: 'email.deviceInstructions'
    })
  }
  protected submit(code: string): void {
    void submitDeviceCode(code)
  }
  protected override resend(): void {
    void resendCode()
  }
}

defineElement('w3m-email-verify-device-view', W3mEmailVerifyDeviceView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-email-verify-device-view': W3mEmailVerifyDeviceView
  }
}
