// The e-mail login's actions and the auth connector against a frame on another origin (the test
// double in fixture/, speaking the real channel): codes, device verification, the cool-down, what
// is stored, the connection, reconnecting, sign-out, and the e-mail change.
import { expect } from '@open-wc/testing'
import sinon from 'sinon'
import { $account } from '../../../src/stores/account.js'
import { $connection, disconnect } from '../../../src/stores/connect/connection.js'
import {
  cooldownLeft,
  resendCode,
  submitDeviceCode,
  submitEmail,
  submitNewEmail,
  submitOtp,
  submitPrimaryOtp,
  submitSecondaryOtp
} from '../../../src/stores/email/login.js'
import { $emailLogin } from '../../../src/stores/email/state.js'
import {
  CODE_INCOMPLETE,
  CODE_INVALID,
  EMAIL_DEPENDENCY_FAILED,
  EMAIL_INVALID,
  EMAIL_UPDATED
} from '../../../src/stores/email/texts.js'
import { emailLoginAvailable } from '../../../src/stores/email/loader.js'
import { onKitEvent, type KitEvent } from '../../../src/stores/kit-events.js'
import { openModal } from '../../../src/stores/modal.js'
import { $router } from '../../../src/stores/router.js'
import { startConnection } from '../../../src/stores/connect/start-connection.js'
import { $toast } from '../../../src/stores/toast.js'
import { storedEmail, storedEmailLoginUsed, storedLastEmailLoginTime } from '../../../src/storage/keys.js'
import { until } from '../connect/support.js'
import { DOUBLE_ADDRESS, forgetDoubleLogin, frames, setUpEmail, tearDownEmail } from './support.js'
import { closeAuthSession } from '../../../src/stores/email/auth-session.js'

const PROJECT = 'email-login-test'

async function logIn(email = 'visitor@example.com'): Promise<void> {
  expect(await submitEmail(email)).to.equal(true)
  expect(await submitOtp('123456')).to.equal(true)
}

