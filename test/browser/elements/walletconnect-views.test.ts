import { expect, fixture, html } from '@open-wc/testing'
import { until } from '../wait.js'
import sinon from 'sinon'
import type { WuiQrCode } from '../../../src/elements/ui/wui-qr-code.js'
import { walletOf } from '../../../src/elements/views/router-data.js'
import '../../../src/elements/views/connect/w3m-connecting-wallet-connect-basic-view.js'
import '../../../src/elements/views/connect/w3m-connecting-wallet-connect-view.js'
import type { W3mConnectingWalletConnectView } from '../../../src/elements/views/connect/w3m-connecting-wallet-connect-view.js'
import { resetModal } from '../../../src/stores/modal.js'
import { resetOptions } from '../../../src/stores/options.js'
import { $router, resetRouter } from '../../../src/stores/router.js'
import { $toast, resetToast } from '../../../src/stores/toast.js'
import {
  $walletConnect,
  resetWalletConnect,
  type WalletConnectState
} from '../../../src/stores/connect/walletconnect.js'
import { overrideMobile } from '../../../src/utils/device.js'
import {
  WC_URI,
  WC_WALLET_LOGO,
  failedPairing,
  loadingPairing,
  readyPairing,
  wcWallet
} from '../../fixtures/walletconnect.js'

const byTestId = (el: Element, id: string) => el.shadowRoot!.querySelector<HTMLElement>(`[data-testid="${id}"]`)
const buttonOf = (el: Element, id: string) => byTestId(el, id) as HTMLButtonElement
const qrOf = (el: Element) => byTestId(el, 'wc-qr') as WuiQrCode | null
const text = (el: Element, id: string) => byTestId(el, id)!.textContent!.trim().replace(/\s+/g, ' ')

/** ConnectingWalletConnect opened with `data` (AllWallets gives `{ wallet }`) over a seeded pairing. */
function showWalletConnect(pairing: WalletConnectState, data?: Record<string, unknown>) {
  $router.set({ ...$router.get(), view: 'ConnectingWalletConnect', data })
  $walletConnect.set(pairing)
  return fixture<W3mConnectingWalletConnectView>(
    html`<w3m-connecting-wallet-connect-view></w3m-connecting-wallet-connect-view>`
  )
}

function showBasic(pairing: WalletConnectState) {
  $router.set({ ...$router.get(), view: 'ConnectingWalletConnectBasic', history: ['ConnectingWalletConnectBasic'] })
  $walletConnect.set(pairing)
  return fixture(html`<w3m-connecting-wallet-connect-basic-view></w3m-connecting-wallet-connect-basic-view>`)
}

