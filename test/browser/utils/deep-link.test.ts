import { expect } from '@open-wc/testing'
import sinon from 'sinon'
import {
  MOBILE_REDIRECT_WALLETS,
  formatNativeLink,
  formatUniversalLink,
  formatWalletLink,
  isInWalletBrowser,
  mobileRedirectFor,
  mobileRedirectWalletFor,
  openWalletLink,
  type MobileRedirectKey
} from '../../../src/utils/deep-link.js'

const WC_URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303'
const ENCODED = encodeURIComponent(WC_URI)
const PAGE = 'https://dapp.example.com/swap?from=eth&to=usdc#top'
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.6312.99 Mobile Safari/537.36'
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36'

describe('formatNativeLink', () => {
  it('adds wc?uri= to a bare scheme, with or without //', () => {
    expect(formatNativeLink('metamask://', WC_URI)).to.equal(`metamask://wc?uri=${ENCODED}`)
    expect(formatNativeLink('rainbow:', WC_URI)).to.equal(`rainbow://wc?uri=${ENCODED}`)
    expect(formatNativeLink('rainbow:/', WC_URI)).to.equal(`rainbow://wc?uri=${ENCODED}`)
  })

  it('puts exactly one slash between a path and wc', () => {
    expect(formatNativeLink('trust://open', WC_URI)).to.equal(`trust://open/wc?uri=${ENCODED}`)
    expect(formatNativeLink('trust://open/', WC_URI)).to.equal(`trust://open/wc?uri=${ENCODED}`)
    expect(formatNativeLink('trust://open//', WC_URI)).to.equal(`trust://open/wc?uri=${ENCODED}`)
  })

  it("keeps the link's own query before uri", () => {
    expect(formatNativeLink('zerion://app/?ref=kit', WC_URI)).to.equal(`zerion://app/wc?ref=kit&uri=${ENCODED}`)
  })

  it('encodes &, = and ? of the wc uri so they stay in the uri parameter', () => {
    const link = formatNativeLink('metamask://', WC_URI)!
    expect(link.match(/\?/g)).to.have.length(1)
    expect(link).not.to.contain('&symKey')
    expect(link).to.contain('%3Frelay-protocol%3Dirn%26symKey%3D')
    expect(new URL(link).searchParams.get('uri')).to.equal(WC_URI)
  })

  it('refuses dangerous schemes, http(s) links and non-links', () => {
    for (const bad of [
      'javascript:alert(1)//',
      'JavaScript:alert(1)',
      'java\tscript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'https://metamask.app.link',
      'metamask',
      ''
    ]) {
      expect(formatNativeLink(bad, WC_URI), bad).to.be.undefined
    }
  })
})

describe('formatUniversalLink', () => {
  it('adds /wc?uri= with or without a trailing slash', () => {
    expect(formatUniversalLink('https://metamask.app.link', WC_URI)).to.equal(
      `https://metamask.app.link/wc?uri=${ENCODED}`
    )
    expect(formatUniversalLink('https://metamask.app.link/', WC_URI)).to.equal(
      `https://metamask.app.link/wc?uri=${ENCODED}`
    )
  })

  it('keeps a path with exactly one slash before wc', () => {
    expect(formatUniversalLink('https://link.trustwallet.com/', WC_URI)).to.equal(
      `https://link.trustwallet.com/wc?uri=${ENCODED}`
    )
    expect(formatUniversalLink('https://wallet.example/app//', WC_URI)).to.equal(
      `https://wallet.example/app/wc?uri=${ENCODED}`
    )
  })

  it("keeps the link's own query before uri, and the uri intact", () => {
    const link = formatUniversalLink('https://wallet.example/app/?ref=kit&x=1', WC_URI)!
    expect(link).to.equal(`https://wallet.example/app/wc?ref=kit&x=1&uri=${ENCODED}`)
    const params = new URL(link).searchParams
    expect(params.get('ref')).to.equal('kit')
    expect(params.get('uri')).to.equal(WC_URI)
    expect(params.has('symKey')).to.be.false
  })

  it('refuses links isSafeUrl refuses, unless http on an allowed origin', () => {
    expect(formatUniversalLink('http://wallet.example', WC_URI)).to.be.undefined
    expect(formatUniversalLink('https://user:pw@wallet.example', WC_URI)).to.be.undefined
    expect(formatUniversalLink('javascript:alert(1)', WC_URI)).to.be.undefined
    expect(formatUniversalLink('http://localhost:3000', WC_URI, ['http://localhost:3000'])).to.equal(
      `http://localhost:3000/wc?uri=${ENCODED}`
    )
  })
})

