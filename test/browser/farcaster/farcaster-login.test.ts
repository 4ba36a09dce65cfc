// Sign In With Farcaster, the page's side (src/stores/farcaster/, the Connect, ConnectingFarcaster
// and Account views) against the frame double (fixture/wallet-frame.ts), whose sign-in stays
// pending until the test approves it through the test server: the Connect view's Farcaster button
// opens the view; the QR code, Open Farcaster and Copy link carry the relay's URL; the kit asks
// until the approval, connects, shows the Farcaster name and stores it; the backend's refusals are
// said (alert) with Try again, which starts a new sign-in; leaving the view stops asking; a URL
// that is not http(s) is never shown; the keyboard alone, German, and axe. The real relay, backend
// and chain are in test/server/embedded-farcaster.test.ts and the e2e.
import { expect, fixture, html } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import type { LitElement } from 'lit'
import sinon from 'sinon'
import '../../../src/elements/views/account/w3m-account-view.js'
import '../../../src/elements/views/connect/w3m-connect-view.js'
import '../../../src/elements/views/farcaster/w3m-connecting-farcaster-view.js'
import { FARCASTER_EXPIRED, FARCASTER_FAILED, FARCASTER_NOT_VERIFIED } from '../../../src/frame/farcaster.js'
import { storedConnectedSocial, storedSocialUsername } from '../../../src/storage/keys.js'
import { $account } from '../../../src/stores/account.js'
import { authClient } from '../../../src/stores/email/auth-session.js'
import { $farcasterLogin, initialFarcasterLogin } from '../../../src/stores/farcaster/state.js'
import { FARCASTER_MAX_MISSES, FARCASTER_POLL_MS } from '../../../src/stores/farcaster/login.js'
import { onKitEvent, type KitEvent } from '../../../src/stores/kit-events.js'
import { setLocale } from '../../../src/stores/locale.js'
import { $router, resetRouter } from '../../../src/stores/router.js'
import { $toast } from '../../../src/stores/toast.js'
import { until } from '../connect/support.js'
import { DOUBLE_ADDRESS, forgetDoubleLogin, setUpEmail, tearDownEmail } from '../email/support.js'

const byTestId = (el: Element, id: string) => el.shadowRoot!.querySelector<HTMLElement>(`[data-testid="${id}"]`)

/** What the visitor does in their Farcaster app, through the double: a name approves, or a refusal. */
const approve = (project: string, answer: string) =>
  fetch(`/wallet-double/session?key=${encodeURIComponent(`farcaster:${project}`)}`, { method: 'PUT', body: answer })

/**
 * The kit's questions to the frame "did the visitor approve?" (connectFarcaster) as they are asked,
 * and the frame's answers as they come back.
 */
function watchQuestions(): { asked: number; answers: unknown[] } {
  const client = authClient()
  const request = client.request.bind(client)
  const seen = { asked: 0, answers: [] as unknown[] }
  sinon.stub(client, 'request').callsFake((async (method: Parameters<typeof request>[0], params: never) => {
    if (method === 'connectFarcaster') seen.asked++
    const answer = await request(method, params)
    if (method === 'connectFarcaster') seen.answers.push(answer)
    return answer
  }) as typeof client.request)
  return seen
}

