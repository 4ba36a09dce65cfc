// The embedded wallet's smart account, the page's side (docs/behaviour.md sections 3 and 4): the preferred
// account type per namespace (the kit's defaults, an app's defaultAccountTypes, the visitor's stored
// choice), the account following the network (the EOA where there is no smart account), the Account view's 'Smart account' with Switch to EOA and back (keyboard alone, the focus
// kept), a refused switch falling back to the EOA with the spec's fallback said, a smart-account
// networks error emptying the stored list; German, and axe. Against the frame double (projects
// 'smart…' have a smart account on chain 31337); the real frame, bundler and chain are in
// test/server/frame-smart-wallet.test.ts and test/e2e/smart-account.test.mjs.
import { expect, fixture, html } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import type { LitElement } from 'lit'
import '../../../src/elements/views/account/w3m-account-view.js'
import { localChainA, localChainB } from '../../../src/networks/definitions.js'
import { storedPreferredAccountTypes, storedSmartAccountEnabledNetworks } from '../../../src/storage/keys.js'
import { $account } from '../../../src/stores/account.js'
import { submitEmail, submitOtp } from '../../../src/stores/email/login.js'
import { setLocale } from '../../../src/stores/locale.js'
import { switchNetwork } from '../../../src/stores/networks/network-switch.js'
import { SMART_ACCOUNT_FALLBACK } from '../../../src/stores/texts.js'
import { $toast } from '../../../src/stores/toast.js'
import { until } from '../connect/support.js'
import { DOUBLE_ADDRESS, forgetDoubleLogin, setUpEmail, tearDownEmail } from './support.js'

const SMART_ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const PROJECTS = ['smart-account-test', 'smart-refuse', 'smart-broken', 'plain-account-test']

const inner = (el: Element, id: string) =>
  el.shadowRoot!.querySelector('w3m-account-type')!.shadowRoot!.querySelector<HTMLElement>(`[data-testid="${id}"]`)

async function logIn(project: string, options: Parameters<typeof setUpEmail>[1] = {}): Promise<void> {
  setUpEmail(project, { defaultNetwork: localChainA, ...options })
  expect(await submitEmail('visitor@example.com')).to.equal(true)
  expect(await submitOtp('123456')).to.equal(true)
  await until(() => $account.get().status === 'connected', 'the connection')
}

async function accountView(): Promise<LitElement> {
  const el = await fixture<LitElement>(html`<w3m-account-view></w3m-account-view>`)
  await until(() => inner(el, 'account-type') !== null || inner(el, 'account-type-note') !== null, 'the type')
  return el
}

