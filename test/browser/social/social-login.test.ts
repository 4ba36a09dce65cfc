// Social login through the embedded wallet, the page's side (src/stores/social/, the Connect and
// Account views) against the frame double and a provider double on another origin
// (fixture/provider.html, which sends its window back to the page like the frame's backend does):
// a button per provider, the provider's window opened by the visitor's own key press, the return
// read from that window once it is back on this origin and the window closed, the frame redeeming
// it, the kit connected with the provider and user name shown and stored; a refusal, and a window
// the visitor closes (said at once, not after a timeout); a return by full-page redirect; the
// keyboard alone, German, and axe. The real provider and backend are in test/server and test/e2e.
import { expect, fixture, html } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import type { LitElement } from 'lit'
import sinon from 'sinon'
import '../../../src/elements/views/account/w3m-account-view.js'
import '../../../src/elements/views/connect/w3m-connect-view.js'
import { SOCIAL_RESULT_PARAM } from '../../../src/frame/social.js'
import { storedConnectedSocial, storedEmailLoginUsed, storedSocialUsername } from '../../../src/storage/keys.js'
import { $account } from '../../../src/stores/account.js'
import { onKitEvent, type KitEvent } from '../../../src/stores/kit-events.js'
import { setLocale } from '../../../src/stores/locale.js'
import { sessionOf } from '../../../src/stores/connect/sessions.js'
import { SOCIAL_WINDOW_NAME } from '../../../src/stores/social/loader.js'
import { $socialLogin } from '../../../src/stores/social/state.js'
import { SOCIAL_CANCELLED, SOCIAL_WINDOW_CLOSED } from '../../../src/stores/social/texts.js'
import { until } from '../connect/support.js'
import { DOUBLE_ADDRESS, forgetDoubleLogin, setUpEmail, tearDownEmail } from '../email/support.js'

const PROJECT = 'social-login-test'
/** A plain page of this origin: where the provider double sends its window back. */
const RETURN_PAGE = '/test/browser/email/fixture/return.html'

/** How often the kit looks at the provider's window (POLL_MS in src/stores/social/login.ts). */
const SOCIAL_POLL_MS = 250

const byTestId = (el: Element, id: string) => el.shadowRoot!.querySelector<HTMLElement>(`[data-testid="${id}"]`)