describe('e-mail login', () => {
  let events: KitEvent[]
  let stop: () => void

  beforeEach(async () => {
    await forgetDoubleLogin(PROJECT)
    setUpEmail(PROJECT)
    openModal()
    events = []
    stop = onKitEvent(event => events.push(event))
  })
  afterEach(() => {
    stop()
    sinon.restore()
    tearDownEmail()
  })

  it('is offered only with e-mail on and a frame URL', () => {
    expect(emailLoginAvailable()).to.equal(true)
    setUpEmail(PROJECT, { frameUrl: undefined })
    expect(emailLoginAvailable()).to.equal(false)
    setUpEmail(PROJECT, { features: { email: false } })
    expect(emailLoginAvailable()).to.equal(false)
  })

  it("without a frame to log in with, sending an address says 'Unable to load email login dependency'", async () => {
    setUpEmail(PROJECT, { frameUrl: undefined })
    expect(await submitEmail('visitor@example.com')).to.equal(false)
    expect($emailLogin.get().error).to.equal(EMAIL_DEPENDENCY_FAILED)
    expect($emailLogin.get().email).to.equal('visitor@example.com')
    expect(frames()).to.have.length(0)
  })

  it('refuses a malformed address before anything loads: no frame, the rule said, the typing kept', async () => {
    expect(await submitEmail('not-an-address')).to.equal(false)
    expect($emailLogin.get().error).to.equal(EMAIL_INVALID)
    expect($emailLogin.get().email).to.equal('not-an-address')
    expect(frames()).to.have.length(0)
  })

  it('creates the frame on first use, on its own origin, with the host origin and project in its address', async () => {
    expect(frames()).to.have.length(0)
    await submitEmail('visitor@example.com')
    const [iframe] = frames()
    const url = new URL(iframe!.src)
    expect(url.origin).to.equal(`http://127.0.0.1:${location.port}`)
    expect(url.searchParams.get('hostOrigin')).to.equal(location.origin)
    expect(url.searchParams.get('projectId')).to.equal(PROJECT)
    // Hidden while nothing is to be approved.
    expect(iframe!.closest('dialog')!.open).to.equal(false)
  })

  it('a known device goes straight to the login code; a right code connects and stores the login', async () => {
    sinon.useFakeTimers({ now: 1_700_000_000_000, toFake: ['Date'] })
    expect(await submitEmail('  visitor@example.com ')).to.equal(true)
    expect($router.get().view).to.equal('EmailVerifyOtp')
    expect(storedLastEmailLoginTime.get()).to.equal(1_700_000_000_000)
    expect(await submitOtp('123456')).to.equal(true)
    expect($connection.get().status).to.equal('connected')
    expect($account.get().address).to.equal(DOUBLE_ADDRESS)
    expect($account.get().user).to.deep.equal({ email: 'visitor@example.com' })
    expect($account.get().connectedWalletInfo?.connectorId).to.equal('AUTH')
    expect(storedEmail.get()).to.equal('visitor@example.com')
    expect(storedEmailLoginUsed.get()).to.equal(true)
    expect(storedLastEmailLoginTime.get()).to.equal(undefined)
    expect($router.get().view).to.equal('Account')
    expect(events.map(event => event.event)).to.include.members(['CONNECT_SUCCESS', 'EMAIL_LOGIN_SUCCESS'])
    // No event property carries the e-mail address.
    expect(JSON.stringify(events)).to.not.contain('visitor@example.com')
  })

  it('a new device gets a device code first, then the login code', async () => {
    expect(await submitEmail('new@example.com')).to.equal(true)
    expect($router.get().view).to.equal('EmailVerifyDevice')
    expect(await submitDeviceCode('999999')).to.equal(false)
    expect($emailLogin.get().error).to.equal(CODE_INVALID)
    expect(await submitDeviceCode('111111')).to.equal(true)
    expect($router.get().view).to.equal('EmailVerifyOtp')
    expect(await submitOtp('123456')).to.equal(true)
    expect($account.get().user?.email).to.equal('new@example.com')
  })

  it('a wrong code says so and keeps the e-mail; a code of the wrong shape is refused without asking', async () => {
    await submitEmail('visitor@example.com')
    expect(await submitOtp('000000')).to.equal(false)
    expect($emailLogin.get().error).to.equal(CODE_INVALID)
    expect($emailLogin.get().email).to.equal('visitor@example.com')
    expect($connection.get().status).to.not.equal('connected')
    expect(storedEmailLoginUsed.get()).to.equal(undefined)
    expect(await submitOtp('12')).to.equal(false)
    expect($emailLogin.get().error).to.equal(CODE_INCOMPLETE)
    expect(await submitOtp('123456')).to.equal(true)
  })

  it('a code asked for again within 30 s says when, rounded up; after 30 s it goes', async () => {
    const clock = sinon.useFakeTimers({ now: 1_700_000_000_000, toFake: ['Date'] })
    await submitEmail('visitor@example.com')
    clock.tick(10_200)
    expect(cooldownLeft()).to.equal(20)
    expect(await resendCode()).to.equal(false)
    expect($emailLogin.get().cooldownSeconds).to.equal(20)
    clock.tick(19_799)
    expect(await resendCode()).to.equal(false)
    expect($emailLogin.get().cooldownSeconds).to.equal(1)
    clock.tick(1)
    expect(await resendCode()).to.equal(true)
    expect($emailLogin.get().cooldownSeconds).to.equal(undefined)
  })

  it("the backend's own cool-down arrives as seconds too", async () => {
    expect(await submitEmail('slow@example.com')).to.equal(false)
    expect($emailLogin.get().cooldownSeconds).to.equal(7)
    expect($emailLogin.get().error).to.equal(undefined)
  })

  it('the theme and the app data reach the frame', async () => {
    await logIn()
    await until(() => $account.get().status === 'connected', 'connected')
    const frame = frames()[0]!
    expect(frame).to.not.equal(undefined)
    // The double echoes the last synced theme mode in the user name.
    const { authClient } = await import('../../../src/stores/email/auth-session.js')
    const user = await authClient().request('getUser', {})
    expect(user.userName).to.match(/^theme:(light|dark)$/)
  })

  it('sign-out tells the frame and clears the login cache', async () => {
    await logIn()
    expect(await disconnect()).to.equal(true)
    expect(storedEmail.get()).to.equal(undefined)
    expect(storedEmailLoginUsed.get()).to.equal(undefined)
    const { authClient } = await import('../../../src/stores/email/auth-session.js')
    expect((await authClient().request('isConnected', {})).isConnected).to.equal(false)
  })

  it('after a reload the frame is created at once and reconnects without a code', async () => {
    await logIn()
    // A reload: the page's frame and state go, the storage stays.
    closeAuthSession()
    const stored = { ...localStorage }
    setUpEmail(PROJECT)
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value)
    expect(frames()).to.have.length(0)
    expect(await startConnection()).to.equal(true)
    expect(frames()).to.have.length(1)
    expect($account.get().address).to.equal(DOUBLE_ADDRESS)
    expect($account.get().user?.email).to.equal('visitor@example.com')
  })

  it('a page whose visitor never used the e-mail login creates no frame on load', async () => {
    await startConnection()
    expect(frames()).to.have.length(0)
  })

  it('when the frame says it is not logged in, the reconnect clears the login cache', async () => {
    await logIn()
    const { authClient } = await import('../../../src/stores/email/auth-session.js')
    await authClient().request('signOut', {})
    closeAuthSession()
    const stored = { ...localStorage }
    setUpEmail(PROJECT)
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value)
    expect(await startConnection()).to.equal(false)
    expect(storedEmail.get()).to.equal(undefined)
    expect(storedEmailLoginUsed.get()).to.equal(undefined)
  })

  it('the e-mail change: new address, code to the old one, code to the new one, stored and shown', async () => {
    await logIn()
    expect(await submitNewEmail('nope')).to.equal(false)
    expect($emailLogin.get().error).to.equal(EMAIL_INVALID)
    expect(await submitNewEmail('changed@example.com')).to.equal(true)
    expect($router.get().view).to.equal('UpdateEmailPrimaryOtp')
    expect(await submitPrimaryOtp('000000')).to.equal(false)
    expect($emailLogin.get().error).to.equal(CODE_INVALID)
    expect(await submitPrimaryOtp('123456')).to.equal(true)
    expect($router.get().view).to.equal('UpdateEmailSecondaryOtp')
    expect(await submitSecondaryOtp('654321')).to.equal(true)
    expect(storedEmail.get()).to.equal('changed@example.com')
    expect($account.get().user?.email).to.equal('changed@example.com')
    expect($toast.get().message).to.equal(EMAIL_UPDATED)
    expect($router.get().view).to.equal('Account')
  })
})
