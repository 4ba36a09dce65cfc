import { expect, fixture, html } from '@open-wc/testing'
import { emulateMedia } from '@web/test-runner-commands'
import { waitUntil } from '../wait.js'
import '../../../src/elements/w3m-modal.js'
import '../../../src/elements/views/connect/w3m-connect-view.js'
import '../../../src/elements/views/networks/w3m-networks-view.js'
import type { W3mModal } from '../../../src/elements/w3m-modal.js'
import type { W3mRouter } from '../../../src/elements/w3m-router.js'
import {
  MODAL_SHAKE_MS,
  MODAL_TRANSITION_MS,
  SPINNER_TURN_MS,
  TOAST_SLIDE_MS,
  VIEW_TRANSITION_MS
} from '../../../src/config/constants.js'
import { configureNetworks, resetNetwork } from '../../../src/stores/network.js'
import { openModal, resetModal, shakeModal } from '../../../src/stores/modal.js'
import { pushView, resetRouter } from '../../../src/stores/router.js'
import { resetTheme } from '../../../src/stores/theme.js'
import { resetToast, showLoading, showSuccess } from '../../../src/stores/toast.js'
import { evmNetworks } from '../../fixtures/networks.js'
import { deepQuery } from '../i18n/support.js'

/** A duration constant as Chromium computes it (`0.15s`). */
const seconds = (ms: number): string => `${ms / 1000}s`

/**
 * Spec §2 motion: every duration the styles use is a constant of src/config/constants.ts (one
 * source), and prefers-reduced-motion turns each off.
 */
describe('motion: durations from the constants (spec §2)', () => {
  let modal: W3mModal

  const router = (): W3mRouter => modal.shadowRoot!.querySelector('w3m-router')!
  const card = (): HTMLElement => modal.shadowRoot!.querySelector<HTMLElement>('.card')!

  async function openOnConnect(): Promise<void> {
    openModal({ view: 'Connect' })
    await waitUntil(() => router()?.shadowRoot?.querySelector('[part=view] w3m-connect-view'), 'the Connect view')
  }

  /** Goes to Networks (its module is here, so it shows in the router's next update) and returns at once. */
  async function toNetworks(): Promise<{ entering: HTMLElement; leaving: HTMLElement | null }> {
    pushView('Networks')
    await router().updateComplete
    const root = router().shadowRoot!
    return { entering: root.querySelector<HTMLElement>('[part=view]')!, leaving: root.querySelector('.leaving') }
  }

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
    resetToast()
    await emulateMedia({ reducedMotion: 'no-preference' })
  })

  it('the card height and fade, the view cross-fade, the toast slide and the shake read the constants', async () => {
    await openOnConnect()
    expect(getComputedStyle(card()).transitionDuration).to.equal(seconds(MODAL_TRANSITION_MS))
    expect(getComputedStyle(card()).animationDuration).to.equal(seconds(MODAL_TRANSITION_MS))

    const { entering, leaving } = await toNetworks()
    expect(entering.dataset.view).to.equal('Networks')
    expect(getComputedStyle(entering).animationName).to.equal('w3m-view-in')
    expect(getComputedStyle(entering).animationDuration).to.equal(seconds(VIEW_TRANSITION_MS))
    // The leaving view fades out over the entering one, out of the layout: the router is as tall as
    // the entering view (no layout jump), and the leaving view takes no focus and is not announced.
    expect(leaving, 'the leaving view').to.not.equal(null)
    expect(leaving!.querySelector('w3m-connect-view')).to.not.equal(null)
    expect(getComputedStyle(leaving!).animationName).to.equal('w3m-view-out')
    expect(getComputedStyle(leaving!).animationDuration).to.equal(seconds(VIEW_TRANSITION_MS))
    expect(getComputedStyle(leaving!).position).to.equal('absolute')
    expect(leaving!.inert).to.equal(true)
    expect(leaving!.getAttribute('aria-hidden')).to.equal('true')
    expect(router().getBoundingClientRect().height).to.equal(entering.getBoundingClientRect().height)
    // It goes when its fade ends; the entering view stays where it was put.
    await waitUntil(() => router().shadowRoot!.querySelector('.leaving') === null, 'the leaving view to go')
    expect(router().shadowRoot!.querySelector('[part=view]')).to.equal(entering)

    showSuccess('Copied')
    await waitUntil(() => deepQuery(modal.shadowRoot!, '[part=toast]'), 'the toast')
    const toast = deepQuery(modal.shadowRoot!, '[part=toast]')!
    expect(getComputedStyle(toast).animationName).to.equal('w3m-toast-in')
    expect(getComputedStyle(toast).animationDuration).to.equal(seconds(TOAST_SLIDE_MS))

    shakeModal()
    await waitUntil(() => card().classList.contains('shake'), 'the card to shake')
    expect(getComputedStyle(card()).animationDuration).to.equal(seconds(MODAL_SHAKE_MS))
  })

  it('a loading toast turns its spinner in SPINNER_TURN_MS', async () => {
    await openOnConnect()
    showLoading('Authenticating...')
    await waitUntil(() => deepQuery(modal.shadowRoot!, '[data-variant=loading] .icon'), 'the loading toast')
    const spinner = deepQuery(modal.shadowRoot!, '[data-variant=loading] .icon')!
    expect(getComputedStyle(spinner).animationDuration).to.equal(seconds(SPINNER_TURN_MS))
  })

  describe('prefers-reduced-motion: reduce', () => {
    beforeEach(() => emulateMedia({ reducedMotion: 'reduce' }))

    it('no height transition, no cross-fade (the leaving view goes at once), no toast slide', async () => {
      await openOnConnect()
      expect(getComputedStyle(card()).transitionDuration).to.equal('0s')
      expect(getComputedStyle(card()).animationDuration).to.equal('0s')
      const { entering, leaving } = await toNetworks()
      expect(getComputedStyle(entering).animationDuration).to.equal('0s')
      // Removed in the microtasks after the swap, before any frame.
      await Promise.resolve()
      await Promise.resolve()
      expect(leaving === null || !leaving.isConnected, 'no leaving view').to.equal(true)
      expect(router().shadowRoot!.querySelectorAll('.leaving').length).to.equal(0)

      showSuccess('Copied')
      await waitUntil(() => deepQuery(modal.shadowRoot!, '[part=toast]'), 'the toast')
      expect(getComputedStyle(deepQuery(modal.shadowRoot!, '[part=toast]')!).animationDuration).to.equal('0s')
    })
  })
})