describe('social login', () => {
  let testPage: string
  let events: KitEvent[]
  let stopEvents: () => void
  let opened: Array<Window | null>

  beforeEach(async () => {
    await forgetDoubleLogin(PROJECT)
    setUpEmail(PROJECT)
    // The return comes back to this page's address: a plain page, not the test runner's.
    testPage = location.href
    history.replaceState(history.state, '', RETURN_PAGE)
    events = []
    stopEvents = onKitEvent(event => events.push(event))
    opened = []
    const open = window.open.bind(window)
    sinon.stub(window, 'open').callsFake((...args: Parameters<typeof window.open>) => {
      const popup = open(...args)
      opened.push(popup)
      return popup
    })
  })
  afterEach(async () => {
    for (const popup of opened) popup?.close()
    sinon.restore()
    stopEvents()
    history.replaceState(history.state, '', testPage)
    await setLocale('en')
    tearDownEmail()
  })

  /** Opens the list behind "more" (issue 32: the providers after the first five wait there). */
  async function openMore(el: Element): Promise<void> {
    byTestId(el, 'social-more')!.focus()
    await sendKeys({ press: 'Enter' })
    await until(() => byTestId(el, 'social-more-list') !== null, 'the list behind more')
  }

  /** Presses Enter on the provider's button (behind "more" if it is there): a real key press, so the window may open. */
  async function choose(el: Element, provider: string): Promise<void> {
    if (!byTestId(el, `social-${provider}`)) await openMore(el)
    byTestId(el, `social-${provider}`)!.focus()
    await sendKeys({ press: 'Enter' })
  }

  it('lists a button per provider in features.socials order, Farcaster among them', async () => {
    const el = await fixture<LitElement>(html`<w3m-connect-view></w3m-connect-view>`)
    await openMore(el)
    const items = [
      ...byTestId(el, 'social-list')!.querySelectorAll('wui-list-item'),
      ...byTestId(el, 'social-more-list')!.querySelectorAll('wui-list-item')
    ]
    expect(items.map(item => item.getAttribute('data-testid'))).to.deep.equal([
      'social-google',
      'social-x',
      'social-discord',
      'social-farcaster',
      'social-github',
      'social-apple',
      'social-facebook'
    ])
    expect(items.map(item => item.textContent?.trim())).to.deep.equal([
      'Continue with Google',
      'Continue with X',
      'Continue with Discord',
      'Continue with Farcaster',
      'Continue with GitHub',
      'Continue with Apple',
      'Continue with Facebook'
    ])
    expect(items.some(item => item.hasAttribute('disabled'))).to.equal(false)
    await expect(el).to.be.accessible()
  })

  it('Google with the keyboard: its window opens, comes back, closes; the kit connects with the provider and user name', async () => {
    const el = await fixture<LitElement>(html`<w3m-connect-view></w3m-connect-view>`)
    await choose(el, 'google')
    expect(opened).to.have.length(1)
    expect(opened[0], 'the window opened inside the key press').to.not.equal(null)
    expect((window.open as sinon.SinonStub).firstCall.args[1]).to.equal(SOCIAL_WINDOW_NAME)
    await until(() => $socialLogin.get().status !== 'idle', 'the waiting state')
    await el.updateComplete
    expect(byTestId(el, 'social-status')?.textContent?.trim()).to.equal('Finish signing in with Google in its window')
    await until(() => $account.get().address === DOUBLE_ADDRESS, 'the connection')
    expect(opened[0]!.closed, 'the provider’s window is closed').to.equal(true)
    expect($account.get().socialProvider).to.equal('google')
    expect($account.get().user).to.deep.equal({ username: 'alice' })
    expect(storedConnectedSocial.get()).to.equal('google')
    expect(storedSocialUsername.get()).to.equal('alice')
    expect(storedEmailLoginUsed.get()).to.equal(true)
    expect(sessionOf('eip155')?.address).to.equal(DOUBLE_ADDRESS)
    expect(events.filter(event => event.event === 'SOCIAL_LOGIN_SUCCESS').map(event => event.properties)).to.deep.equal(
      [{ provider: 'google' }]
    )
    expect($socialLogin.get()).to.deep.equal({ provider: undefined, status: 'idle', error: undefined })

    const account = await fixture<LitElement>(html`<w3m-account-view></w3m-account-view>`)
    expect(byTestId(account, 'account-social')?.textContent?.trim()).to.equal('Signed in with Google as alice')
    // Spec §3 (socialProvider): the account line names the way in, "Google", not the connector.
    expect(byTestId(account, 'account-network')?.textContent?.trim()).to.match(/ · Google$/)
    expect(byTestId(account, 'account-update-email')).to.equal(null)
    await expect(account).to.be.accessible()
  })

  it('a refusal at the provider says the sign-in was cancelled, as an alert', async () => {
    const el = await fixture<LitElement>(html`<w3m-connect-view></w3m-connect-view>`)
    await choose(el, 'facebook')
    await until(() => $socialLogin.get().error !== undefined, 'the error')
    expect($socialLogin.get()).to.deep.equal({ provider: 'facebook', status: 'idle', error: SOCIAL_CANCELLED })
    await el.updateComplete
    const alert = byTestId(el, 'social-error')!
    expect(alert.getAttribute('role')).to.equal('alert')
    expect(alert.textContent).to.equal('The sign-in was cancelled')
    expect($account.get().address).to.equal(undefined)
    expect(events.map(event => event.event)).to.include('SOCIAL_LOGIN_ERROR')
    await expect(el).to.be.accessible()
  })

  it('a window the visitor closes ends the attempt at once with a clear message', async () => {
    // The kit looks at its window every 250 ms: a fake clock runs those looks, so "at once" means
    // at the first look after the close, whatever the machine's load (not a bound in real time).
    const clock = sinon.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const el = await fixture<LitElement>(html`<w3m-connect-view></w3m-connect-view>`)
    await choose(el, 'discord')
    // The provider double for discord never sends its window back: the window is at the provider
    // once this page can no longer read its address (another origin).
    await until(() => {
      try {
        return opened[0]!.location.href === undefined
      } catch {
        return true
      }
    }, 'the provider’s page in the window')
    await clock.tickAsync(SOCIAL_POLL_MS * 4)
    expect($socialLogin.get(), 'an open window is waited for').to.include({ provider: 'discord', error: undefined })
    opened[0]!.close()
    await until(() => opened[0]!.closed, 'the window closed')
    await clock.tickAsync(SOCIAL_POLL_MS)
    await until(() => $socialLogin.get().error !== undefined, 'the error')
    expect($socialLogin.get().status).to.equal('idle')
    expect($socialLogin.get().error).to.equal(SOCIAL_WINDOW_CLOSED)
    await el.updateComplete
    expect(byTestId(el, 'social-error')!.textContent).to.equal('The sign-in window was closed')
  })

  it('a window closed before the provider’s address is known ends the attempt; the page stays', async () => {
    // The window closes as it opens: before the kit has asked the frame where to send it.
    const open = window.open.bind(window)
    sinon.restore()
    sinon.stub(window, 'open').callsFake((...args: Parameters<typeof window.open>) => {
      const popup = open(...args)
      popup?.close()
      return popup
    })
    const page = location.href
    const el = await fixture<LitElement>(html`<w3m-connect-view></w3m-connect-view>`)
    await choose(el, 'discord')
    await until(() => $socialLogin.get().error !== undefined, 'the error')
    expect($socialLogin.get().error).to.equal(SOCIAL_WINDOW_CLOSED)
    expect(location.href).to.equal(page)
    expect($account.get().address).to.equal(undefined)
  })

  it('a page that came back by full-page redirect finishes the login and loses the return from its address', async () => {
    const { finishRedirectReturn } = await import('../../../src/stores/social/login.js')
    const back = new URL(RETURN_PAGE, location.href)
    back.searchParams.set('keep', '1')
    back.searchParams.set(SOCIAL_RESULT_PARAM, 'granted:github:alice')
    history.replaceState(history.state, '', back)
    expect(await finishRedirectReturn(back)).to.equal(true)
    expect($account.get().address).to.equal(DOUBLE_ADDRESS)
    expect($account.get().user).to.deep.equal({ username: 'alice' })
    expect(location.search).to.equal('?keep=1')
  })

  it('in German', async () => {
    await setLocale('de')
    const el = await fixture<LitElement>(html`<w3m-connect-view></w3m-connect-view>`)
    expect(byTestId(el, 'social-google')!.textContent?.trim()).to.equal('Weiter mit Google')
    await choose(el, 'facebook')
    await until(() => $socialLogin.get().error !== undefined, 'the error')
    await el.updateComplete
    expect(byTestId(el, 'social-error')!.textContent).to.equal('Die Anmeldung wurde abgebrochen')
    await expect(el).to.be.accessible()
  })
})
