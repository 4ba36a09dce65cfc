import type { Meta, StoryObj } from '@storybook/web-components-vite'
import { CODE_INVALID, EMAIL_INVALID } from '../../../../src/stores/email/texts.js'
import { connectedEvmAccount } from '../../../../test/fixtures/accounts.js'
import { expectPart } from '../support/expect-part.js'
import { modalStory } from '../support/modal-story.js'

/**
 * The e-mail login (the embedded wallet): the Connect view's e-mail form, the device and login
 * codes, the e-mail change, and the Account view's e-mail. Every state the element tests check
 * (test/browser/email/).
 */
const meta = {
  title: 'Views/Email',
  component: 'w3m-email-verify-otp-view'
} satisfies Meta

export default meta
type Story = StoryObj

const email = { email: 'visitor@example.com' }

/** Connect: an address that is not one, refused with the rule, the typing kept. */
export const ConnectInvalidEmail: Story = modalStory(
  'Connect',
  { email: { email: 'visitor@', error: EMAIL_INVALID } },
  expectPart('email-login-error', EMAIL_INVALID)
)

/** Connect: a code asked for again within 30 s. */
export const ConnectCooldown: Story = modalStory(
  'Connect',
  { email: { ...email, cooldownSeconds: 12 } },
  expectPart('email-login-error', 'Please try again after 12 seconds')
)

/** The login code's view as it opens. */
export const VerifyOtp: Story = modalStory(
  'EmailVerifyOtp',
  { email },
  expectPart('email-otp-instructions', 'Enter the code we sent to')
)

/** A wrong code: said, the e-mail kept. */
export const VerifyOtpWrongCode: Story = modalStory(
  'EmailVerifyOtp',
  { email: { ...email, error: CODE_INVALID } },
  expectPart('email-otp-error', CODE_INVALID)
)

/** The code is being checked. */
export const VerifyOtpChecking: Story = modalStory(
  'EmailVerifyOtp',
  { email: { ...email, busy: true } },
  expectPart('email-otp-submit', 'Checking…')
)

/** A new device: the approval code first. */
export const VerifyDevice: Story = modalStory(
  'EmailVerifyDevice',
  { email },
  expectPart('email-device-instructions', 'This device is new to your account. Enter the approval code we sent to')
)

/** The e-mail change: the new address. */
export const UpdateEmail: Story = modalStory(
  'UpdateEmail',
  { account: { ...connectedEvmAccount, user: email }, email },
  expectPart('update-email-current', 'Current address:')
)

/** The e-mail change: the code sent to the current address. */
export const UpdateEmailPrimaryOtp: Story = modalStory(
  'UpdateEmailPrimaryOtp',
  { account: { ...connectedEvmAccount, user: email }, email: { ...email, newEmail: 'next@example.com' } },
  expectPart(
    'update-email-primary-instructions',
    'To confirm the change, enter the code we sent to your current address'
  )
)

/** The e-mail change: the code sent to the new address. */
export const UpdateEmailSecondaryOtp: Story = modalStory(
  'UpdateEmailSecondaryOtp',
  { account: { ...connectedEvmAccount, user: email }, email: { ...email, newEmail: 'next@example.com' } },
  expectPart('update-email-secondary-instructions', 'Enter the code we sent to your new address')
)

/** The Account view of an e-mail login: the address and "Update e-mail". */
export const AccountWithEmail: Story = modalStory(
  'Account',
  { account: { ...connectedEvmAccount, user: email } },
  expectPart('account-update-email', 'Update e-mail', view => {
    const shown = view.shadowRoot?.querySelector('[data-testid=account-email] bdi')?.textContent
    if (shown !== 'visitor@example.com') throw new Error(`the e-mail shows "${shown}"`)
  })
)
