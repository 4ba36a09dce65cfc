// The Connect view as people expect it (issue 32): the first social provider wide with its mark, the
// next ones as named square buttons, the rest behind "more" (a list that takes focus and gives it
// back on Escape); the e-mail field's envelope and submit arrow; wallet rows tagged Installed,
// Recent and QR; All Wallets with four catalog images and the count; the legal line
// (features.legalCheckbox, spec §9 "legal checkbox off") that must be ticked before anything
// connects. The keyboard alone, and axe, as in every element test.
import { expect, fixture, html } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import type { LitElement } from 'lit'
import { setCatalogClient } from '../../../src/api/catalog-client.js'
import { AppKitOptionsError, parseOptions } from '../../../src/config/options.js'
import '../../../src/elements/views/connect/w3m-connect-view.js'
import { localChainA } from '../../../src/networks/definitions.js'
import { addRecentWallet } from '../../../src/storage/recent-wallets.js'
import { resetLegalConsent } from '../../../src/stores/connect/legal-consent.js'
import { resetWallets } from '../../../src/stores/connect/wallets.js'
import { openModal } from '../../../src/stores/modal.js'
import { $router } from '../../../src/stores/router.js'
import { catalog, createFakeCatalogClient } from '../../fixtures/catalog.js'
import { FakeEip1193Provider, announceWallet } from '../../fixtures/eip1193-provider.js'
import { setUpConnection, tearDownConnection, track, until } from './support.js'
import { forgetDoubleLogin, setUpEmail, tearDownEmail } from '../email/support.js'

const PROJECT = 'connect-view-face-test'

const byTestId = (el: Element, id: string) => el.shadowRoot!.querySelector<HTMLElement>(`[data-testid="${id}"]`)
const innerButton = (row: Element) => row.shadowRoot!.querySelector('button')!

/** The focused element through shadow roots, and the test id of its row (a wui-list-item's host). */
function focusedTestId(): string | null {
  let active = document.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  const root = active?.getRootNode()
  const host = root instanceof ShadowRoot ? root.host : null
  if (host?.localName === 'wui-list-item') return host.getAttribute('data-testid')
  return active?.getAttribute('data-testid') ?? null
}

