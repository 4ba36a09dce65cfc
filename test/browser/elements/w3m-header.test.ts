// The modal's header (spec section 2: back, the title, close; "header text 120 ms"; issue 32): the
// title's fade reads HEADER_TITLE_TRANSITION_MS and stops under reduced motion; in the Account view
// the active network shows as a chip with its image (or a letter avatar, or the network icon) that
// opens the Networks view, also with the keyboard. axe on each state.
import { expect, fixture, html } from '@open-wc/testing'
import { emulateMedia, sendKeys } from '@web/test-runner-commands'
import '../../../src/elements/w3m-header.js'
import type { W3mHeader } from '../../../src/elements/w3m-header.js'
import type { WuiWalletImage } from '../../../src/elements/ui/wui-wallet-image.js'
import { deepActiveElement } from '../../../src/elements/shared/focus.js'
import { HEADER_TITLE_TRANSITION_MS } from '../../../src/config/constants.js'
import { mainnet } from '../../../src/networks/definitions.js'
import type { CaipNetwork } from '../../../src/networks/types.js'
import { configureNetworks, resetNetwork } from '../../../src/stores/network.js'
import { $router, pushView, resetRouter, resetView } from '../../../src/stores/router.js'
import { waitUntil } from '../wait.js'

const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
/** A data URI that is not an image: the browser fails to decode it, as a dead URL would fail. */
const BROKEN_IMAGE = 'data:image/png;base64,bm90IGFuIGltYWdl'

const withImage = (imageUrl: string): CaipNetwork => ({ ...mainnet, assets: { imageUrl } })

async function header(): Promise<W3mHeader> {
  const el = await fixture<W3mHeader>(html`<w3m-header></w3m-header>`)
  await el.updateComplete
  return el
}

/** The chip's button, once the header has loaded the chip's module (it does in the Account view). */
async function chipOf(el: W3mHeader): Promise<HTMLButtonElement> {
  await customElements.whenDefined('w3m-network-chip')
  const chip = el.shadowRoot!.querySelector('w3m-network-chip')!
  await chip.updateComplete
  return chip.shadowRoot!.querySelector<HTMLButtonElement>('[data-testid=header-network]')!
}

describe('w3m-header (issue 32)', () => {
  beforeEach(() => {
    resetRouter()
    resetNetwork()
  })
  afterEach(() => {
    resetRouter()
    resetNetwork()
  })

  describe('the title', () => {
    it('fades in over HEADER_TITLE_TRANSITION_MS (spec section 2: 120 ms), and not at all with reduced motion', async () => {
      resetView('Networks')
      const el = await header()
      const title = el.shadowRoot!.querySelector('[data-testid=header-title]')!
      expect(title.textContent).to.equal('Select Network')
      expect(HEADER_TITLE_TRANSITION_MS).to.equal(120)
      expect(getComputedStyle(title).animationDuration).to.equal(`${HEADER_TITLE_TRANSITION_MS / 1000}s`)
      await emulateMedia({ reducedMotion: 'reduce' })
      try {
        expect(getComputedStyle(title).animationName).to.equal('none')
        expect(getComputedStyle(title).animationDuration).to.equal('0s')
      } finally {
        await emulateMedia({ reducedMotion: 'no-preference' })
      }
    })

    it('keeps back and close as icon buttons with their names; no network chip outside Account', async () => {
      resetView('Connect')
      pushView('Networks')
      const el = await header()
      const back = el.shadowRoot!.querySelector('[data-testid=header-back]')!
      const close = el.shadowRoot!.querySelector('[data-testid=header-close]')!
      expect(back.getAttribute('aria-label')).to.equal('Back')
      expect(close.getAttribute('aria-label')).to.equal('Close')
      for (const icon of [back.querySelector('svg')!, close.querySelector('svg')!]) {
        expect(icon.getAttribute('aria-hidden')).to.equal('true')
        expect(icon.getBoundingClientRect().width).to.equal(20)
      }
      expect(el.shadowRoot!.querySelector('w3m-network-chip')).to.equal(null)
      await expect(el).to.be.accessible()
    })
  })

  describe('the network chip in the Account view', () => {
    it('names the active network, and opens Networks with the keyboard; accessible', async () => {
      configureNetworks([mainnet], mainnet)
      resetView('Account')
      const el = await header()
      expect(el.shadowRoot!.querySelector('[data-testid=header-title]')).to.equal(null)
      const chip = await chipOf(el)
      // The accessible name comes from the content: the visually hidden label; the visible name and
      // the image are aria-hidden.
      expect(chip.querySelector('[data-testid=header-network-label]')!.textContent).to.equal('Network: Ethereum')
      expect(chip.querySelector('.name')!.textContent).to.equal('Ethereum')
      expect(chip.querySelector('.name')!.getAttribute('aria-hidden')).to.equal('true')
      expect(chip.hasAttribute('aria-label')).to.equal(false)
      // No image of its own: the letter avatar.
      const image = chip.querySelector<WuiWalletImage>('wui-wallet-image')!
      await image.updateComplete
      expect(image.shadowRoot!.querySelector('[part=placeholder]')!.textContent).to.equal('E')
      await expect(el).to.be.accessible()

      chip.focus()
      expect(deepActiveElement()).to.equal(chip)
      await sendKeys({ press: 'Enter' })
      expect($router.get().view).to.equal('Networks')
      expect($router.get().history).to.deep.equal(['Account', 'Networks'])
    })

    it('shows the network’s image, and the letter avatar when the image fails to load', async () => {
      configureNetworks([withImage(PNG_1PX)], withImage(PNG_1PX))
      resetView('Account')
      const el = await header()
      const loaded = (await chipOf(el)).querySelector<WuiWalletImage>('wui-wallet-image')!
      await waitUntil(() => loaded.shadowRoot!.querySelector('img[src^="data:image/png"]'), 'the network image')
      await expect(el).to.be.accessible()

      configureNetworks([withImage(BROKEN_IMAGE)], withImage(BROKEN_IMAGE))
      const broken = (await chipOf(el)).querySelector<WuiWalletImage>('wui-wallet-image')!
      await waitUntil(
        () => broken.shadowRoot!.querySelector('[part=placeholder]')?.getAttribute('data-status') === 'failed',
        'the fallback'
      )
      expect(broken.shadowRoot!.querySelector('img')).to.equal(null)
      expect(broken.shadowRoot!.querySelector('[part=placeholder]')!.textContent).to.equal('E')
    })

    it('shows the network icon and "Unknown network" when no network is active', async () => {
      resetView('Account')
      const el = await header()
      const chip = await chipOf(el)
      expect(chip.querySelector('[data-testid=header-network-label]')!.textContent).to.equal('Network: Unknown network')
      expect(chip.querySelector('[data-testid=header-network-fallback] svg')).to.not.equal(null)
      await expect(el).to.be.accessible()
    })
  })
})
