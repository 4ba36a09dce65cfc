import { expect, fixture, html } from '@open-wc/testing'
import { waitUntil } from '../wait.js'
import '../../../src/elements/buttons/appkit-connect-button.js'
import '../../../src/elements/buttons/appkit-network-button.js'
import { resetAccount, setAccount } from '../../../src/stores/account.js'
import { viewToOpen } from '../../../src/stores/modal.js'
import { createAppKit } from '../../../src/app-kit.js'
import { evmAdapter } from '../../../src/adapters/evm/index.js'
import { localChainA } from '../../../src/networks/definitions.js'

/** In this file's page no view module is loaded until a prefetch asks for it. */
describe('prefetching the view an opener opens', () => {
  afterEach(() => resetAccount())

  it('knows the view the modal would open on: Connect, Account once connected, or the one asked for', () => {
    expect(viewToOpen()).to.equal('Connect')
    expect(viewToOpen('Networks')).to.equal('Networks')
    setAccount({ address: '0x1234567890abcdef1234567890abcdef12345678' })
    expect(viewToOpen()).to.equal('Account')
  })

  it("loads the connect button's view when a pointer comes over it, before any click", async () => {
    const button = await fixture(html`<appkit-connect-button></appkit-connect-button>`)
    expect(customElements.get('w3m-connect-view')).to.equal(undefined)
    button.dispatchEvent(new PointerEvent('pointerenter'))
    await waitUntil(() => customElements.get('w3m-connect-view'), 'the Connect view was not loaded')
    await expect(button).to.be.accessible()
  })

  it("loads the network button's list when it gets keyboard focus", async () => {
    const button = await fixture(html`<appkit-network-button></appkit-network-button>`)
    expect(customElements.get('w3m-networks-view')).to.equal(undefined)
    button.shadowRoot!.querySelector('button')!.focus()
    await waitUntil(() => customElements.get('w3m-networks-view'), 'the Networks view was not loaded')
  })

  it('createAppKit loads the view the modal would open on once the browser is idle', async () => {
    setAccount({ address: '0x1234567890abcdef1234567890abcdef12345678' })
    expect(customElements.get('w3m-account-view')).to.equal(undefined)
    createAppKit({
      projectId: 'appkit-local',
      networks: [localChainA],
      adapters: [evmAdapter()],
      enableWalletConnect: false
    })
    await waitUntil(() => customElements.get('w3m-account-view'), 'the Account view was not loaded')
    document.querySelectorAll('w3m-modal').forEach(el => el.remove())
  })
})
