import { expect, fixture, html } from '@open-wc/testing'
import { waitUntil } from '../wait.js'
import { msg } from '@lit/localize'
import '../../../src/elements/w3m-modal.js'
import '../../../src/elements/buttons/appkit-connect-button.js'
import '../../../src/elements/buttons/appkit-account-button.js'
import { resetAccount, setAccount } from '../../../src/stores/account.js'
import type { W3mModal } from '../../../src/elements/w3m-modal.js'
import { AppKitOptionsError } from '../../../src/config/options.js'
import { CATALOG } from '../../../src/i18n/catalog.js'
import { localizeText } from '../../../src/i18n/store-text.js'
import { templates as ar } from '../../../src/i18n/locales/ar.js'
import { templates as de } from '../../../src/i18n/locales/de.js'
import { templates as fr } from '../../../src/i18n/locales/fr.js'
import { templates as ja } from '../../../src/i18n/locales/ja.js'
import { FAILED_TO_DISCONNECT } from '../../../src/errors/connector-errors.js'
import { $locale, setLocale, setMessages } from '../../../src/stores/locale.js'
import { openModal, resetModal } from '../../../src/stores/modal.js'
import { pushView, resetRouter } from '../../../src/stores/router.js'
import { $toast, showError, resetToast } from '../../../src/stores/toast.js'
import { deepQuery, waitForText } from './support.js'

