// The toast's element is not part of the first load (issue 31 kept the first load within its
// budget so): <w3m-modal> loads it when the page is idle, or with the first toast shown before.
import { expect, fixture, html } from '@open-wc/testing'
import '../../../src/elements/w3m-modal.js'
import { resetModal } from '../../../src/stores/modal.js'
import { resetToast, showError } from '../../../src/stores/toast.js'
import { waitUntil } from '../wait.js'

describe('<w3m-modal> and its toast', () => {
  afterEach(() => {
    resetToast()
    resetModal()
  })

  it('the modal module does not define <w3m-toast>; a toast shown loads it and shows the message', async () => {
    expect(customElements.get('w3m-toast')).to.equal(undefined)
    const modal = await fixture(html`<w3m-modal></w3m-modal>`)
    showError('Network switch declined')
    await waitUntil(() => {
      const toast = modal.shadowRoot?.querySelector('w3m-toast')
      return toast?.shadowRoot?.querySelector('[data-testid=toast-message]')?.textContent === 'Network switch declined'
    }, 'the toast did not show the message')
    const alert = modal.shadowRoot!.querySelector('w3m-toast')!.shadowRoot!.querySelector('[role=alert]')
    expect(alert?.textContent).to.contain('Network switch declined')
  })
})