describe('WalletConnect views', () => {
  beforeEach(() => {
    // No options: a pairing the views start fails at once (WalletConnect is off), never reaching a relay.
    resetOptions()
    resetWalletConnect()
    resetRouter()
    resetModal()
    resetToast()
    overrideMobile(false)
  })
  afterEach(() => {
    sinon.restore()
    overrideMobile(undefined)
    resetWalletConnect()
    resetToast()
  })

  describe('w3m-connecting-wallet-connect-view on desktop', () => {
    it('ready: the QR code of the URI, Copy link, no app buttons without a wallet; accessible', async () => {
      const el = await showWalletConnect(readyPairing())
      expect(text(el, 'wc-title')).to.equal('Scan this QR code with your phone')
      const qr = qrOf(el)!
      expect(qr.uri).to.equal(WC_URI)
      expect(qr.imageSrc).to.equal(undefined)
      expect(buttonOf(el, 'wc-copy-link').disabled).to.equal(false)
      expect(byTestId(el, 'wc-open-desktop')).to.equal(null)
      expect(byTestId(el, 'wc-open-webapp')).to.equal(null)
      await expect(el).to.be.accessible()
    })

    it("ready for a chosen wallet: 'Scan with <wallet>', its logo in the QR code, its app buttons; accessible", async () => {
      const el = await showWalletConnect(readyPairing(wcWallet), { wallet: wcWallet })
      expect(text(el, 'wc-title')).to.equal('Scan with Fixture Wallet')
      const qr = qrOf(el)!
      expect(qr.uri).to.equal(WC_URI)
      expect(qr.imageSrc).to.equal(WC_WALLET_LOGO)
      await qr.updateComplete
      expect(qr.shadowRoot!.querySelector('image[part=logo]')!.getAttribute('href')).to.equal(WC_WALLET_LOGO)
      expect(text(el, 'wc-open-desktop')).to.equal('Open Fixture Wallet')
      expect(text(el, 'wc-open-webapp')).to.equal('Open Fixture Wallet web app')
      await expect(el).to.be.accessible()
    })

    it('the web app button opens the wallet with the URI in a new tab, within the click', async () => {
      const open = sinon.stub(window, 'open').returns(null)
      const el = await showWalletConnect(readyPairing(wcWallet), { wallet: wcWallet })
      buttonOf(el, 'wc-open-webapp').click()
      expect(open.firstCall.args).to.deep.equal([
        `https://web.fixture.example/wc?uri=${encodeURIComponent(WC_URI)}`,
        '_blank',
        'noreferrer noopener'
      ])
    })

    it('loading: the QR placeholder and disabled buttons; accessible', async () => {
      const el = await showWalletConnect(loadingPairing(wcWallet), { wallet: wcWallet })
      const qr = qrOf(el)!
      expect(qr.uri).to.equal('')
      await qr.updateComplete
      expect(qr.shadowRoot!.querySelector('[part=placeholder][aria-busy=true]')).to.not.equal(null)
      for (const id of ['wc-copy-link', 'wc-open-desktop', 'wc-open-webapp']) {
        expect(buttonOf(el, id).disabled, id).to.equal(true)
      }
      await expect(el).to.be.accessible()
    })

    it("Copy link puts the URI on the clipboard and says 'Link copied'", async () => {
      const write = sinon.stub(navigator.clipboard, 'writeText').resolves()
      const el = await showWalletConnect(readyPairing())
      buttonOf(el, 'wc-copy-link').click()
      await until(() => $toast.get().open, 'the toast')
      expect(write.firstCall.args).to.deep.equal([WC_URI])
      expect($toast.get()).to.include({ variant: 'success', message: 'Link copied' })
    })

    it('failed: the message as an alert and Try again, which makes a new pairing; accessible', async () => {
      const el = await showWalletConnect(failedPairing(wcWallet), { wallet: wcWallet })
      // A failed pairing for the same wallet is kept when the view shows.
      expect($walletConnect.get().status).to.equal('failed')
      const error = byTestId(el, 'wc-error')!
      expect(error.textContent!.trim()).to.equal('Connection declined')
      expect(error.getAttribute('role')).to.equal('alert')
      expect(qrOf(el)).to.equal(null)
      await expect(el).to.be.accessible()
      buttonOf(el, 'wc-retry').click()
      expect($walletConnect.get()).to.include({ status: 'loading', error: undefined })
      expect($walletConnect.get().wallet?.id).to.equal(wcWallet.id)
    })
  })

  describe('w3m-connecting-wallet-connect-view on mobile', () => {
    beforeEach(() => overrideMobile(true))

    it("'Open <wallet>' first, Copy link, and the QR code only on demand; accessible", async () => {
      const el = await showWalletConnect(readyPairing(wcWallet), { wallet: wcWallet })
      expect(text(el, 'wc-open-wallet')).to.equal('Open Fixture Wallet')
      expect(byTestId(el, 'wc-copy-link')).to.not.equal(null)
      expect(qrOf(el)).to.equal(null)
      await expect(el).to.be.accessible()
      const toggle = buttonOf(el, 'wc-show-qr')
      expect(toggle.getAttribute('aria-expanded')).to.equal('false')
      toggle.click()
      await el.updateComplete
      expect(toggle.getAttribute('aria-expanded')).to.equal('true')
      expect(toggle.textContent!.trim()).to.equal('Hide QR code')
      expect(qrOf(el)!.uri).to.equal(WC_URI)
      await expect(el).to.be.accessible()
    })

    it('Open <wallet> opens its universal link with the URI synchronously, inside the tap', async () => {
      const open = sinon.stub(window, 'open').returns(null)
      const el = await showWalletConnect(readyPairing(wcWallet), { wallet: wcWallet })
      buttonOf(el, 'wc-open-wallet').click()
      // No await between the tap and the navigation (iOS Safari would block it).
      expect(open.callCount).to.equal(1)
      expect(open.firstCall.args).to.deep.equal([
        `https://fixture.example/app/wc?uri=${encodeURIComponent(WC_URI)}`,
        '_self',
        'noreferrer noopener'
      ])
    })

    it('a link that may not be opened (javascript:) navigates nowhere and shows the QR code', async () => {
      const open = sinon.stub(window, 'open').returns(null)
      const wallet = { ...wcWallet, mobileLink: 'javascript:alert(1)' }
      const el = await showWalletConnect(readyPairing(wallet), { wallet })
      buttonOf(el, 'wc-open-wallet').click()
      await el.updateComplete
      expect(open.called).to.equal(false)
      expect(location.protocol).to.equal('http:')
      expect(qrOf(el)!.uri).to.equal(WC_URI)
    })

    it('loading: Open <wallet> waits for the URI', async () => {
      const el = await showWalletConnect(loadingPairing(wcWallet), { wallet: wcWallet })
      expect(buttonOf(el, 'wc-open-wallet').disabled).to.equal(true)
      expect(buttonOf(el, 'wc-copy-link').disabled).to.equal(true)
      await expect(el).to.be.accessible()
    })

    it('a wallet without a mobile link gets the QR code', async () => {
      const wallet = { id: 'no-mobile', name: 'Desk Wallet' }
      const el = await showWalletConnect(readyPairing(wallet), { wallet })
      expect(byTestId(el, 'wc-open-wallet')).to.equal(null)
      expect(qrOf(el)!.uri).to.equal(WC_URI)
    })

    it('failed: the message and Try again; accessible', async () => {
      const el = await showWalletConnect(failedPairing(wcWallet), { wallet: wcWallet })
      expect(byTestId(el, 'wc-error')!.textContent!.trim()).to.equal('Connection declined')
      expect(byTestId(el, 'wc-retry')).to.not.equal(null)
      await expect(el).to.be.accessible()
    })
  })

  describe('the pairing of the view', () => {
    it("starts one for the router data's wallet, keeping only its string fields and a safe image", async () => {
      const data = {
        wallet: { ...wcWallet, imageUrl: 'javascript:alert(1)', mobileLink: 42, desktopLink: { x: 1 }, extra: 'x' }
      }
      const el = await showWalletConnect(readyPairing({ id: 'another', name: 'Another' }), data)
      expect($walletConnect.get().wallet).to.deep.equal({
        id: wcWallet.id,
        name: wcWallet.name,
        rdns: wcWallet.rdns,
        webappLink: wcWallet.webappLink
      })
      expect(qrOf(el)?.imageSrc ?? undefined).to.equal(undefined)
    })

    it('keeps an unexpired pairing for the same wallet', async () => {
      const seeded = readyPairing(wcWallet)
      await showWalletConnect(seeded, { wallet: wcWallet })
      expect($walletConnect.get()).to.equal(seeded)
    })

    it('is cancelled when the view is left', async () => {
      const el = await showWalletConnect(readyPairing(wcWallet), { wallet: wcWallet })
      el.remove()
      expect($walletConnect.get().status).to.equal('idle')
      expect($walletConnect.get().uri).to.equal(undefined)
    })
  })

  describe('walletOf', () => {
    it('needs an id and a name', () => {
      expect(walletOf(undefined)).to.equal(undefined)
      expect(walletOf({ wallet: 'x' })).to.equal(undefined)
      expect(walletOf({ wallet: { name: 'No id' } })).to.equal(undefined)
      expect(walletOf({ wallet: { id: 'a', name: 3 } })).to.equal(undefined)
      expect(walletOf({ wallet: { id: 'a', name: 'A' } })).to.deep.equal({ id: 'a', name: 'A' })
    })

    it("keeps an http image only on an allowed origin (the app's backend)", () => {
      const wallet = { id: 'a', name: 'A', imageUrl: 'http://127.0.0.1:8787/image.png' }
      expect(walletOf({ wallet })?.imageUrl).to.equal(undefined)
      expect(walletOf({ wallet }, ['http://127.0.0.1:8787'])?.imageUrl).to.equal(wallet.imageUrl)
    })
  })

  describe('w3m-connecting-wallet-connect-basic-view', () => {
    it('ready: the QR code, Copy link and All wallets; accessible', async () => {
      const el = await showBasic(readyPairing())
      expect(text(el, 'wc-title')).to.equal('Scan this QR code with your phone')
      expect(qrOf(el)!.uri).to.equal(WC_URI)
      expect(buttonOf(el, 'wc-copy-link').disabled).to.equal(false)
      await expect(el).to.be.accessible()
    })

    it('All wallets opens the AllWallets view', async () => {
      const el = await showBasic(readyPairing())
      byTestId(el, 'wc-basic-all-wallets')!.shadowRoot!.querySelector('button')!.click()
      expect($router.get().view).to.equal('AllWallets')
      expect($router.get().history).to.deep.equal(['ConnectingWalletConnectBasic', 'AllWallets'])
    })

    it('loading: the placeholder and a disabled Copy link; accessible', async () => {
      const el = await showBasic(loadingPairing())
      expect(qrOf(el)!.uri).to.equal('')
      expect(buttonOf(el, 'wc-copy-link').disabled).to.equal(true)
      await expect(el).to.be.accessible()
    })

    it('failed: the message, Try again and All wallets; accessible', async () => {
      const el = await showBasic(failedPairing())
      expect(byTestId(el, 'wc-error')!.textContent!.trim()).to.equal('Connection declined')
      expect(byTestId(el, 'wc-retry')).to.not.equal(null)
      expect(byTestId(el, 'wc-basic-all-wallets')).to.not.equal(null)
      await expect(el).to.be.accessible()
    })

    it('starts a pairing for any wallet when shown, and cancels it when left', async () => {
      const el = await showBasic($walletConnect.get())
      expect($walletConnect.get().status).to.not.equal('idle')
      expect($walletConnect.get().wallet).to.equal(undefined)
      el.remove()
      expect($walletConnect.get().status).to.equal('idle')
    })
  })
})