describe('languages', () => {
  let modal: W3mModal

  beforeEach(async () => {
    resetModal()
    resetRouter()
    resetToast()
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })
  afterEach(async () => {
    resetModal()
    await waitUntil(() => !modal.shadowRoot!.querySelector('dialog')!.open, 'the modal did not close')
    await setMessages({})
    await setLocale('en')
  })

  it('renders English, the spec texts, with nothing loaded', async () => {
    openModal({ view: 'Connect' })
    await waitForText(modal, '[data-testid=header-title]', 'Connect Wallet')
    expect(CATALOG['connect.title']).to.equal('Connect Wallet')
  })

  it('switches the open modal live: every view re-renders without closing', async () => {
    openModal({ view: 'Connect' })
    await waitForText(modal, '[data-testid=header-title]', 'Connect Wallet')
    await setLocale('fr')
    await waitForText(modal, '[data-testid=header-title]', fr['connect.title']!)
    expect(modal.shadowRoot!.querySelector('dialog')!.open).to.equal(true)
    const close = deepQuery(modal.shadowRoot!, '[data-testid=header-close]')!
    expect(close.getAttribute('aria-label')).to.equal(fr['header.close'])
    pushView('Networks')
    await waitForText(modal, '[data-testid=header-title]', fr['networks.title']!)
    await setLocale('ja')
    await waitForText(modal, '[data-testid=header-title]', ja['networks.title']!)
    expect(fr['connect.title']).to.not.equal(CATALOG['connect.title'])
  })

  it('names the dialog after the view title, in the language', async () => {
    await setLocale('de')
    openModal({ view: 'Networks' })
    await waitUntil(
      () => modal.shadowRoot!.querySelector('dialog')!.getAttribute('aria-label') === de['networks.title']
    )
    expect(modal.shadowRoot!.querySelector('dialog')!.getAttribute('lang')).to.equal('de')
  })

  it('falls back to the English source for an id a locale lacks, never to the id', async () => {
    await setLocale('fr')
    expect(msg('An English text', { id: 'no.such.id' })).to.equal('An English text')
    expect(localizeText('A text no store table knows')).to.equal('A text no store table knows')
  })

  it('shows store texts (toasts, errors) in the language', async () => {
    await setLocale('de')
    openModal({ view: 'Connect' })
    showError(FAILED_TO_DISCONNECT)
    expect($toast.get().message).to.equal('Failed to disconnect')
    await waitUntil(() => deepQuery(modal.shadowRoot!, '[data-testid=toast-message]'), 'no toast')
    expect(deepQuery(modal.shadowRoot!, '[data-testid=toast-message]')!.textContent).to.equal(
      de['error.disconnectFailed']
    )
    expect(deepQuery(modal.shadowRoot!, '[data-testid=toast-alert]')!.textContent).to.contain(
      de['error.disconnectFailed']
    )
  })

  it('mirrors the modal in Arabic and keeps it left-to-right otherwise', async () => {
    openModal({ view: 'Connect' })
    const dialog = modal.shadowRoot!.querySelector('dialog')!
    expect(dialog.getAttribute('dir')).to.equal('ltr')
    await setLocale('ar')
    await waitForText(modal, '[data-testid=header-title]', ar['connect.title']!)
    expect(dialog.getAttribute('dir')).to.equal('rtl')
    expect($locale.get().direction).to.equal('rtl')
  })

  it('flips the back arrow in Arabic only, and keeps addresses and amounts left to right', async () => {
    openModal({ view: 'Connect' })
    pushView('Networks')
    const arrow = () => deepQuery(modal.shadowRoot!, '[data-testid=header-back] svg')
    await waitUntil(() => arrow(), 'no back button')
    expect(getComputedStyle(arrow()!).transform).to.equal('none')
    await setLocale('ar')
    await waitUntil(
      () => getComputedStyle(arrow()!).transform === 'matrix(-1, 0, 0, 1, 0, 0)',
      'the arrow is not mirrored'
    )
    setAccount({ address: '0x1234567890abcdef1234567890abcdef12345678', balance: '1234.56789', balanceSymbol: 'ETH' })
    const button = await fixture(html`<appkit-account-button></appkit-account-button>`)
    const address = button.shadowRoot!.querySelector('[data-testid=account-button-address]')!
    const balance = button.shadowRoot!.querySelector('[data-testid=account-button-balance]')!
    expect(button.shadowRoot!.querySelector('button')!.getAttribute('dir')).to.equal('rtl')
    expect([address.localName, address.getAttribute('dir')]).to.deep.equal(['bdi', 'ltr'])
    expect([balance.localName, balance.getAttribute('dir')]).to.deep.equal(['bdi', 'ltr'])
    expect(balance.textContent).to.contain(new Intl.NumberFormat('ar', { maximumFractionDigits: 3 }).format(1234.567))
    resetAccount()
  })

  it("translates the host page's connect button, unless the app set its label", async () => {
    const button = await fixture(html`<appkit-connect-button></appkit-connect-button>`)
    const custom = await fixture(html`<appkit-connect-button label="Log in"></appkit-connect-button>`)
    await setLocale('fr')
    await waitUntil(() => button.shadowRoot!.querySelector('button')!.textContent!.trim() === fr['button.connect'])
    await (custom as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete
    expect(custom.shadowRoot!.querySelector('button')!.textContent!.trim()).to.equal('Log in')
    await expect(button).to.be.accessible()
  })

  describe('app overrides (messages)', () => {
    it('replaces a text in every locale, English included', async () => {
      openModal({ view: 'Connect' })
      await setMessages({ 'connect.title': 'Sign in' })
      await waitForText(modal, '[data-testid=header-title]', 'Sign in')
      await setLocale('fr')
      await waitForText(modal, '[data-testid=header-title]', 'Sign in')
    })

    it('replaces a text per locale, over the all-locale one', async () => {
      openModal({ view: 'Connect' })
      await setMessages({ 'connect.title': 'Sign in', fr: { 'connect.title': 'Se connecter' } })
      await waitForText(modal, '[data-testid=header-title]', 'Sign in')
      await setLocale('fr')
      await waitForText(modal, '[data-testid=header-title]', 'Se connecter')
      await setLocale('de')
      await waitForText(modal, '[data-testid=header-title]', 'Sign in')
    })

    it('keeps placeholders: an override of a text with a value gets the value', async () => {
      await setMessages({ 'connecting.continueIn': 'Weiter mit {0}' })
      const { str } = await import('@lit/localize')
      const name = 'Dev Wallet'
      expect(msg(str`Continue in ${name}`, { id: 'connecting.continueIn' })).to.equal('Weiter mit Dev Wallet')
    })

    it('rejects unknown ids, unknown locales and foreign placeholders with an AppKitOptionsError naming them, and changes nothing', async () => {
      openModal({ view: 'Connect' })
      await setMessages({ 'connect.title': 'Sign in' })
      let error: unknown
      try {
        await setMessages({
          'connect.titel': 'Oops',
          xx: { 'connect.title': 'x' },
          'header.close': 'Shut {0}'
        } as never)
      } catch (caught) {
        error = caught
      }
      expect(error).to.be.instanceOf(AppKitOptionsError)
      const message = (error as Error).message
      expect(message).to.contain('"connect.titel"')
      expect(message).to.contain('"xx"')
      expect(message).to.contain('"header.close"')
      await waitForText(modal, '[data-testid=header-title]', 'Sign in')
    })
  })
})
