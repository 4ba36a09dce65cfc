// The e-mail login's views, driven with the keyboard alone: the Connect view's e-mail form, the
// code views, the e-mail change, and the Account view's e-mail; texts as text, errors as alerts,
// the cool-down's seconds, German, and an axe check of each.
import { expect, fixture, html } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import '../../../src/elements/views/account/w3m-account-view.js'
import '../../../src/elements/views/connect/w3m-connect-view.js'
import '../../../src/elements/views/email/w3m-email-verify-device-view.js'
import '../../../src/elements/views/email/w3m-email-verify-otp-view.js'
import '../../../src/elements/views/email/w3m-update-email-view.js'
import '../../../src/elements/views/email/w3m-update-email-primary-otp-view.js'
import '../../../src/elements/views/email/w3m-update-email-secondary-otp-view.js'
import { $account } from '../../../src/stores/account.js'
import { $emailLogin, updateEmailLogin } from '../../../src/stores/email/state.js'
import { setLocale } from '../../../src/stores/locale.js'
import { openModal } from '../../../src/stores/modal.js'
import { $router } from '../../../src/stores/router.js'
import { until } from '../connect/support.js'
import { forgetDoubleLogin, setUpEmail, tearDownEmail } from './support.js'

const PROJECT = 'email-views-test'

const byTestId = (el: Element, id: string) => el.shadowRoot!.querySelector<HTMLElement>(`[data-testid="${id}"]`)

/** Types `text` into the focused field and presses Enter: the keyboard alone. */
async function typeAndEnter(text: string): Promise<void> {
  await sendKeys({ type: text })
  await sendKeys({ press: 'Enter' })
}

