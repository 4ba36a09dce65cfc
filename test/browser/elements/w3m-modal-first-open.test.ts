// Its own file, so its own page: the modal opens before its header, router and view titles have
// ever loaded (every other modal test finds them already there).
import { expect, fixture, html } from '@open-wc/testing'
import { waitUntil } from '../wait.js'
import '../../../src/elements/w3m-modal.js'
import type { W3mModal } from '../../../src/elements/w3m-modal.js'
import { deepActiveElement } from '../../../src/elements/shared/focus.js'
import { modalPartsDefined } from '../../../src/elements/shared/modal-parts.js'
import { openModal, resetModal } from '../../../src/stores/modal.js'
import { resetRouter } from '../../../src/stores/router.js'

describe('w3m-modal, opened before its parts have loaded', () => {
  afterEach(() => resetModal())

  it("shows the header and the view together, names the dialog, and moves focus to the header's close button", async () => {
    resetRouter()
    const modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
    expect(modalPartsDefined(), 'nothing loaded the parts yet').to.equal(false)
    openModal({ view: 'Networks' })
    const close = () =>
      modal.shadowRoot!.querySelector('w3m-header')?.shadowRoot?.querySelector('[data-testid=header-close]') ?? null
    await waitUntil(() => close() !== null && deepActiveElement() === close(), 'focus did not reach the close button')
    expect(modal.shadowRoot!.querySelector('w3m-router')).to.not.equal(null)
    expect(modal.shadowRoot!.querySelector('dialog')!.getAttribute('aria-label')).to.equal('Select Network')
  })
})