describe('the embedded wallet’s smart account', () => {
  beforeEach(async () => {
    await Promise.all(PROJECTS.map(forgetDoubleLogin))
  })
  afterEach(async () => {
    await setLocale('en')
    tearDownEmail()
  })

  it('connects with the smart account where the kit prefers it (eip155’s default): both accounts typed, the networks stored', async () => {
    await logIn('smart-account-test')
    const account = $account.get()
    expect(account.address).to.equal(SMART_ADDRESS)
    expect(account.preferredAccountType).to.equal('smartAccount')
    expect(account.preferredAccountTypes).to.deep.equal({
      eip155: 'smartAccount',
      solana: 'eoa',
      bip122: 'payment',
      polkadot: 'eoa'
    })
    expect(account.allAccounts).to.deep.equal([
      { namespace: 'eip155', address: SMART_ADDRESS, type: 'smartAccount' },
      { namespace: 'eip155', address: DOUBLE_ADDRESS, type: 'eoa' }
    ])
    expect(account.smartAccountDeployed).to.equal(false)
    expect(account.smartAccountNetworks).to.deep.equal([31337])
    expect(storedSmartAccountEnabledNetworks.get()).to.deep.equal([31337])
    const el = await accountView()
    expect(inner(el, 'account-type')!.textContent).to.contain('Smart account')
    expect(inner(el, 'account-switch-type')!.textContent!.trim()).to.equal('Switch to EOA')
    await expect(el).to.be.accessible()
  })

  it('switches to the EOA and back with the keyboard alone; the choice is stored and the focus stays', async () => {
    await logIn('smart-account-test')
    const el = await accountView()
    const typeElement = el.shadowRoot!.querySelector('w3m-account-type')!
    inner(el, 'account-switch-type')!.focus()
    await sendKeys({ press: 'Enter' })
    await until(() => $account.get().address === DOUBLE_ADDRESS, 'the EOA')
    expect($account.get().preferredAccountType).to.equal('eoa')
    expect(storedPreferredAccountTypes.get()).to.deep.equal({ eip155: 'eoa' })
    await until(() => inner(el, 'account-switch-type')?.textContent?.trim() === 'Switch to smart account', 'the label')
    expect(inner(el, 'account-type')!.textContent).to.contain('Regular account (EOA)')
    expect(typeElement.shadowRoot!.activeElement).to.equal(inner(el, 'account-switch-type'))
    await expect(el).to.be.accessible()
    await sendKeys({ press: 'Enter' })
    await until(() => $account.get().address === SMART_ADDRESS, 'the smart account again')
    expect(storedPreferredAccountTypes.get()).to.deep.equal({ eip155: 'smartAccount' })
    expect($account.get().preferredAccountType).to.equal('smartAccount')
  })

  it('an app’s defaultAccountTypes (eip155: eoa) connects the EOA; the visitor’s stored choice wins over it', async () => {
    await logIn('smart-account-test', { defaultAccountTypes: { eip155: 'eoa' } })
    expect($account.get().address).to.equal(DOUBLE_ADDRESS)
    expect($account.get().preferredAccountTypes?.eip155).to.equal('eoa')
    const el = await accountView()
    expect(inner(el, 'account-switch-type')!.textContent!.trim()).to.equal('Switch to smart account')
    inner(el, 'account-switch-type')!.click()
    await until(() => $account.get().address === SMART_ADDRESS, 'the smart account')
    expect($account.get().preferredAccountTypes?.eip155).to.equal('smartAccount')
  })

  it('a refused switch to the smart account falls back to the EOA and says so', async () => {
    await logIn('smart-refuse', { defaultAccountTypes: { eip155: 'eoa' } })
    expect($account.get().address).to.equal(DOUBLE_ADDRESS)
    const el = await accountView()
    inner(el, 'account-switch-type')!.click()
    await until(() => $toast.get().message === SMART_ACCOUNT_FALLBACK, 'the fallback toast')
    expect($toast.get().variant).to.equal('error')
    expect($account.get().address).to.equal(DOUBLE_ADDRESS)
    expect($account.get().preferredAccountType).to.equal('eoa')
  })

  it('a smart-account networks error empties the stored list: no switch is offered on the EOA', async () => {
    storedSmartAccountEnabledNetworks.set([31337])
    await logIn('smart-broken', { defaultAccountTypes: { eip155: 'eoa' } })
    expect($account.get().smartAccountNetworks).to.deep.equal([])
    expect(storedSmartAccountEnabledNetworks.get()).to.deep.equal([])
    const el = await fixture<LitElement>(html`<w3m-account-view></w3m-account-view>`)
    expect(inner(el, 'account-switch-type')).to.equal(null)
  })

  it('a wallet with no smart account here: the note that it fell back to EOA, no switch', async () => {
    await logIn('plain-account-test')
    expect($account.get().address).to.equal(DOUBLE_ADDRESS)
    const el = await accountView()
    expect(inner(el, 'account-switch-type')).to.equal(null)
    expect(inner(el, 'account-type-note')!.textContent).to.contain('no smart account here')
  })

  it('follows the network: the EOA where the wallet has no smart account, the smart account again back on its chain', async () => {
    await logIn('smart-account-test')
    expect($account.get().address).to.equal(SMART_ADDRESS)
    expect(await switchNetwork(localChainB.caipNetworkId)).to.equal(true)
    await until(() => $account.get().address === DOUBLE_ADDRESS, 'the EOA on chain B')
    expect($account.get().preferredAccountType).to.equal('eoa')
    expect($account.get().caipAddress).to.equal(`eip155:${localChainB.id}:${DOUBLE_ADDRESS}`)
    expect(await switchNetwork(localChainA.caipNetworkId)).to.equal(true)
    await until(() => $account.get().address === SMART_ADDRESS, 'the smart account on chain A')
    expect($account.get().preferredAccountType).to.equal('smartAccount')
  })

  it('speaks German', async () => {
    await logIn('smart-account-test')
    await setLocale('de')
    const el = await accountView()
    expect(inner(el, 'account-type')!.textContent).to.contain('Smart Account')
    expect(inner(el, 'account-switch-type')!.textContent!.trim()).to.equal('Zu EOA wechseln')
  })
})
