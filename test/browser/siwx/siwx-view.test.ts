import { expect, fixture, html } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { privateKeyToAccount } from 'viem/accounts'
import '../../../src/elements/views/siwx/w3m-siwx-sign-message-view.js'
import { createLocalSiwx } from '../../../src/siwx/factories.js'
import { connect } from '../../../src/stores/connect/connection.js'
import { loadConnectors } from '../../../src/stores/connect/connectors.js'
import { $modal } from '../../../src/stores/modal.js'
import { $router } from '../../../src/stores/router.js'
import { $siwx, configureSiwx, resetSiwx } from '../../../src/stores/siwx/state.js'
import { setSiwxStatus, stopSignInWatch, watchSignIn } from '../../../src/stores/siwx/flow.js'
import { $connection } from '../../../src/stores/connect/connection.js'
import { setLocale } from '../../../src/stores/locale.js'
import { FAKE_ADDRESS, FakeEip1193Provider, announceWallet } from '../../fixtures/eip1193-provider.js'
import { setUpConnection, tearDownConnection, track, until } from '../connect/support.js'

const KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
const ICON = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E'
const part = (el: Element, testId: string) => el.shadowRoot!.querySelector<HTMLElement>(`[data-testid=${testId}]`)
const text = (el: Element, testId: string) => part(el, testId)?.textContent?.replace(/\s+/g, ' ').trim()

describe('<w3m-siwx-sign-message-view>', () => {
  let provider: FakeEip1193Provider

  async function connected(required: boolean) {
    const siwx = createLocalSiwx({ required, statement: 'Welcome to the Shop' })
    setUpConnection({ siwx, metadata: { name: 'The Shop', url: 'https://shop.example', icons: [ICON] } })
    configureSiwx(siwx)
    provider = new FakeEip1193Provider()
    provider.failures.set('personal_sign', params =>
      privateKeyToAccount(KEY).signMessage({ message: { raw: (params as [`0x${string}`])[0] } })
    )
    track(announceWallet(provider, { rdns: 'com.example.fake', name: 'Fake' }))
    await loadConnectors()
    watchSignIn()
    await connect('com.example.fake')
    await until(() => $router.get().view === 'SIWXSignMessage', 'SIWXSignMessage')
    return fixture(html`<w3m-siwx-sign-message-view></w3m-siwx-sign-message-view>`)
  }

  afterEach(async () => {
    stopSignInWatch()
    resetSiwx()
    tearDownConnection()
    await setLocale('en')
  })

  it('shows the app’s name and icon, the account, the statement and what Cancel does (required)', async () => {
    const el = await connected(true)
    expect(text(el, 'siwx-title')).to.equal('The Shop needs to connect to your wallet')
    expect(part(el, 'siwx-app-icon')?.getAttribute('src')).to.equal(ICON)
    expect(text(el, 'siwx-account')).to.equal('0x7099…79C8')
    expect(part(el, 'siwx-account')?.querySelector('bdi')?.title).to.equal(FAKE_ADDRESS)
    expect(text(el, 'siwx-statement')).to.equal('Welcome to the Shop')
    expect(text(el, 'siwx-description')).to.equal(
      'Sign this message to prove you own this wallet. Canceling disconnects your wallet.'
    )
    await expect(el).to.be.accessible()
  })

  it('optional: says the visitor may go on without signing in', async () => {
    const el = await connected(false)
    expect(text(el, 'siwx-description')).to.equal(
      'Sign this message to prove you own this wallet. You can also continue without signing in.'
    )
    await expect(el).to.be.accessible()
  })

  it('Sign is busy while the wallet is asked, then the session is kept and the modal closes', async () => {
    const el = await connected(true)
    provider.held.add('personal_sign')
    part(el, 'siwx-sign-button')!.click()
    await until(() => $siwx.get().status === 'signing', 'signing')
    await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete
    expect(part(el, 'siwx-sign-button')?.getAttribute('aria-busy')).to.equal('true')
    expect(text(el, 'siwx-sign-button')).to.equal('Signing…')
    await expect(el).to.be.accessible()
    provider.release('personal_sign')
    await until(() => $siwx.get().hasSession, 'the session')
    expect($modal.get().open).to.equal(false)
  })

  it('works with the keyboard alone: Tab to Cancel and Enter disconnects when required', async () => {
    const el = await connected(true)
    part(el, 'siwx-sign-button')!.focus()
    await sendKeys({ press: 'Tab' })
    expect(el.shadowRoot!.activeElement?.getAttribute('data-testid')).to.equal('siwx-cancel-button')
    await sendKeys({ press: 'Enter' })
    await until(() => $connection.get().status === 'disconnected', 'the disconnection')
  })

  it('renders in the visitor’s language', async () => {
    const el = await connected(true)
    await setLocale('de')
    setSiwxStatus('idle')
    await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete
    expect(text(el, 'siwx-title')).to.equal('The Shop möchte sich mit deiner Wallet verbinden')
    expect(text(el, 'siwx-sign-button')).to.equal('Signieren')
  })
})
