import { expect, fixture, html } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { HttpError } from '../../../src/api/errors.js'
import '../../../src/elements/buttons/appkit-account-button.js'
import '../../../src/elements/views/account/w3m-account-view.js'
import '../../../src/elements/views/names/w3m-register-account-name-success-view.js'
import '../../../src/elements/views/names/w3m-register-account-name-view.js'
import type { W3mRegisterAccountNameView } from '../../../src/elements/views/names/w3m-register-account-name-view.js'
import { $account, setAccount } from '../../../src/stores/account.js'
import { activeConnector } from '../../../src/stores/connect/connection.js'
import { $names } from '../../../src/stores/names/form.js'
import { resetNetwork } from '../../../src/stores/network.js'
import { $router } from '../../../src/stores/router.js'
import { identityCache } from '../../../src/storage/caches.js'
import { nameOfAddress } from '../../../src/stores/names/reverse.js'
import { FAKE_ADDRESS, ProviderError } from '../../fixtures/eip1193-provider.js'
import { connectedSolanaAccount } from '../../fixtures/accounts.js'
import { until } from '../connect/support.js'
import {
  byTestId,
  connectForNames,
  decodeHex,
  SIGNATURE,
  tearDownNames,
  text,
  type,
  type NamesSetUp
} from './support.js'

async function form(): Promise<W3mRegisterAccountNameView> {
  return fixture<W3mRegisterAccountNameView>(html`<w3m-register-account-name-view></w3m-register-account-name-view>`)
}

/** Types `label`, waits for its lookups, then presses Register and waits for the outcome. */
async function register(el: W3mRegisterAccountNameView, label: string): Promise<void> {
  type(byTestId<HTMLInputElement>(el, 'register-name-input')!, label)
  await until(() => $names.get().availability !== 'checking', 'the availability')
  byTestId(el, 'register-name-button')!.click()
  await until(() => !$names.get().loading, 'the registration')
  await el.updateComplete
}