describe('the Connect view’s face (issue 32)', () => {
  describe('social login and e-mail (with the frame double)', () => {
    beforeEach(async () => {
      await forgetDoubleLogin(PROJECT)
      setUpEmail(PROJECT)
      openModal()
    })
    afterEach(tearDownEmail)

    it('the first provider is wide with its mark and text, the next four square and named, the rest behind more', async () => {
      const el = await fixture<LitElement>(html`<w3m-connect-view></w3m-connect-view>`)
      const list = byTestId(el, 'social-list')!
      const google = byTestId(el, 'social-google')!
      expect(google.closest('li')!.classList.contains('wide')).to.equal(true)
      expect(google.querySelector('svg')).to.not.equal(null)
      expect(google.textContent!.trim()).to.equal('Continue with Google')
      // Full width: as wide as the list itself.
      expect(google.getBoundingClientRect().width).to.be.closeTo(list.getBoundingClientRect().width, 1)

      const squares = [...list.querySelectorAll<HTMLElement>('wui-list-item[data-shape="square"]')]
      expect(squares.map(s => s.dataset['testid'])).to.deep.equal([
        'social-x',
        'social-discord',
        'social-farcaster',
        'social-github'
      ])
      for (const square of squares) {
        expect(square.querySelector('svg'), square.dataset['testid']).to.not.equal(null)
        // The name is the only text, hidden from sight: "Continue with X".
        expect(square.querySelector('.visually-hidden')!.textContent!.trim()).to.match(/^Continue with \w+$/)
        expect(square.getBoundingClientRect().top).to.be.closeTo(squares[0]!.getBoundingClientRect().top, 1)
      }
      const more = byTestId(el, 'social-more')!
      expect(more.getBoundingClientRect().top, 'more is on the same row').to.be.closeTo(
        squares[0]!.getBoundingClientRect().top,
        1
      )
      expect(more.textContent!.trim()).to.equal('More sign-in options')
      expect(more.getAttribute('aria-expanded')).to.equal('false')
      expect(byTestId(el, 'social-apple')).to.equal(null)
      expect(byTestId(el, 'social-facebook')).to.equal(null)
      await expect(el).to.be.accessible()
    })

    it('more opens the list of the rest with the keyboard, focus moves into it, Escape closes it and returns focus', async () => {
      const el = await fixture<LitElement>(html`<w3m-connect-view></w3m-connect-view>`)
      byTestId(el, 'social-more')!.focus()
      await sendKeys({ press: 'Enter' })
      await until(() => byTestId(el, 'social-more-list') !== null, 'the list')
      expect(byTestId(el, 'social-more')!.getAttribute('aria-expanded')).to.equal('true')
      expect(byTestId(el, 'social-more')!.getAttribute('aria-controls')).to.equal('social-more-list')
      const rows = [...byTestId(el, 'social-more-list')!.querySelectorAll('wui-list-item')]
      expect(rows.map(row => row.textContent!.trim())).to.deep.equal(['Continue with Apple', 'Continue with Facebook'])
      expect(rows.every(row => row.querySelector('svg') !== null)).to.equal(true)
      await until(() => focusedTestId() === 'social-apple', 'focus on the first of the list')
      await expect(el).to.be.accessible()
      await sendKeys({ press: 'Tab' })
      expect(focusedTestId()).to.equal('social-facebook')
      let escape: KeyboardEvent | undefined
      const watch = (event: Event) => (escape = event as KeyboardEvent)
      document.addEventListener('keydown', watch)
      await sendKeys({ press: 'Escape' })
      document.removeEventListener('keydown', watch)
      expect(escape?.defaultPrevented, 'the modal is not asked to close').to.equal(true)
      await until(() => byTestId(el, 'social-more-list') === null, 'the list to close')
      expect(focusedTestId()).to.equal('social-more')
      expect(byTestId(el, 'social-more')!.getAttribute('aria-expanded')).to.equal('false')
    })

    it('Tab goes field, arrow, each provider in order, more, then the wallets; a square acts on Enter', async () => {
      const el = await fixture<LitElement>(html`<w3m-connect-view></w3m-connect-view>`)
      byTestId(el, 'email-login-input')!.focus()
      const seen = [focusedTestId()]
      for (let i = 0; i < 8; i++) {
        await sendKeys({ press: 'Tab' })
        seen.push(focusedTestId())
      }
      expect(seen).to.deep.equal([
        'email-login-input',
        'email-login-submit',
        'social-google',
        'social-x',
        'social-discord',
        'social-farcaster',
        'social-github',
        'social-more',
        'all-wallets-button'
      ])
      byTestId(el, 'social-farcaster')!.focus()
      await sendKeys({ press: 'Enter' })
      expect($router.get().view).to.equal('ConnectingFarcaster')
    })

    it('the e-mail field has its envelope at the start and a submit arrow named Continue that sends as Enter does', async () => {
      const el = await fixture<LitElement>(html`<w3m-connect-view></w3m-connect-view>`)
      const input = byTestId(el, 'email-login-input') as HTMLInputElement
      const field = input.parentElement!
      const envelope = field.querySelector(':scope > svg')!
      expect(envelope.getAttribute('aria-hidden')).to.equal('true')
      expect(envelope.getBoundingClientRect().left).to.be.lessThan(input.getBoundingClientRect().left + 40)
      const submit = byTestId(el, 'email-login-submit')!
      expect(submit.querySelector('svg')).to.not.equal(null)
      expect(submit.textContent!.trim()).to.equal('Continue')
      expect(submit.getBoundingClientRect().right).to.be.closeTo(input.getBoundingClientRect().right, 12)
      await expect(el).to.be.accessible()
      // A malformed address through the arrow: the same refusal as Enter, the typing kept.
      input.value = 'not-an-address'
      submit.click()
      await until(() => byTestId(el, 'email-login-error') !== null, 'the error')
      expect(byTestId(el, 'email-login-error')!.textContent!.trim()).to.equal('Enter a valid e-mail address')
      input.value = 'visitor@example.com'
      submit.click()
      await until(() => $router.get().view === 'EmailVerifyOtp', 'the code view')
    })
  })

  describe('wallets', () => {
    afterEach(() => {
      setCatalogClient(undefined)
      resetWallets()
      tearDownConnection()
    })

    it('tags the wallet rows: Recent, Installed, and QR for WalletConnect', async () => {
      setUpConnection({ enableWalletConnect: true })
      addRecentWallet({
        id: 'com.example.recent',
        name: 'Recent Wallet',
        image_id: 'img',
        rdns: 'com.example.recent',
        mobile_link: null,
        desktop_link: null,
        webapp_link: null,
        chains: []
      })
      track(announceWallet(new FakeEip1193Provider(), { rdns: 'com.example.recent', name: 'Recent Wallet' }))
      track(announceWallet(new FakeEip1193Provider(), { rdns: 'com.example.fresh', name: 'Fresh Wallet' }))
      const el = await fixture<LitElement>(html`<w3m-connect-view></w3m-connect-view>`)
      await until(() => el.shadowRoot!.querySelectorAll('[part=connector]').length === 3, 'the wallets')
      const tag = (id: string) => byTestId(el, `connector-${id}`)!.querySelector('[slot=end]')?.textContent?.trim()
      const walletConnect = [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part=connector]')].find(row =>
        row.dataset['testid']?.startsWith('connector-walletConnect')
      )!
      expect(walletConnect.querySelector('[slot=end]')!.textContent!.trim()).to.equal('QR')
      expect(walletConnect.querySelector('[slot=end] svg')).to.not.equal(null)
      expect(tag('com.example.recent')).to.equal('Recent')
      expect(tag('com.example.fresh')).to.equal('Installed')
      await expect(el).to.be.accessible()
    })

    it('All Wallets shows four catalog images not listed above, and the catalog’s count', async () => {
      setUpConnection()
      resetWallets()
      setCatalogClient(createFakeCatalogClient({ wallets: catalog }))
      // The catalog's first wallet is installed: it is listed above, so the preview skips it.
      track(announceWallet(new FakeEip1193Provider(), { rdns: catalog[0]!.rdns!, name: catalog[0]!.name }))
      const el = await fixture<LitElement>(html`<w3m-connect-view></w3m-connect-view>`)
      await until(() => byTestId(el, 'all-wallets-count') !== null, 'the count')
      const grid = byTestId(el, 'all-wallets-grid')!
      const images = [...grid.querySelectorAll('wui-wallet-image')]
      expect(images.map(image => image.name)).to.deep.equal(catalog.slice(1, 5).map(wallet => wallet.name))
      expect(images.every(image => image.src?.startsWith('blob:'))).to.equal(true)
      const count = byTestId(el, 'all-wallets-count')!
      expect(count.querySelector('[aria-hidden=true]')!.textContent).to.equal('600')
      expect(count.querySelector('.visually-hidden')!.textContent).to.equal('600 wallets')
      await expect(el).to.be.accessible()
    })
  })

  describe('the legal line (features.legalCheckbox)', () => {
    const TERMS = 'https://example.com/terms'
    const PRIVACY = 'https://example.com/privacy'

    beforeEach(() => resetLegalConsent())
    afterEach(() => {
      resetLegalConsent()
      tearDownConnection()
    })

    it('is hidden by default and shows with features.legalCheckbox', async () => {
      setUpConnection({ termsConditionsUrl: TERMS, privacyPolicyUrl: PRIVACY })
      const hidden = await fixture<LitElement>(html`<w3m-connect-view></w3m-connect-view>`)
      expect(byTestId(hidden, 'legal-line')).to.equal(null)
      expect(hidden.shadowRoot!.querySelector('input[type=checkbox]')).to.equal(null)
      setUpConnection({ features: { legalCheckbox: true }, termsConditionsUrl: TERMS, privacyPolicyUrl: PRIVACY })
      const shown = await fixture<LitElement>(html`<w3m-connect-view></w3m-connect-view>`)
      expect(byTestId(shown, 'legal-line')).to.not.equal(null)
      // Under the list: after the wallet section.
      const wallets = byTestId(shown, 'connect-method-wallet')!
      expect(
        wallets.compareDocumentPosition(byTestId(shown, 'legal-line')!) & Node.DOCUMENT_POSITION_FOLLOWING
      ).to.not.equal(0)
    })

    it('blocks every connect button until its box is ticked; the links open in a new tab', async () => {
      setUpConnection({ features: { legalCheckbox: true }, termsConditionsUrl: TERMS, privacyPolicyUrl: PRIVACY })
      openModal()
      track(announceWallet(new FakeEip1193Provider({ chainId: 1 }), { rdns: 'com.example.fake' }))
      const el = await fixture<LitElement>(html`<w3m-connect-view></w3m-connect-view>`)
      await until(() => byTestId(el, 'connector-com.example.fake') !== null, 'the wallet')
      const line = byTestId(el, 'legal-line')!
      expect(line.querySelector('label')!.textContent!.trim()).to.equal(
        'I agree to the Terms of Service and Privacy Policy'
      )
      const terms = byTestId(el, 'legal-terms') as HTMLAnchorElement
      const privacy = byTestId(el, 'legal-privacy') as HTMLAnchorElement
      expect([terms.href, terms.target, terms.rel]).to.deep.equal([TERMS, '_blank', 'noopener noreferrer'])
      expect([privacy.href, privacy.target, privacy.rel]).to.deep.equal([PRIVACY, '_blank', 'noopener noreferrer'])
      const checkbox = byTestId(el, 'legal-checkbox') as HTMLInputElement
      expect(checkbox.checked).to.equal(false)
      // Blocked: the rows are disabled, and the hint says why to assistive technology too.
      const wallet = byTestId(el, 'connector-com.example.fake')!
      expect(wallet.hasAttribute('disabled')).to.equal(true)
      expect(byTestId(el, 'all-wallets-button')!.hasAttribute('disabled')).to.equal(true)
      expect(checkbox.getAttribute('aria-describedby')).to.equal('legal-hint')
      expect(el.shadowRoot!.getElementById('legal-hint')!.textContent!.trim()).to.equal(
        'Agree to the Terms of Service and Privacy Policy to connect.'
      )
      await expect(el).to.be.accessible()
      innerButton(wallet).click()
      innerButton(byTestId(el, 'all-wallets-button')!).click()
      expect($router.get().view).to.equal('Connect')
      // Ticked with the keyboard: the wallet connects.
      checkbox.focus()
      await sendKeys({ press: 'Space' })
      await until(() => !byTestId(el, 'connector-com.example.fake')!.hasAttribute('disabled'), 'the rows enabled')
      expect(byTestId(el, 'legal-hint')).to.equal(null)
      innerButton(byTestId(el, 'connector-com.example.fake')!).click()
      expect($router.get().view).to.equal('ConnectingExternal')
      await expect(el).to.be.accessible()
    })

    it('blocks the social buttons and the e-mail arrow too', async () => {
      await forgetDoubleLogin(PROJECT)
      setUpEmail(PROJECT, { features: { legalCheckbox: true } })
      openModal()
      const el = await fixture<LitElement>(html`<w3m-connect-view></w3m-connect-view>`)
      expect(byTestId(el, 'social-google')!.hasAttribute('disabled')).to.equal(true)
      expect(byTestId(el, 'social-x')!.hasAttribute('disabled')).to.equal(true)
      const submit = byTestId(el, 'email-login-submit')!
      expect(submit.getAttribute('aria-disabled')).to.equal('true')
      expect(submit.getAttribute('aria-describedby')).to.equal('legal-hint')
      const input = byTestId(el, 'email-login-input') as HTMLInputElement
      input.value = 'visitor@example.com'
      input.focus()
      await sendKeys({ press: 'Enter' })
      submit.click()
      await el.updateComplete
      expect($router.get().view).to.equal('Connect')
      await expect(el).to.be.accessible()
      tearDownEmail()
    })

    it('the options take only http(s) URLs for the terms and privacy pages', () => {
      const base = { projectId: 'p', networks: [localChainA] }
      for (const option of ['termsConditionsUrl', 'privacyPolicyUrl']) {
        expect(() => parseOptions({ ...base, [option]: 'javascript:alert(1)' }), option).to.throw(AppKitOptionsError)
        expect(() => parseOptions({ ...base, [option]: 'data:text/html,hi' }), option).to.throw(AppKitOptionsError)
        expect(parseOptions({ ...base, [option]: 'https://example.com/x' })[option as 'termsConditionsUrl']).to.equal(
          'https://example.com/x'
        )
      }
    })
  })
})
