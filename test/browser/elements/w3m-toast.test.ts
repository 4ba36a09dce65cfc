import { expect, fixture, html } from '@open-wc/testing'
import '../../../src/elements/w3m-toast.js'
import type { W3mToast } from '../../../src/elements/w3m-toast.js'
import { resetToast, showError, showLoading, showSuccess } from '../../../src/stores/toast.js'

describe('w3m-toast', () => {
  let toast: W3mToast
  beforeEach(async () => {
    resetToast()
    toast = await fixture<W3mToast>(html`<w3m-toast></w3m-toast>`)
  })
  afterEach(() => resetToast())

  it('is a status live region that exists before any message', () => {
    const region = toast.shadowRoot!.querySelector('[role=status]')
    expect(region).to.not.equal(null)
    expect(region!.textContent!.trim()).to.equal('')
  })

  for (const [show, variant] of [
    [showLoading, 'loading'],
    [showSuccess, 'success'],
    [showError, 'error']
  ] as const) {
    it(`shows the ${variant} variant with its message`, async () => {
      show(`a ${variant} message`)
      await toast.updateComplete
      const box = toast.shadowRoot!.querySelector('[part=toast]')!
      expect(box.getAttribute('data-variant')).to.equal(variant)
      expect(box.textContent).to.contain(`a ${variant} message`)
    })
  }

  it('renders a message from a store as text, never as markup', async () => {
    showError('<img src=x onerror=alert(1)>')
    await toast.updateComplete
    expect(toast.shadowRoot!.querySelector('img')).to.equal(null)
    expect(toast.shadowRoot!.querySelector('[data-testid=toast-message]')!.textContent).to.equal(
      '<img src=x onerror=alert(1)>'
    )
  })

  it('is accessible', async () => {
    showSuccess('Copied')
    await toast.updateComplete
    await expect(toast).to.be.accessible()
  })
})
