import { expect, fixture, html } from '@open-wc/testing'
import { animationsDone, waitUntil } from '../wait.js'
import { emulateMedia } from '@web/test-runner-commands'
import '../../../src/elements/w3m-modal.js'
import '../../../src/elements/views/connect/w3m-connecting-external-view.js'
import type { W3mModal } from '../../../src/elements/w3m-modal.js'
import { configureNetworks, resetNetwork } from '../../../src/stores/network.js'
import { $modal, openModal, resetModal, shakeModal } from '../../../src/stores/modal.js'
import { $router, resetRouter } from '../../../src/stores/router.js'
import { resetTheme, setThemeVariables } from '../../../src/stores/theme.js'
import { showLoading, resetToast } from '../../../src/stores/toast.js'
import { evmNetworks } from '../../fixtures/networks.js'
import { deepQuery } from '../i18n/support.js'

/** Every element under `root`, through shadow roots. */
function allElements(root: Element | ShadowRoot): Element[] {
  const found: Element[] = []
  for (const el of root.querySelectorAll('*')) {
    found.push(el)
    if (el.shadowRoot) found.push(...allElements(el.shadowRoot))
  }
  return found
}

async function openView(modal: W3mModal, view: 'Connect' | 'Networks'): Promise<HTMLElement> {
  openModal({ view })
  await waitUntil(
    () => modal.shadowRoot!.querySelector('w3m-router')?.shadowRoot?.querySelector('[part=view] > *'),
    `the ${view} view did not show (${JSON.stringify($router.get())}, open ${String($modal.get().open)}, dialog ${String(modal.shadowRoot!.querySelector('dialog')?.open)}, router ${modal.shadowRoot!.querySelector('w3m-router')?.shadowRoot?.innerHTML.slice(0, 200)})`
  )
  return modal.shadowRoot!.querySelector<HTMLElement>('.card')!
}

/**
 * The view at rest: two frames rendered (the card's height follows its content from a
 * ResizeObserver, which runs after a frame's layout), then the fade-in and the height transition
 * ended, however long the machine took to start them.
 */
async function atRest(): Promise<void> {
  for (let frame = 0; frame < 2; frame++) await new Promise(resolve => requestAnimationFrame(resolve))
  await animationsDone()
}

describe('motion and scale', () => {
  let modal: W3mModal

  beforeEach(async () => {
    resetModal()
    resetRouter()
    resetTheme()
    resetToast()
    resetNetwork()
    configureNetworks([...evmNetworks], undefined)
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })
  afterEach(async () => {
    resetModal()
    await waitUntil(() => !modal.shadowRoot!.querySelector('dialog')!.open, 'the modal did not close')
    await emulateMedia({ reducedMotion: 'no-preference' })
  })

  describe('prefers-reduced-motion', () => {
    beforeEach(() => emulateMedia({ reducedMotion: 'reduce' }))

    it('has no height or slide animation, and the shake is a flash of the focus ring', async () => {
      const card = await openView(modal, 'Connect')
      expect(
        getComputedStyle(card).transitionProperty === 'none' || getComputedStyle(card).transitionDuration === '0s'
      ).to.equal(true)
      expect(getComputedStyle(card).animationName).to.equal('none')
      const view = modal.shadowRoot!.querySelector('w3m-router')!.shadowRoot!.querySelector<HTMLElement>('.view')!
      expect(getComputedStyle(view).animationName).to.equal('none')
      shakeModal()
      await waitUntil(
        () => modal.shadowRoot!.querySelector('.card')!.classList.contains('shake'),
        'the card did not shake'
      )
      expect(modal.shadowRoot!.querySelector('.card')).to.equal(card)
      expect(getComputedStyle(card).animationName).to.equal('w3m-flash')
      expect($modal.get().shake).to.equal(true)
    })

    it('pulses a dot instead of turning a spinner', async () => {
      const el = await fixture(html`<w3m-connecting-external-view></w3m-connecting-external-view>`)
      const spinner = el.shadowRoot!.querySelector('.spinner')!
      expect(getComputedStyle(spinner).animationName).to.equal('w3m-pulse')
      openModal({ view: 'Connect' })
      showLoading('Authenticating...')
      await waitUntil(() => deepQuery(modal.shadowRoot!, '[data-variant=loading] .icon'), 'no loading toast')
      expect(getComputedStyle(deepQuery(modal.shadowRoot!, '[data-variant=loading] .icon')!).animationName).to.equal(
        'w3m-pulse'
      )
      await expect(el).to.be.accessible()
    })
  })

  it('turns the spinner when motion is fine', async () => {
    const el = await fixture(html`<w3m-connecting-external-view></w3m-connecting-external-view>`)
    expect(getComputedStyle(el.shadowRoot!.querySelector('.spinner')!).animationName).to.equal('w3m-spin')
  })

  for (const view of ['Connect', 'Networks'] as const) {
    it(`${view}: text at 200% fits the 360px modal without clipping or horizontal scrolling`, async () => {
      setThemeVariables({ '--w3m-font-size-master': 20 })
      const card = await openView(modal, view)
      await atRest()
      expect(card.getBoundingClientRect().width).to.equal(360)
      const overflowing = allElements(card)
        .filter(el => el instanceof HTMLElement && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
        .filter(el => getComputedStyle(el).overflowX !== 'visible' || getComputedStyle(el).textOverflow === 'ellipsis')
        .map(el => `${el.localName}.${el.className}`)
      expect(overflowing, 'elements that clip or scroll sideways').to.deep.equal([])
      const modalRect = card.getBoundingClientRect()
      const outside = allElements(card)
        .filter(el => el.getClientRects().length > 0)
        .filter(el => {
          const rect = el.getBoundingClientRect()
          return rect.width > 0 && (rect.left < modalRect.left - 1 || rect.right > modalRect.right + 1)
        })
        .map(el => el.localName)
      expect(outside, 'elements wider than the modal').to.deep.equal([])
    })
  }

  it('gives every control a target of at least 24 by 24 CSS pixels', async () => {
    for (const view of ['Connect', 'Networks'] as const) {
      const card = await openView(modal, view)
      await atRest()
      const small = allElements(card)
        .filter(el => el.matches('button, a[href], input'))
        .filter(el => el.getClientRects().length > 0)
        .filter(el => {
          const rect = el.getBoundingClientRect()
          return rect.width < 24 || rect.height < 24
        })
        .map(el => el.getAttribute('data-testid') ?? el.outerHTML.slice(0, 60))
      expect(small, `${view}: controls under 24x24`).to.deep.equal([])
    }
  })
})
