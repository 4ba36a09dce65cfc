import { expect, fixture, html } from '@open-wc/testing'
import { VIEW_NAMES } from '../../../src/config/views.js'
import { VIEW_REGISTRY } from '../../../src/elements/views/registry.js'
import '../../../src/elements/views/connect/w3m-connect-view.js'
import '../../../src/elements/views/networks/w3m-networks-view.js'
import { parseOptions } from '../../../src/config/options.js'
import { resetOptions, setOptions } from '../../../src/stores/options.js'
import { $network, configureNetworks, resetNetwork } from '../../../src/stores/network.js'
import { $modal, openModal, resetModal } from '../../../src/stores/modal.js'
import { $router, resetRouter } from '../../../src/stores/router.js'
import { localChainA, localChainB } from '../../../src/networks/definitions.js'

function sectionIds(el: Element): string[] {
  return [...el.shadowRoot!.querySelectorAll('section')].map(s => s.dataset['testid'] ?? '')
}

describe('views', () => {
  beforeEach(() => {
    resetOptions()
    resetNetwork()
    resetModal()
    resetRouter()
  })

  describe('every view of the spec', () => {
    for (const view of VIEW_NAMES) {
      it(`${view} has an element that loads and renders`, async () => {
        const entry = VIEW_REGISTRY[view]
        await entry.load()
        expect(customElements.get(entry.tag), entry.tag).to.not.equal(undefined)
        const el = document.createElement(entry.tag)
        document.body.append(el)
        try {
          await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete
          expect(el.shadowRoot!.textContent!.trim().length).to.be.greaterThan(0)
          await expect(el).to.be.accessible()
        } finally {
          el.remove()
        }
      })
    }
  })

  describe('w3m-connect-view', () => {
    it('lists the connect methods in the default order: email, social, wallet', async () => {
      setOptions(parseOptions({ projectId: 'p', networks: [localChainA], frameUrl: 'http://127.0.0.1:8788/' }))
      const el = await fixture(html`<w3m-connect-view></w3m-connect-view>`)
      expect(sectionIds(el)).to.deep.equal(['connect-method-email', 'connect-method-social', 'connect-method-wallet'])
      await expect(el).to.be.accessible()
    })

    it('offers no e-mail and no social login without a frame to log in with (no frameUrl)', async () => {
      // The README's minimal setup: a project id, networks, no frameUrl. No "coming soon" row either.
      setOptions(parseOptions({ projectId: 'p', networks: [localChainA] }))
      const el = await fixture(html`<w3m-connect-view></w3m-connect-view>`)
      expect(sectionIds(el)).to.deep.equal(['connect-method-wallet'])
      expect(el.shadowRoot!.textContent).to.not.match(/google|coming soon/i)
      await expect(el).to.be.accessible()
    })

    it('follows a configured order and leaves out what is switched off', async () => {
      setOptions(
        parseOptions({
          projectId: 'p',
          networks: [localChainA],
          frameUrl: 'http://127.0.0.1:8788/',
          features: { connectMethodsOrder: ['wallet', 'social', 'email'], email: false }
        })
      )
      const el = await fixture(html`<w3m-connect-view></w3m-connect-view>`)
      expect(sectionIds(el)).to.deep.equal(['connect-method-wallet', 'connect-method-social'])
    })

    it('All Wallets opens the AllWallets view', async () => {
      openModal()
      const el = await fixture(html`<w3m-connect-view></w3m-connect-view>`)
      const row = el.shadowRoot!.querySelector<HTMLElement>('[data-testid=all-wallets-button]')!
      row.shadowRoot!.querySelector('button')!.click()
      expect($router.get().view).to.equal('AllWallets')
    })
  })

  describe('w3m-networks-view', () => {
    it('lists the networks, marks the active one, and switches on a choice', async () => {
      configureNetworks([localChainA, localChainB])
      openModal()
      openModal({ view: 'Networks' })
      const el = await fixture(html`<w3m-networks-view></w3m-networks-view>`)
      const rows = [...el.shadowRoot!.querySelectorAll('wui-list-item')]
      expect(rows.map(r => r.textContent!.trim())).to.deep.equal(['Local Chain A', 'Local Chain B'])
      expect(rows[0]!.hasAttribute('current')).to.equal(true)
      rows[1]!.shadowRoot!.querySelector('button')!.click()
      expect($network.get().activeNetwork?.caipNetworkId).to.equal('eip155:31338')
      expect($modal.get().open).to.equal(false)
      await expect(el).to.be.accessible()
    })

    it('says so when no network is configured', async () => {
      const el = await fixture(html`<w3m-networks-view></w3m-networks-view>`)
      expect(el.shadowRoot!.querySelector('[data-testid=networks-empty]')).to.not.equal(null)
    })
  })
})
