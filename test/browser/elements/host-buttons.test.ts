import { expect, fixture, html } from '@open-wc/testing'
import '../../../src/elements/buttons/appkit-button.js'
import '../../../src/elements/buttons/appkit-network-button.js'
import type { AppKitButton } from '../../../src/elements/buttons/appkit-button.js'
import { $modal, resetModal } from '../../../src/stores/modal.js'
import { $router, resetRouter } from '../../../src/stores/router.js'
import { resetAccount, setAccount } from '../../../src/stores/account.js'
import { configureNetworks, resetNetwork } from '../../../src/stores/network.js'
import { localChainA, localChainB } from '../../../src/networks/definitions.js'

function inner(el: Element, testId: string): HTMLButtonElement {
  const found = el.shadowRoot!.querySelector<HTMLButtonElement>(`[data-testid=${testId}]`)
  if (!found) throw new Error(`no [data-testid=${testId}] in <${el.localName}>`)
  return found
}

describe('host-page buttons', () => {
  beforeEach(() => {
    resetModal()
    resetRouter()
    resetAccount()
    resetNetwork()
  })
  afterEach(() => resetModal())

  describe('appkit-button', () => {
    it('disconnected: a connect button that opens Connect', async () => {
      const el = await fixture<AppKitButton>(html`<appkit-button></appkit-button>`)
      const connect = el.shadowRoot!.querySelector('appkit-connect-button')!
      await connect.updateComplete
      const button = inner(connect, 'connect-button')
      expect(button.textContent!.trim()).to.equal('Connect Wallet')
      button.click()
      expect($modal.get().open).to.equal(true)
      expect($router.get().view).to.equal('Connect')
      await connect.updateComplete
      expect(button.textContent!.trim()).to.equal('Connecting...')
    })

    it('passes its label to the connect button', async () => {
      const el = await fixture<AppKitButton>(html`<appkit-button label="Sign in"></appkit-button>`)
      const connect = el.shadowRoot!.querySelector('appkit-connect-button')!
      await connect.updateComplete
      expect(inner(connect, 'connect-button').textContent!.trim()).to.equal('Sign in')
    })

    it('connected: the account button, which opens Account', async () => {
      setAccount({
        address: '0x1234567890abcdef1234567890abcdef12345678',
        balance: '1.23456',
        balanceSymbol: 'ETH',
        status: 'connected'
      })
      const el = await fixture<AppKitButton>(html`<appkit-button></appkit-button>`)
      const account = el.shadowRoot!.querySelector('appkit-account-button')!
      await account.updateComplete
      expect(inner(account, 'account-button-address').textContent).to.equal('0x1234…5678')
      expect(inner(account, 'account-button-balance').textContent!.replace(/\s+/g, ' ').trim()).to.equal('1.234 ETH')
      inner(account, 'account-button').click()
      expect($router.get().view).to.equal('Account')
    })

    it('is accessible', async () => {
      const el = await fixture(html`<appkit-button></appkit-button>`)
      await expect(el).to.be.accessible()
    })
  })

  describe('appkit-network-button', () => {
    it('shows the active network and opens the network list', async () => {
      configureNetworks([localChainA, localChainB], localChainB)
      const el = await fixture(html`<appkit-network-button></appkit-network-button>`)
      const button = inner(el, 'network-button')
      expect(button.textContent!.trim()).to.equal('Local Chain B')
      button.click()
      expect($router.get().view).to.equal('Networks')
      await expect(el).to.be.accessible()
    })

    it('without networks it asks to select one', async () => {
      const el = await fixture(html`<appkit-network-button></appkit-network-button>`)
      expect(inner(el, 'network-button').textContent!.trim()).to.equal('Select network')
    })
  })

  describe('appkit-account-button', () => {
    it('disconnected: says so and opens Connect', async () => {
      const el = await fixture(html`<appkit-account-button></appkit-account-button>`)
      const button = inner(el, 'account-button')
      expect(button.textContent!.trim()).to.equal('Not connected')
      button.click()
      expect($router.get().view).to.equal('Connect')
      await expect(el).to.be.accessible()
    })

    it('shows the profile name instead of the address, and hides the balance on request', async () => {
      setAccount({
        address: '0x1234567890abcdef1234567890abcdef12345678',
        profileName: 'alice.appkit.id',
        balance: '2'
      })
      const el = await fixture(html`<appkit-account-button balance="hide"></appkit-account-button>`)
      expect(inner(el, 'account-button-address').textContent).to.equal('alice.appkit.id')
      expect(el.shadowRoot!.querySelector('[data-testid=account-button-balance]')).to.equal(null)
    })
  })
})