describe('formatWalletLink', () => {
  it('picks the universal link for https and the native link otherwise', () => {
    expect(formatWalletLink('https://metamask.app.link/', WC_URI)).to.equal(
      `https://metamask.app.link/wc?uri=${ENCODED}`
    )
    expect(formatWalletLink('metamask://', WC_URI)).to.equal(`metamask://wc?uri=${ENCODED}`)
  })

  it('refuses javascript:, data:, vbscript: and file: links from the catalog', () => {
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'vbscript:x', 'file:///x', 'not a link']) {
      expect(formatWalletLink(bad, WC_URI), bad).to.be.undefined
    }
  })
})

describe('openWalletLink', () => {
  it('opens a universal link with window.open synchronously', () => {
    const navigator = { open: sinon.spy(), assign: sinon.spy() }
    const href = `https://metamask.app.link/wc?uri=${ENCODED}`
    const opened = openWalletLink(href, undefined, navigator)
    // Asserted before any await: a navigation after an await is blocked on iOS Safari.
    expect(navigator.open.calledOnceWithExactly(href, '_self', 'noreferrer noopener')).to.be.true
    expect(navigator.assign.called).to.be.false
    expect(opened).to.equal(true)
  })

  it('passes the target through', () => {
    const navigator = { open: sinon.spy(), assign: sinon.spy() }
    openWalletLink('https://metamask.app.link/wc?uri=x', '_blank', navigator)
    expect(navigator.open.firstCall.args[1]).to.equal('_blank')
  })

  it('assigns a custom-scheme link to location synchronously', () => {
    const navigator = { open: sinon.spy(), assign: sinon.spy() }
    const href = `metamask://wc?uri=${ENCODED}`
    expect(openWalletLink(href, '_self', navigator)).to.equal(true)
    expect(navigator.assign.calledOnceWithExactly(href)).to.be.true
    expect(navigator.open.called).to.be.false
  })

  it('refuses a javascript: link', () => {
    const navigator = { open: sinon.spy(), assign: sinon.spy() }
    expect(openWalletLink('javascript:alert(1)', '_self', navigator)).to.be.false
    expect(openWalletLink('not a link', '_self', navigator)).to.be.false
    expect(navigator.open.called || navigator.assign.called).to.be.false
  })
})

