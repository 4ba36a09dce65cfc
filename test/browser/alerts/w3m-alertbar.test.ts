// The alert bar (docs/behaviour.md section 8): each of the seven alerts with the spec's title and the advice
// for the app's developer, one at a time (newest wins), dismissible, a role=alert region that is
// always there, translated, and accessible.
import { expect, fixture, html } from '@open-wc/testing'
import '../../../src/elements/w3m-alertbar.js'
import type { W3mAlertbar } from '../../../src/elements/w3m-alertbar.js'
import { $alert, ALERT_IDS, alertForProviderError, dismissAlert, showAlert } from '../../../src/stores/alert.js'
import { setLocale } from '../../../src/stores/locale.js'

const TITLES = {
  'network-not-found': 'Network Not Found',
  'invalid-app-configuration': 'Invalid App Configuration',
  'embedded-wallet-load-failed': 'Network Error - Could not load embedded wallet',
  'embedded-wallet-timeout': 'Embedded Wallet Request Timed Out',
  'session-expired': 'Session Expired',
  'invalid-project-id': 'Invalid Project ID',
  'project-id-not-configured': 'Project ID Not Configured'
} as const

const text = (bar: W3mAlertbar, testId: string) =>
  bar.shadowRoot!.querySelector(`[data-testid=${testId}]`)?.textContent?.trim() ?? ''

describe('w3m-alertbar', () => {
  let bar: W3mAlertbar
  const warn = console.warn
  beforeEach(async () => {
    console.warn = () => undefined
    dismissAlert()
    bar = await fixture<W3mAlertbar>(html`<w3m-alertbar></w3m-alertbar>`)
  })
  afterEach(async () => {
    console.warn = warn
    dismissAlert()
    await setLocale('en')
  })

  it('keeps an empty role=alert region in the page when there is no alert', async () => {
    const region = bar.shadowRoot!.querySelector('[role=alert]')
    expect(region).to.not.equal(null)
    expect(region!.textContent!.trim()).to.equal('')
    await expect(bar).to.be.accessible()
  })

  it('has all seven alerts of the spec', () => {
    expect([...ALERT_IDS].sort()).to.deep.equal(Object.keys(TITLES).sort())
  })

  for (const id of ALERT_IDS) {
    it(`${id}: shows “${TITLES[id]}” with advice for the developer, inside the alert region`, async () => {
      showAlert(id, 'SUBJECT')
      await bar.updateComplete
      expect(text(bar, 'w3m-alert-title')).to.equal(TITLES[id])
      expect(text(bar, 'w3m-alert-advice').length).to.be.greaterThan(20)
      expect(bar.shadowRoot!.querySelector('[role=alert] [part=alert]')!.getAttribute('data-alert')).to.equal(id)
      await expect(bar).to.be.accessible()
    })
  }

  it('names what the alert is about: the origin, the project id, the network', async () => {
    showAlert('invalid-app-configuration', 'https://shop.example')
    await bar.updateComplete
    expect(text(bar, 'w3m-alert-advice')).to.contain('https://shop.example').and.to.contain('allowed origins')
    showAlert('invalid-project-id', 'p-404')
    await bar.updateComplete
    expect(text(bar, 'w3m-alert-advice')).to.contain('p-404').and.to.contain('projectId')
    showAlert('network-not-found', 'eip155:9999')
    await bar.updateComplete
    expect(text(bar, 'w3m-alert-advice')).to.contain('eip155:9999')
  })

  it('shows one alert at a time: the newest replaces the one shown', async () => {
    showAlert('session-expired')
    showAlert('invalid-project-id', 'p')
    await bar.updateComplete
    expect(bar.shadowRoot!.querySelectorAll('[part=alert]')).to.have.length(1)
    expect(text(bar, 'w3m-alert-title')).to.equal('Invalid Project ID')
  })

  it('is dismissed with its button, by keyboard too', async () => {
    showAlert('session-expired')
    await bar.updateComplete
    const dismiss = bar.shadowRoot!.querySelector<HTMLButtonElement>('[data-testid=w3m-alert-dismiss]')!
    expect(dismiss.getAttribute('aria-label')).to.equal('Dismiss')
    dismiss.focus()
    dismiss.click()
    await bar.updateComplete
    expect($alert.get().id).to.equal(undefined)
    expect(bar.shadowRoot!.querySelector('[part=alert]')).to.equal(null)
  })

  it('renders the subject as text, never as markup', async () => {
    showAlert('invalid-app-configuration', '<img src=x onerror=alert(1)>')
    await bar.updateComplete
    expect(bar.shadowRoot!.querySelector('img')).to.equal(null)
    expect(text(bar, 'w3m-alert-advice')).to.contain('<img src=x onerror=alert(1)>')
  })

  it('speaks the visitor’s language', async () => {
    await setLocale('de')
    showAlert('invalid-project-id', 'p')
    await bar.updateComplete
    expect(text(bar, 'w3m-alert-title')).to.equal('Ungültige Projekt-ID')
    expect(bar.shadowRoot!.querySelector('[role=alert]')!.getAttribute('lang')).to.equal('de')
  })
})

describe('alertForProviderError', () => {
  it('maps the backend’s provider errors (docs/behaviour.md section 8) to their alerts', () => {
    expect(alertForProviderError('Unauthorized: origin not allowed')).to.equal('invalid-app-configuration')
    expect(alertForProviderError('Invalid App Configuration: Origin not found on Allowlist')).to.equal(
      'invalid-app-configuration'
    )
    expect(alertForProviderError('JWT validation error')).to.equal('session-expired')
    expect(alertForProviderError('Unauthorized: invalid key')).to.equal('invalid-project-id')
    expect(alertForProviderError("Invalid Project ID: 'x' is not a project of this backend")).to.equal(
      'invalid-project-id'
    )
    expect(alertForProviderError('HTTP status code: 500')).to.equal(undefined)
  })
})