describe('Sign In With Farcaster', () => {
  let project: string
  let events: KitEvent[]
  let stopEvents: () => void

  async function setUp(name: string) {
    project = name
    await forgetDoubleLogin(project)
    await fetch(`/wallet-double/session?key=${encodeURIComponent(`farcaster:${project}`)}`, { method: 'DELETE' })
    setUpEmail(project)
  }

  beforeEach(async () => {
    await setUp('farcaster-login-test')
    $farcasterLogin.set(initialFarcasterLogin)
    resetRouter()
    events = []
    stopEvents = onKitEvent(event => events.push(event))
  })
  afterEach(async () => {
    sinon.restore()
    stopEvents()
    $farcasterLogin.set(initialFarcasterLogin)
    await setLocale('en')
    tearDownEmail()
  })

  const showView = () => fixture<LitElement>(html`<w3m-connecting-farcaster-view></w3m-connecting-farcaster-view>`)

  async function waiting(el: LitElement): Promise<string> {
    await until(() => $farcasterLogin.get().status === 'waiting', 'the sign-in URL')
    await el.updateComplete
    return $farcasterLogin.get().url!
  }

  it('the Connect view’s Farcaster button opens ConnectingFarcaster, with the keyboard', async () => {
    const el = await fixture<LitElement>(html`<w3m-connect-view></w3m-connect-view>`)
    const button = byTestId(el, 'social-farcaster')!
    expect(button.hasAttribute('disabled')).to.equal(false)
    expect(button.textContent?.trim()).to.equal('Continue with Farcaster')
    button.focus()
    await sendKeys({ press: 'Enter' })
    expect($router.get().view).to.equal('ConnectingFarcaster')
    await expect(el).to.be.accessible()
  })

  it('shows the sign-in URL as a QR code, Open Farcaster and Copy link; once approved, connects and shows the Farcaster name', async () => {
    // A fake clock runs the kit's once-a-second questions: the test says when the next one is due,
    // whatever the machine's load. It also moves with real time, for axe's own timers.
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    const questions = watchQuestions()
    const el = await showView()
    expect(byTestId(el, 'farcaster-title')!.textContent?.trim()).to.equal(
      'Scan this QR code with the Farcaster app on your phone'
    )
    const url = await waiting(el)
    expect(url).to.equal('https://farcaster.test/~/siwf?channelToken=channel-1')
    expect((byTestId(el, 'farcaster-qr') as HTMLElement & { uri: string }).uri).to.equal(url)
    const open = byTestId(el, 'farcaster-open') as HTMLAnchorElement
    expect(open.href).to.equal(url)
    expect(open.target).to.equal('_blank')
    expect(open.rel).to.equal('noopener noreferrer')
    expect(byTestId(el, 'farcaster-status')!.textContent?.trim()).to.equal('Waiting for you to approve in Farcaster')
    await expect(el).to.be.accessible()

    const write = sinon.stub(navigator.clipboard, 'writeText').resolves()
    byTestId(el, 'farcaster-copy-link')!.click()
    await until(() => $toast.get().open, 'the toast')
    expect(write.firstCall.args).to.deep.equal([url])
    expect($toast.get()).to.include({ variant: 'success', message: 'Link copied' })

    // Still pending after a few questions: nothing connects before the approval.
    for (let question = 1; question <= 3; question++) {
      await clock.tickAsync(FARCASTER_POLL_MS)
      await until(() => questions.answers.length >= question, `the frame’s answer ${question}`)
    }
    expect(questions.answers.every(answer => JSON.stringify(answer) === '{"state":"pending"}')).to.equal(true)
    expect($account.get().address).to.equal(undefined)
    expect($farcasterLogin.get().status).to.equal('waiting')
    await approve(project, 'alice')
    await clock.tickAsync(FARCASTER_POLL_MS)
    await until(() => $account.get().address === DOUBLE_ADDRESS, 'the connection')
    expect($account.get().socialProvider).to.equal('farcaster')
    expect($account.get().user).to.deep.equal({ username: 'alice' })
    expect(storedConnectedSocial.get()).to.equal('farcaster')
    expect(storedSocialUsername.get()).to.equal('alice')
    expect($farcasterLogin.get()).to.deep.equal(initialFarcasterLogin)
    expect(events.filter(event => event.event === 'SOCIAL_LOGIN_SUCCESS').map(event => event.properties)).to.deep.equal(
      [{ provider: 'farcaster' }]
    )

    const account = await fixture<LitElement>(html`<w3m-account-view></w3m-account-view>`)
    expect(byTestId(account, 'account-social')?.textContent?.trim()).to.equal('Signed in with Farcaster as alice')
    expect(byTestId(account, 'account-network')?.textContent?.trim()).to.match(/ · Farcaster$/)
    await expect(account).to.be.accessible()
  })

  it('an expired sign-in is said as an alert; Try again, with the keyboard, starts a new one', async () => {
    await approve(project, 'expire')
    const el = await showView()
    await until(() => $farcasterLogin.get().status === 'failed', 'the failure')
    await el.updateComplete
    const alert = byTestId(el, 'farcaster-error')!
    expect(alert.getAttribute('role')).to.equal('alert')
    expect(alert.textContent?.trim()).to.equal(FARCASTER_EXPIRED)
    expect(byTestId(el, 'farcaster-open')).to.equal(null)
    expect(events.filter(event => event.event === 'SOCIAL_LOGIN_ERROR').map(event => event.properties)).to.deep.equal([
      { provider: 'farcaster', message: FARCASTER_EXPIRED }
    ])
    await expect(el).to.be.accessible()

    await fetch(`/wallet-double/session?key=${encodeURIComponent(`farcaster:${project}`)}`, { method: 'DELETE' })
    byTestId(el, 'farcaster-retry')!.focus()
    await sendKeys({ press: 'Enter' })
    expect(await waiting(el)).to.equal('https://farcaster.test/~/siwf?channelToken=channel-2')
    expect(byTestId(el, 'farcaster-error')).to.equal(null)
  })

  it('a sign-in the backend could not verify says so', async () => {
    await approve(project, 'unverified')
    const el = await showView()
    await until(() => $farcasterLogin.get().status === 'failed', 'the failure')
    await el.updateComplete
    expect(byTestId(el, 'farcaster-error')!.textContent?.trim()).to.equal(FARCASTER_NOT_VERIFIED)
    expect($account.get().address).to.equal(undefined)
  })

  it('a question that got no answer is asked again; three in a row end the attempt', async () => {
    const warn = sinon.stub(console, 'warn')
    await approve(project, 'flaky')
    const el = await showView()
    await waiting(el)
    await until(() => warn.called, 'the unanswered question')
    expect($farcasterLogin.get().status).to.equal('waiting')
    await approve(project, 'alice')
    await until(() => $account.get().address === DOUBLE_ADDRESS, 'the connection')

    tearDownEmail()
    await setUp('farcaster-login-broken')
    await approve(project, 'broken')
    const again = await showView()
    await until(() => $farcasterLogin.get().status === 'failed', 'the failure')
    await again.updateComplete
    expect(byTestId(again, 'farcaster-error')!.textContent?.trim()).to.equal(FARCASTER_FAILED)
    expect(warn.args.filter(([text]) => String(text).includes('asking again'))).to.have.length(
      1 + FARCASTER_MAX_MISSES - 1
    )
  })

  it('leaving the view stops asking: an approval after it connects nothing', async () => {
    // A fake clock runs the kit's once-a-second questions: the ones after the leaving were due.
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const questions = watchQuestions()
    const el = await showView()
    await waiting(el)
    await clock.tickAsync(FARCASTER_POLL_MS)
    await until(() => questions.answers.length === 1, 'the first answer')
    el.remove()
    expect($farcasterLogin.get()).to.deep.equal(initialFarcasterLogin)
    await approve(project, 'alice')
    await clock.tickAsync(FARCASTER_POLL_MS * 3)
    expect(questions.asked, 'questions after the leaving').to.equal(1)
    expect($account.get().address).to.equal(undefined)
  })

  it('a sign-in URL that is not http(s) is never shown nor linked', async () => {
    tearDownEmail()
    await setUp('farcaster-login-badurl')
    const warn = sinon.stub(console, 'warn')
    const el = await showView()
    await until(() => $farcasterLogin.get().status === 'failed', 'the failure')
    await el.updateComplete
    expect(byTestId(el, 'farcaster-error')!.textContent?.trim()).to.equal(FARCASTER_FAILED)
    expect(el.shadowRoot!.querySelector('a')).to.equal(null)
    expect(warn.called).to.equal(true)
  })

  it('in German', async () => {
    await setLocale('de')
    const el = await showView()
    await waiting(el)
    expect(byTestId(el, 'farcaster-title')!.textContent?.trim()).to.equal(
      'Scanne diesen QR-Code mit der Farcaster-App auf deinem Telefon'
    )
    expect(byTestId(el, 'farcaster-open')!.textContent?.trim()).to.equal('Farcaster öffnen')
    expect(byTestId(el, 'farcaster-status')!.textContent?.trim()).to.equal('Warte auf deine Bestätigung in Farcaster')
    await expect(el).to.be.accessible()
  })
})