describe('e-mail views', () => {
  beforeEach(async () => {
    await forgetDoubleLogin(PROJECT)
    setUpEmail(PROJECT)
    openModal()
  })
  afterEach(async () => {
    await setLocale('en')
    tearDownEmail()
  })

  it('Connect: the e-mail form sends a code with the keyboard alone and opens the code view', async () => {
    const el = await fixture(html`<w3m-connect-view></w3m-connect-view>`)
    const input = byTestId(el, 'email-login-input') as HTMLInputElement
    expect(input.type).to.equal('email')
    expect(input.autocomplete).to.equal('email')
    await expect(el).to.be.accessible()
    input.focus()
    await typeAndEnter('visitor@example.com')
    await until(() => $router.get().view === 'EmailVerifyOtp', 'the code view')
  })

  it('Connect: a malformed address is refused with an alert, the typing kept', async () => {
    const el = await fixture(html`<w3m-connect-view></w3m-connect-view>`)
    ;(byTestId(el, 'email-login-input') as HTMLInputElement).focus()
    await typeAndEnter('not-an-address')
    await until(() => byTestId(el, 'email-login-error') !== null, 'the error')
    expect(byTestId(el, 'email-login-error')!.getAttribute('role')).to.equal('alert')
    expect(byTestId(el, 'email-login-error')!.textContent!.trim()).to.equal('Enter a valid e-mail address')
    expect((byTestId(el, 'email-login-input') as HTMLInputElement).value).to.equal('not-an-address')
    expect(byTestId(el, 'email-login-input')!.getAttribute('aria-invalid')).to.equal('true')
    await expect(el).to.be.accessible()
  })

  it('Connect: the cool-down says its seconds', async () => {
    updateEmailLogin({ cooldownSeconds: 12 })
    const el = await fixture(html`<w3m-connect-view></w3m-connect-view>`)
    expect(byTestId(el, 'email-login-error')!.textContent!.trim()).to.equal('Please try again after 12 seconds')
  })

  it('EmailVerifyOtp: focus lands on the code; the address is text; a wrong code says so; a right one connects', async () => {
    updateEmailLogin({ email: '<img src=x onerror=alert(1)>@example.com' })
    const markup = await fixture(html`<w3m-email-verify-otp-view></w3m-email-verify-otp-view>`)
    expect(markup.shadowRoot!.querySelector('img')).to.equal(null)
    expect(byTestId(markup, 'email-otp-sent-to')!.textContent).to.contain('<img src=x onerror=alert(1)>')
    markup.remove()
    const { submitEmail } = await import('../../../src/stores/email/login.js')
    await submitEmail('visitor@example.com')
    const el = await fixture(html`<w3m-email-verify-otp-view></w3m-email-verify-otp-view>`)
    const input = byTestId(el, 'email-otp-input') as HTMLInputElement
    expect(el.shadowRoot!.activeElement).to.equal(input)
    expect(input.inputMode).to.equal('numeric')
    expect(input.autocomplete).to.equal('one-time-code')
    expect(input.maxLength).to.equal(6)
    expect(byTestId(el, 'email-otp-sent-to')!.textContent).to.equal('visitor@example.com')
    await typeAndEnter('000000')
    await until(() => byTestId(el, 'email-otp-error') !== null, 'the error')
    expect(byTestId(el, 'email-otp-error')!.textContent!.trim()).to.equal('Invalid code')
    expect($emailLogin.get().email).to.equal('visitor@example.com')
    await expect(el).to.be.accessible()
    input.value = ''
    input.focus()
    await typeAndEnter('123456')
    await until(() => $account.get().status === 'connected', 'the connection')
    expect($router.get().view).to.equal('Account')
  })

  it('a code view shows its error; leaving it takes the error along (Back does not carry it)', async () => {
    updateEmailLogin({ email: 'visitor@example.com', error: 'Invalid code' })
    const el = await fixture(html`<w3m-email-verify-otp-view></w3m-email-verify-otp-view>`)
    expect(byTestId(el, 'email-otp-error')!.textContent!.trim()).to.equal('Invalid code')
    el.remove()
    expect($emailLogin.get().error).to.equal(undefined)
    expect($emailLogin.get().email).to.equal('visitor@example.com')
  })

  it('EmailVerifyDevice: says why, offers Resend, and in German', async () => {
    updateEmailLogin({ email: 'new@example.com' })
    await setLocale('de')
    const el = await fixture(html`<w3m-email-verify-device-view></w3m-email-verify-device-view>`)
    expect(byTestId(el, 'email-device-resend')).to.not.equal(null)
    expect(byTestId(el, 'email-device-sent-to')!.textContent).to.contain('new@example.com')
    expect(byTestId(el, 'email-device-submit')!.textContent!.trim()).to.not.equal('Continue')
    await expect(el).to.be.accessible()
  })

  it('the e-mail change views: new address, then each code, each accessible', async () => {
    updateEmailLogin({ email: 'visitor@example.com' })
    const update = await fixture(html`<w3m-update-email-view></w3m-update-email-view>`)
    expect(byTestId(update, 'update-email-current-address')!.textContent).to.contain('visitor@example.com')
    await expect(update).to.be.accessible()
    const primary = await fixture(html`<w3m-update-email-primary-otp-view></w3m-update-email-primary-otp-view>`)
    expect(byTestId(primary, 'update-email-primary-resend')).to.equal(null)
    await expect(primary).to.be.accessible()
    updateEmailLogin({ newEmail: 'next@example.com' })
    const secondary = await fixture(html`<w3m-update-email-secondary-otp-view></w3m-update-email-secondary-otp-view>`)
    expect(byTestId(secondary, 'update-email-secondary-sent-to')!.textContent).to.contain('next@example.com')
    await expect(secondary).to.be.accessible()
  })

  it('Connect: an address the frame is already logged in with connects at once (CONNECT): no code view (docs/behaviour.md section 3)', async () => {
    // The frame holds a login the kit is not connected with (the frame's own stored session).
    await fetch(`/wallet-double/session?key=${PROJECT}`, { method: 'PUT', body: 'visitor@example.com' })
    const el = await fixture(html`<w3m-connect-view></w3m-connect-view>`)
    const views: string[] = []
    const stop = $router.listen(state => void views.push(state.view))
    try {
      byTestId(el, 'email-login-input')!.focus()
      await typeAndEnter('visitor@example.com')
      await until(() => $router.get().view === 'Account', 'the Account view')
    } finally {
      stop()
    }
    expect(views).to.not.include('EmailVerifyOtp')
    expect(views).to.not.include('EmailVerifyDevice')
    expect($account.get().user?.email).to.equal('visitor@example.com')
  })

  it('Account: shows the e-mail of an e-mail login and opens the change from it', async () => {
    const { submitEmail, submitOtp } = await import('../../../src/stores/email/login.js')
    await submitEmail('visitor@example.com')
    await submitOtp('123456')
    const el = await fixture(html`<w3m-account-view></w3m-account-view>`)
    expect(byTestId(el, 'account-email')!.textContent).to.contain('visitor@example.com')
    // Spec §3 (socialProvider): the account line names the way in, not the connector ("Email").
    expect(byTestId(el, 'account-network')!.textContent!.trim()).to.match(/ · E-mail$/)
    await expect(el).to.be.accessible()
    byTestId(el, 'account-update-email')!.focus()
    await sendKeys({ press: 'Enter' })
    expect($router.get().view).to.equal('UpdateEmail')
    expect($emailLogin.get().email).to.equal('visitor@example.com')
  })
})