describe('mobile redirects', () => {
  const page = new URL(PAGE)
  const expected: Record<MobileRedirectKey, string> = {
    metamask: 'https://metamask.app.link/dapp/dapp.example.com/swap?from=eth&to=usdc#top',
    coinbase: `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(PAGE)}`,
    phantom: `https://phantom.app/ul/browse/${encodeURIComponent(PAGE)}?ref=${encodeURIComponent(page.origin)}`,
    solflare: `https://solflare.com/ul/v1/browse/${encodeURIComponent(PAGE)}?ref=${encodeURIComponent(page.origin)}`,
    trust: `https://link.trustwallet.com/open_url?coin_id=60&url=${encodeURIComponent(PAGE)}`
  }
  const identities: Record<MobileRedirectKey, { catalogId: string; rdns: string; name: string }> = {
    metamask: {
      catalogId: 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96',
      rdns: 'io.metamask',
      name: 'MetaMask'
    },
    coinbase: {
      catalogId: 'fd20dc426fb37566d803205b19bbc1d4096b248ac04548e3cfb6b3a38bd033aa',
      rdns: 'com.coinbase.wallet',
      name: 'Coinbase Wallet'
    },
    phantom: {
      catalogId: 'a797aa35c0fadbfc1a53e7f675162ed5226968b44a19ee3d24385c64d1d3c393',
      rdns: 'app.phantom',
      name: 'Phantom'
    },
    solflare: {
      catalogId: '1ca0bdd4747578705b1939af023d120677c64fe6ca76add81fda36e350605e79',
      rdns: 'com.solflare',
      name: 'Solflare'
    },
    trust: {
      catalogId: '4622a2b2d6af1c9844944291e5e7351a6aa24cd7b23099efac1b2fd875da31a0',
      rdns: 'com.trustwallet.app',
      name: 'Trust Wallet'
    }
  }
  const keys = Object.keys(expected) as MobileRedirectKey[]

  for (const key of keys) {
    it(`sends ${key} to its in-app browser, found by catalog id, rdns or name`, () => {
      const { catalogId, rdns, name } = identities[key]
      expect(MOBILE_REDIRECT_WALLETS[catalogId]?.key).to.equal(key)
      expect(MOBILE_REDIRECT_WALLETS[rdns]?.key).to.equal(key)
      expect(mobileRedirectFor({ id: catalogId }, PAGE, false)).to.equal(expected[key])
      expect(mobileRedirectFor({ id: 'eip6963', rdns }, PAGE, false)).to.equal(expected[key])
      expect(mobileRedirectFor({ id: 'connector', name: ` ${name.toUpperCase()} ` }, PAGE, false)).to.equal(
        expected[key]
      )
    })
  }

  it('gives no redirect inside the in-app browser', () => {
    for (const key of keys) expect(mobileRedirectFor({ id: identities[key].catalogId }, PAGE, true)).to.be.undefined
  })

  it('gives no redirect for other wallets or non-web pages', () => {
    expect(mobileRedirectFor({ id: 'rainbow', rdns: 'me.rainbow', name: 'Rainbow' }, PAGE, false)).to.be.undefined
    expect(mobileRedirectFor({ id: 'toString', name: 'constructor' }, PAGE, false)).to.be.undefined
    expect(mobileRedirectWalletFor({ id: '__proto__' })).to.be.undefined
    expect(mobileRedirectFor({ id: 'x', rdns: 'io.metamask' }, 'file:///index.html', false)).to.be.undefined
    expect(mobileRedirectFor({ id: 'x', rdns: 'io.metamask' }, 'not a url', false)).to.be.undefined
  })
})

describe('isInWalletBrowser', () => {
  it("recognises MetaMask's mobile browser, not the desktop extension or a wallet posing as MetaMask", () => {
    expect(isInWalletBrowser('metamask', { userAgent: ANDROID, globals: { ethereum: { isMetaMask: true } } })).to.be
      .true
    expect(isInWalletBrowser('metamask', { userAgent: `${ANDROID} MetaMaskMobile` })).to.be.true
    expect(isInWalletBrowser('metamask', { userAgent: DESKTOP, globals: { ethereum: { isMetaMask: true } } })).to.be
      .false
    const trust = { ethereum: { isMetaMask: true, isTrust: true } }
    expect(isInWalletBrowser('metamask', { userAgent: ANDROID, globals: trust })).to.be.false
    expect(isInWalletBrowser('metamask', { userAgent: ANDROID, globals: {} })).to.be.false
  })

  it('recognises Phantom, Solflare, Coinbase and Trust by what they inject', () => {
    expect(isInWalletBrowser('phantom', { globals: { phantom: {} } })).to.be.true
    expect(isInWalletBrowser('phantom', { globals: { solflare: {} } })).to.be.false
    expect(isInWalletBrowser('solflare', { globals: { solflare: {} } })).to.be.true
    expect(isInWalletBrowser('solflare', { globals: { phantom: {} } })).to.be.false
    expect(isInWalletBrowser('coinbase', { globals: { ethereum: { isCoinbaseWallet: true } } })).to.be.true
    expect(isInWalletBrowser('coinbase', { globals: { ethereum: { isMetaMask: true } } })).to.be.false
    expect(isInWalletBrowser('trust', { globals: { trustwallet: {} } })).to.be.true
    expect(isInWalletBrowser('trust', { globals: { ethereum: { isTrust: true } } })).to.be.true
    expect(isInWalletBrowser('trust', { globals: { ethereum: { isCoinbaseWallet: true } } })).to.be.false
  })

  it('reads the page when no env is given (the test page is no wallet browser)', () => {
    for (const key of ['metamask', 'coinbase', 'phantom', 'solflare', 'trust'] as const) {
      expect(isInWalletBrowser(key), key).to.be.false
    }
  })
})
