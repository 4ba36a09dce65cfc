import { expect, fixture, html } from '@open-wc/testing'
import { animationsDone, waitUntil } from '../wait.js'
import { sendKeys } from '@web/test-runner-commands'
import '../../../src/elements/w3m-modal.js'
import '../../../src/elements/views/networks/w3m-networks-view.js'
import type { W3mModal } from '../../../src/elements/w3m-modal.js'
import { deepActiveElement } from '../../../src/elements/shared/focus.js'
import { $modal, openModal, resetModal } from '../../../src/stores/modal.js'
import { $network, configureNetworks, resetNetwork } from '../../../src/stores/network.js'
import { $router, pushView, resetRouter } from '../../../src/stores/router.js'
import { resetAccount, setAccount } from '../../../src/stores/account.js'
import { connectedEvmAccount } from '../../fixtures/accounts.js'
import { configureSiwx, resetSiwx } from '../../../src/stores/siwx/state.js'
import { evmNetworks, localNetworks } from '../../fixtures/networks.js'
import { deepQuery } from '../i18n/support.js'

function card(modal: W3mModal): HTMLElement {
  return modal.shadowRoot!.querySelector('.card')!
}

/** The data-testid of the focused element, or of its nearest host that has one. */
function focusedTestId(): string | null {
  let node: Node | null = deepActiveElement()
  while (node) {
    if (node instanceof HTMLElement && node.dataset['testid']) return node.dataset['testid']
    node = node.parentNode instanceof ShadowRoot ? node.parentNode.host : node.parentNode
  }
  return null
}

describe('keyboard', () => {
  let modal: W3mModal

  beforeEach(async () => {
    resetModal()
    resetRouter()
    resetSiwx()
    resetAccount()
    resetNetwork()
    configureNetworks([...evmNetworks, ...localNetworks], undefined)
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })
  afterEach(async () => {
    resetModal()
    await waitUntil(() => !modal.shadowRoot!.querySelector('dialog')!.open, 'the modal did not close')
  })

  it('keeps Tab inside the modal: forward from the last control and back from the first wrap around', async () => {
    openModal({ view: 'Networks' })
    await waitUntil(() => deepQuery(modal.shadowRoot!, '[data-testid^=network-eip155]'), 'no network list')
    const inside = () => card(modal).contains(deepActiveElement()) || modalContains(modal, deepActiveElement())
    const seen = new Set<string | null>()
    for (let i = 0; i < 8; i++) {
      await sendKeys({ press: 'Tab' })
      expect(inside(), `Tab ${i + 1} left the modal`).to.equal(true)
      seen.add(focusedTestId())
    }
    expect(seen.has('header-close')).to.equal(true)
    for (let i = 0; i < 8; i++) {
      await sendKeys({ press: 'Shift+Tab' })
      expect(inside(), `Shift+Tab ${i + 1} left the modal`).to.equal(true)
    }
  })

  it('moves through the network list with the arrow keys, Home and End; the list is one Tab stop', async () => {
    openModal({ view: 'Networks' })
    const ids = $network.get().networks.map(n => `network-${n.caipNetworkId}`)
    expect(ids.length).to.be.greaterThan(2)
    await waitUntil(() => deepQuery(modal.shadowRoot!, `[data-testid="${ids[0]}"]`), 'no network list')
    await waitUntil(() => focusedTestId() === 'header-close', 'focus did not start in the header')
    await sendKeys({ press: 'Tab' })
    const active = $network.get().activeNetwork?.caipNetworkId
    expect(focusedTestId()).to.equal(`network-${active}`)
    await sendKeys({ press: 'Home' })
    expect(focusedTestId()).to.equal(ids[0])
    await sendKeys({ press: 'ArrowDown' })
    expect(focusedTestId()).to.equal(ids[1])
    await sendKeys({ press: 'ArrowUp' })
    expect(focusedTestId()).to.equal(ids[0])
    await sendKeys({ press: 'ArrowUp' })
    expect(focusedTestId()).to.equal(ids[0])
    await sendKeys({ press: 'End' })
    expect(focusedTestId(), 'End').to.equal(ids[ids.length - 1])
    // One Tab stop: Tab leaves the list (wrapping to the header), Shift+Tab comes back to the row used last.
    await sendKeys({ press: 'Tab' })
    expect(focusedTestId()).to.equal('header-close')
    await sendKeys({ press: 'Shift+Tab' })
    expect(focusedTestId(), 'Shift+Tab back into the list').to.equal(ids[ids.length - 1])
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => $network.get().activeNetwork?.caipNetworkId === ids[ids.length - 1]!.replace('network-', ''))
  })

  it('Escape closes; where closing is forbidden it shakes and a live region says why', async () => {
    openModal({ view: 'Connect' })
    await waitUntil(() => modal.shadowRoot!.querySelector('dialog')!.open)
    await sendKeys({ press: 'Escape' })
    await waitUntil(() => !$modal.get().open, 'Escape did not close')

    configureSiwx({ getRequired: () => true })
    setAccount(connectedEvmAccount)
    openModal({ view: 'SIWXSignMessage' })
    await waitUntil(() => modal.shadowRoot!.querySelector('dialog')!.open)
    const alert = modal.shadowRoot!.querySelector('[data-testid=w3m-close-refused]')!
    expect(alert.getAttribute('role')).to.equal('alert')
    expect(alert.textContent!.trim()).to.equal('')
    await sendKeys({ press: 'Escape' })
    expect($modal.get().open).to.equal(true)
    expect($modal.get().shake).to.equal(true)
    await waitUntil(() => alert.textContent!.trim() === 'Sign in to continue: this window cannot be closed yet.')
    expect(modal.shadowRoot!.querySelector('dialog')!.open).to.equal(true)
  })

  it('announces a view change in a polite live region with the new title', async () => {
    openModal({ view: 'Connect' })
    await waitUntil(() => modal.shadowRoot!.querySelector('[data-testid=w3m-view-announcer]'))
    const announcer = modal.shadowRoot!.querySelector('[data-testid=w3m-view-announcer]')!
    expect(announcer.getAttribute('aria-live')).to.equal('polite')
    expect(announcer.textContent!.trim()).to.equal('Connect Wallet')
    pushView('Networks')
    await waitUntil(() => announcer.textContent!.trim() === 'Select Network')
    expect($router.get().view).to.equal('Networks')
    // The new view fades in (150 ms): axe reads its colours once they are its own.
    await animationsDone()
    await expect(modal).to.be.accessible()
  })
})

/** Whether `node` sits anywhere inside the modal's shadow tree. */
function modalContains(modal: W3mModal, node: Node | null): boolean {
  while (node) {
    if (node === modal) return true
    node = node.parentNode instanceof ShadowRoot ? node.parentNode.host : node.parentNode
  }
  return false
}