describe('RegisterAccountName: registering', () => {
  let setup: NamesSetUp

  beforeEach(async () => {
    setup = await connectForNames()
  })
  afterEach(tearDownNames)

  it('signs the name message, posts coin type 60, address, message and signature, and shows the success view', async () => {
    const before = Date.now()
    const el = await form()
    await register(el, 'carol')
    const sign = setup.provider.requests.find(request => request.method === 'personal_sign')!
    const [data, signer] = sign.params as [string, string]
    expect(signer).to.equal(FAKE_ADDRESS)
    const message = JSON.parse(decodeHex(data)) as { name: string; attributes: object; timestamp: number }
    expect(message.name).to.equal('carol.appkit.id')
    expect(message.attributes).to.deep.equal({})
    expect(message.timestamp).to.be.within(before, Date.now())
    expect(setup.names.registrations).to.deep.equal([
      { coin_type: 60, address: FAKE_ADDRESS, message: decodeHex(data), signature: SIGNATURE }
    ])
    expect($router.get().view).to.equal('RegisterAccountNameSuccess')
    expect($router.get().history).to.deep.equal(['Account', 'RegisterAccountNameSuccess'])
  })

  it('stores the name: the success view, the Account view and the account button show it (and the identity cache keeps it)', async () => {
    const el = await form()
    await register(el, 'carol')
    expect($account.get().profileName).to.equal('carol.appkit.id')
    expect(identityCache('eip155:1', FAKE_ADDRESS).get()?.name).to.equal('carol.appkit.id')
    // Activity's reverse lookups read the name cache: they name this address at once.
    expect(await nameOfAddress(FAKE_ADDRESS, 'eip155:1')).to.equal('carol.appkit.id')
    expect(setup.names.reverseCalls).to.deep.equal([])
    const success = await fixture(
      html`<w3m-register-account-name-success-view></w3m-register-account-name-success-view>`
    )
    expect(text(byTestId(success, 'register-name-success-name'))).to.equal('carol.appkit.id')
    expect(text(byTestId(success, 'register-name-success-text'))).to.equal(
      'Your name is registered: your account shows it from now on.'
    )
    await expect(success).to.be.accessible()
    byTestId(success, 'register-name-success-done')!.click()
    expect($router.get().view).to.equal('Account')
    expect($names.get().registered).to.equal(undefined)
    const account = await fixture(html`<w3m-account-view></w3m-account-view>`)
    expect(text(byTestId(account, 'account-name'))).to.equal('carol.appkit.id')
    expect(byTestId(account, 'account-choose-name')).to.equal(null)
    const button = await fixture(html`<appkit-account-button></appkit-account-button>`)
    expect(text(byTestId(button, 'account-button-address'))).to.equal('carol.appkit.id')
    await expect(account).to.be.accessible()
  })

  it('a free suggestion registers with one press', async () => {
    const el = await form()
    type(byTestId<HTMLInputElement>(el, 'register-name-input')!, 'alice')
    await until(() => $names.get().suggestions.length > 0, 'the suggestions')
    await el.updateComplete
    el.shadowRoot!.querySelector<HTMLElement>('[data-testid=register-name-suggestion]')!.click()
    await until(() => $router.get().view === 'RegisterAccountNameSuccess', 'the success view')
    expect(setup.names.registrations.map(body => JSON.parse(body.message).name)).to.deep.equal(['alice1.appkit.id'])
    expect($account.get().profileName).to.equal('alice1.appkit.id')
  })

  it("a failure stays on RegisterAccountName with 'Error registering name {name}', everything typed kept", async () => {
    setup.names.registerError = new HttpError(409, 'http://127.0.0.1:8787/v1/profile/account', 'the name is taken')
    const el = await form()
    await register(el, 'carol')
    expect($router.get().view).to.equal('RegisterAccountName')
    const error = byTestId(el, 'register-name-error')!
    expect(text(error)).to.equal('Error registering name carol.appkit.id')
    expect(error.getAttribute('role')).to.equal('alert')
    expect($names.get().error).to.equal('Error registering name carol.appkit.id')
    expect(byTestId<HTMLInputElement>(el, 'register-name-input')!.value).to.equal('carol')
    expect($account.get().profileName).to.equal(undefined)
    await expect(el).to.be.accessible()
  })

  it('a signature declined in the wallet says the same, and nothing is sent to the backend', async () => {
    setup.provider.failures.set('personal_sign', new ProviderError(4001, 'User rejected the request.'))
    const el = await form()
    await register(el, 'carol')
    expect(text(byTestId(el, 'register-name-error'))).to.equal('Error registering name carol.appkit.id')
    expect(setup.names.registrations).to.deep.equal([])
    await expect(el).to.be.accessible()
  })

  it('a taken name is not signed for', async () => {
    const el = await form()
    await register(el, 'alice')
    expect(text(byTestId(el, 'register-name-error'))).to.equal('This name is already taken')
    expect(setup.provider.methods()).not.to.include('personal_sign')
    await expect(el).to.be.accessible()
  })

  it("no active network: 'Network not found'", async () => {
    const el = await form()
    type(byTestId<HTMLInputElement>(el, 'register-name-input')!, 'carol')
    resetNetwork()
    byTestId(el, 'register-name-button')!.click()
    await el.updateComplete
    expect(text(byTestId(el, 'register-name-error'))).to.equal('Network not found')
    expect(setup.provider.methods()).not.to.include('personal_sign')
    await expect(el).to.be.accessible()
  })

  it("a connector that cannot sign (or no EVM account): 'Address or auth connector not found'", async () => {
    const el = await form()
    type(byTestId<HTMLInputElement>(el, 'register-name-input')!, 'carol')
    const connector = activeConnector() as { signMessage?: unknown }
    const signMessage = connector.signMessage
    connector.signMessage = undefined
    byTestId(el, 'register-name-button')!.click()
    await el.updateComplete
    connector.signMessage = signMessage
    expect(text(byTestId(el, 'register-name-error'))).to.equal('Address or auth connector not found')
    expect(setup.names.registrations).to.deep.equal([])
    await expect(el).to.be.accessible()
  })

  it('a second press while the wallet is asked does nothing; the button is busy and says so', async () => {
    setup.provider.held.add('personal_sign')
    const el = await form()
    type(byTestId<HTMLInputElement>(el, 'register-name-input')!, 'carol')
    await until(() => $names.get().availability === 'available', 'the availability')
    byTestId(el, 'register-name-button')!.click()
    await until(() => setup.provider.methods().includes('personal_sign'), 'the signature asked')
    await el.updateComplete
    const button = byTestId(el, 'register-name-button')!
    expect(text(button)).to.equal('Registering…')
    expect(button.getAttribute('aria-busy')).to.equal('true')
    button.click()
    await expect(el).to.be.accessible()
    setup.provider.release('personal_sign')
    await until(() => $router.get().view === 'RegisterAccountNameSuccess', 'the success view')
    expect(setup.provider.methods().filter(method => method === 'personal_sign')).to.have.length(1)
    expect(setup.names.registrations).to.have.length(1)
  })

  it('works with the keyboard alone: type, Enter registers; Tab to a suggestion and Enter registers it', async () => {
    const el = await form()
    byTestId(el, 'register-name-input')!.focus()
    await sendKeys({ type: 'carol' })
    await sendKeys({ press: 'Enter' })
    await until(() => $router.get().view === 'RegisterAccountNameSuccess', 'the success view')
    expect($account.get().profileName).to.equal('carol.appkit.id')

    const success = await fixture(
      html`<w3m-register-account-name-success-view></w3m-register-account-name-success-view>`
    )
    byTestId(success, 'register-name-success-done')!.focus()
    await sendKeys({ press: 'Enter' })
    expect($router.get().view).to.equal('Account')

    setAccount({ profileName: undefined })
    const again = await form()
    byTestId(again, 'register-name-input')!.focus()
    await sendKeys({ type: 'dave' })
    await until(() => $names.get().suggestions.length > 0, 'the suggestions')
    await again.updateComplete
    await sendKeys({ press: 'Tab' })
    await sendKeys({ press: 'Tab' })
    expect(again.shadowRoot!.activeElement?.getAttribute('data-name')).to.equal('dave1.appkit.id')
    await sendKeys({ press: 'Enter' })
    await until(() => $account.get().profileName === 'dave1.appkit.id', 'the suggestion registered')
    await expect(again).to.be.accessible()
  })
})

describe('the Account view: Choose a name', () => {
  beforeEach(async () => {
    await connectForNames()
  })
  afterEach(tearDownNames)

  it('shows "Choose a name" on EVM without a name; it opens RegisterAccountName', async () => {
    const el = await fixture(html`<w3m-account-view></w3m-account-view>`)
    const choose = byTestId(el, 'account-choose-name')!
    expect(text(choose)).to.equal('Choose a name')
    choose.click()
    expect($router.get().view).to.equal('RegisterAccountName')
    await expect(el).to.be.accessible()
  })

  it('has no "Choose a name" when the account has a name, or is not on EVM', async () => {
    setAccount({ profileName: 'alice.appkit.id' })
    const named = await fixture(html`<w3m-account-view></w3m-account-view>`)
    expect(byTestId(named, 'account-choose-name')).to.equal(null)
    setAccount(connectedSolanaAccount)
    const solana = await fixture(html`<w3m-account-view></w3m-account-view>`)
    expect(byTestId(solana, 'account-choose-name')).to.equal(null)
    await expect(solana).to.be.accessible()
  })
})
