import { expect, fixture, html } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import sinon from 'sinon'
import '../../../src/elements/views/account/w3m-account-view.js'
import '../../../src/elements/views/onramp/w3m-onramp-buy-view.js'
import '../../../src/elements/views/onramp/w3m-onramp-providers-view.js'
import { setOnrampClient, type OnrampClient } from '../../../src/api/onramp-client.js'
import type { OnrampQuoteBody, OnrampQuoteResponse, OnrampUrlBody } from '../../../src/api/schemas/onramp.js'
import { $accountTab } from '../../../src/stores/account/account-tab.js'
import { connect } from '../../../src/stores/connect/connection.js'
import { loadConnectors } from '../../../src/stores/connect/connectors.js'
import {
  $onramp,
  checkoutUrl,
  getQuote,
  loadOnrampOptions,
  resetOnramp,
  selectOnrampProvider,
  setOnrampProviders,
  setPaymentAmount,
  setPaymentMethod
} from '../../../src/stores/onramp/onramp.js'
import { meldUrl, providersFrom, toCents, withinLimits } from '../../../src/stores/onramp/rules.js'
import { selectNetwork } from '../../../src/stores/network.js'
import { onKitEvent, type KitEvent } from '../../../src/stores/kit-events.js'
import { $router, resetView } from '../../../src/stores/router.js'
import { FAKE_ADDRESS, FakeEip1193Provider, announceWallet } from '../../fixtures/eip1193-provider.js'
import { setUpConnection, setUpHistory, tearDownConnection, track, until } from '../connect/support.js'

const byTestId = <T extends HTMLElement = HTMLElement>(el: Element, id: string) =>
  el.shadowRoot!.querySelector<T>(`[data-testid="${id}"]`)

const MELD_KEY = 'pk_test_meld_0123'

const LOCAL_OPTIONS = {
  purchaseCurrencies: [
    {
      id: 'USDC',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [{ name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '0xA0b8' }]
    },
    {
      id: 'tUSDC',
      name: 'Test USD Coin',
      symbol: 'tUSDC',
      networks: [
        { name: 'appkit-local-a', display_name: 'AppKit Local A', chain_id: '31337', contract_address: '0x7351' }
      ]
    }
  ],
  paymentCurrencies: [
    {
      id: 'USD',
      payment_method_limits: [
        { id: 'card', min: '20.00', max: '500.00' },
        { id: 'ach_bank_account', min: '20.00', max: '900.00' }
      ]
    },
    { id: 'EUR', payment_method_limits: [{ id: 'card', min: '20.00', max: '400.00' }] }
  ]
}

const quoteFor = (body: OnrampQuoteBody): OnrampQuoteResponse => ({
  quoteId: `quote-${body.amount}`,
  fees: [
    { type: 'provider', amount: '1.50', currency: body.paymentCurrency },
    { type: 'network', amount: '0.25', currency: body.paymentCurrency }
  ],
  paymentSubtotal: { amount: (Number(body.amount) - 1.75).toFixed(2), currency: body.paymentCurrency },
  paymentTotal: { amount: Number(body.amount).toFixed(2), currency: body.paymentCurrency },
  purchaseAmount: { amount: (Number(body.amount) - 1.75).toFixed(6), currency: body.purchaseCurrency }
})

interface FakeOnramp extends OnrampClient {
  readonly quotes: OnrampQuoteBody[]
  readonly urls: OnrampUrlBody[]
  failOptions: boolean
  /** The message a failing quote throws (false: the quote succeeds). */
  failQuote: string | false
  /** Quotes for these amounts answer after this many ms. */
  slow: Record<string, number>
}

function fakeOnramp(): FakeOnramp {
  const fake: FakeOnramp = {
    quotes: [],
    urls: [],
    failOptions: false,
    failQuote: false,
    slow: {},
    async options() {
      if (fake.failOptions) throw new Error('HTTP status code: 500')
      return LOCAL_OPTIONS
    },
    async quote(body) {
      fake.quotes.push(body)
      await new Promise(resolve => setTimeout(resolve, fake.slow[body.amount] ?? 0))
      if (fake.failQuote !== false) throw new Error(fake.failQuote)
      return quoteFor(body)
    },
    async checkoutUrl(body) {
      fake.urls.push(body)
      return 'http://127.0.0.1:8787/onramp/sandbox?order=0123456789abcdef0123456789abcdef'
    }
  }
  setOnrampClient(fake)
  return fake
}

describe('Buy (onramp)', () => {
  let onramp: FakeOnramp

  beforeEach(async () => {
    // Meld is offered only with the app's key (providers.test.ts).
    setUpConnection({ meldPublicKey: MELD_KEY })
    resetOnramp()
    onramp = fakeOnramp()
    const provider = new FakeEip1193Provider({ chainId: 31337 })
    track(announceWallet(provider, { rdns: 'com.example.fake', name: 'Fake Wallet' }))
    await loadConnectors()
    // The account on the local chain A, where the options offer tUSDC.
    selectNetwork('eip155:31337')
    await connect('com.example.fake')
  })
  afterEach(() => {
    sinon.restore()
    resetOnramp()
    setOnrampClient(undefined)
    tearDownConnection()
  })

  describe('the rules (docs/behaviour.md section 4)', () => {
    it('setting providers keeps only the known ones listed; none when the input is not an array of strings', () => {
      expect(providersFrom(['meld']).map(provider => provider.name)).to.deep.equal(['meld'])
      expect(providersFrom(['meld', 'coinbase', 'other']).map(provider => provider.name)).to.deep.equal([
        'coinbase',
        'meld'
      ])
      expect(providersFrom('coinbase')).to.deep.equal([])
      expect(providersFrom(['coinbase', 1])).to.deep.equal([])
      expect(providersFrom(undefined)).to.deep.equal([])
      setOnrampProviders(['meld'])
      expect($onramp.get().providers.map(provider => provider.name)).to.deep.equal(['meld'])
    })

    it('meld’s URL carries publicKey, destinationCurrencyCode (SOL on Solana, else USDC), walletAddress, externalCustomerId', () => {
      const meld = { name: 'meld' as const, label: 'Meld.io', url: 'https://meldcrypto.com' }
      const context = { address: FAKE_ADDRESS, projectId: 'p1', publicKey: MELD_KEY }
      const evm = new URL(meldUrl(meld, { ...context, namespace: 'eip155' }))
      expect(evm.origin).to.equal('https://meldcrypto.com')
      expect(evm.searchParams.get('publicKey')).to.equal(MELD_KEY)
      expect(evm.searchParams.get('destinationCurrencyCode')).to.equal('USDC')
      expect(evm.searchParams.get('walletAddress')).to.equal(FAKE_ADDRESS)
      expect(evm.searchParams.get('externalCustomerId')).to.equal('p1')
      const solana = new URL(meldUrl(meld, { ...context, namespace: 'solana', address: 'So1' }))
      expect(solana.searchParams.get('destinationCurrencyCode')).to.equal('SOL')
    })

    it('choosing meld rewrites its URL for the account and the project', () => {
      selectOnrampProvider('meld')
      const url = new URL($onramp.get().selectedProvider!.url)
      expect(url.searchParams.get('walletAddress')).to.equal(FAKE_ADDRESS)
      expect(url.searchParams.get('externalCustomerId')).to.equal('test-project')
      expect(url.searchParams.get('publicKey')).to.equal(MELD_KEY)
      expect($router.get().view).to.equal('OnRampBuy')
    })

    it('amounts are money: at most 2 decimals, within the method’s min and max (both included)', () => {
      expect(toCents('25')).to.equal(2500n)
      expect(toCents('25.5')).to.equal(2550n)
      expect(toCents('0.05')).to.equal(5n)
      for (const bad of ['', '-5', '1.234', 'abc', '1e3']) expect(toCents(bad), bad).to.equal(undefined)
      const card = { id: 'card', min: '10.00', max: '7500.00' }
      expect(withinLimits('10', card)).to.equal(true)
      expect(withinLimits('7500.00', card)).to.equal(true)
      expect(withinLimits('9.99', card)).to.equal(false)
      expect(withinLimits('7500.01', card)).to.equal(false)
      expect(withinLimits('100', undefined)).to.equal(false)
    })

    it('the options come from the backend; the purchase currency offered first is on the active chain', async () => {
      await loadOnrampOptions()
      expect($onramp.get().purchaseCurrencies.map(currency => currency.id)).to.deep.equal(['USDC', 'tUSDC'])
      expect($onramp.get().purchaseCurrency?.id).to.equal('tUSDC')
      expect($onramp.get().paymentCurrency?.id).to.equal('USD')
    })

    it('when the options call fails: the spec’s defaults (USD Coin on 1 and 137; USD and EUR; card and bank limits)', async () => {
      onramp.failOptions = true
      await loadOnrampOptions()
      const state = $onramp.get()
      expect(state.purchaseCurrencies.map(currency => currency.id)).to.deep.equal(['USDC'])
      expect(state.purchaseCurrencies[0]!.networks.map(network => network.chain_id)).to.deep.equal(['1', '137'])
      expect(state.paymentCurrencies.map(currency => currency.id)).to.deep.equal(['USD', 'EUR'])
      expect(state.paymentCurrencies[0]!.payment_method_limits).to.deep.equal([
        { id: 'card', min: '10.00', max: '7500.00' },
        { id: 'ach_bank_account', min: '10.00', max: '25000.00' }
      ])
    })

    it('an amount out of the method’s limits asks for no quote and says so', async () => {
      await loadOnrampOptions()
      $onramp.set({ ...$onramp.get(), paymentAmount: '501' })
      expect(await getQuote()).to.equal(null)
      expect($onramp.get().error).to.equal('The amount is outside the payment method’s limits')
      expect(onramp.quotes).to.deep.equal([])
      // The bank account's max is higher: the same amount is within it.
      $onramp.set({ ...$onramp.get(), paymentMethod: 'ach_bank_account' })
      expect(await getQuote()).to.not.equal(null)
      expect(onramp.quotes[0]).to.include({ amount: '501', paymentMethod: 'ach_bank_account' })
    })

    it('a quote: quotesLoading while asked, purchaseAmount from purchaseAmount.amount, network is the purchase symbol', async () => {
      await loadOnrampOptions()
      selectOnrampProvider('coinbase')
      onramp.slow['100'] = 50
      $onramp.set({ ...$onramp.get(), paymentAmount: '100' })
      const pending = getQuote()
      expect($onramp.get().quotesLoading).to.equal(true)
      const quote = await pending
      expect(quote?.quoteId).to.equal('quote-100')
      expect($onramp.get()).to.include({ quotesLoading: false, purchaseAmount: '98.250000', error: undefined })
      expect(onramp.quotes[0]).to.deep.equal({
        purchaseCurrency: 'tUSDC',
        paymentCurrency: 'USD',
        amount: '100',
        network: 'tUSDC',
        paymentMethod: 'card',
        provider: 'coinbase'
      })
    })

    it('a failed quote stores the failure’s own message and returns null, no made-up quote (spec section 3)', async () => {
      await loadOnrampOptions()
      onramp.failQuote = 'HTTP status code: 400'
      $onramp.set({ ...$onramp.get(), paymentAmount: '100' })
      expect(await getQuote()).to.equal(null)
      expect($onramp.get()).to.include({ error: 'HTTP status code: 400', quote: undefined, quotesLoading: false })
      expect($onramp.get().purchaseAmount).to.equal(undefined)
      // A failure with no message of its own: the kit's words.
      onramp.failQuote = ''
      expect(await getQuote()).to.equal(null)
      expect($onramp.get().error).to.equal('No quote is available for this purchase')
    })

    it('typing asks one quote once it pauses; a slow answer for an older amount is dropped', async () => {
      await loadOnrampOptions()
      onramp.slow['50'] = 400
      setPaymentAmount('5')
      setPaymentAmount('50')
      await until(() => onramp.quotes.length === 1, 'the quote for 50')
      setPaymentAmount('60')
      await until(() => $onramp.get().quote?.quoteId === 'quote-60', 'the quote for 60')
      await new Promise(resolve => setTimeout(resolve, 450))
      expect(onramp.quotes.map(body => body.amount)).to.deep.equal(['50', '60'])
      expect($onramp.get().quote?.quoteId).to.equal('quote-60')
      expect($onramp.get().purchaseAmount).to.equal('58.250000')
    })

    it('reset restores the defaults', async () => {
      await loadOnrampOptions()
      selectOnrampProvider('coinbase')
      setPaymentMethod('ach_bank_account')
      resetOnramp()
      const state = $onramp.get()
      expect(state.selectedProvider).to.equal(undefined)
      expect(state.paymentMethod).to.equal('card')
      expect(state.paymentAmount).to.equal('')
      expect(state.purchaseCurrency?.id).to.equal('USDC')
      expect(state.providers.map(provider => provider.name)).to.deep.equal(['coinbase', 'meld'])
    })
  })

  describe('the views', () => {
    it('the Account view shows Buy, which opens the providers; choosing one opens the purchase; accessible', async () => {
      const account = await fixture(html`<w3m-account-view></w3m-account-view>`)
      const buy = byTestId(account, 'wallet-feature-onramp')!
      expect(buy.textContent!.trim()).to.equal('Buy')
      buy.click()
      expect($router.get().view).to.equal('OnRampProviders')
      const providers = await fixture(html`<w3m-onramp-providers-view></w3m-onramp-providers-view>`)
      expect(
        [...providers.shadowRoot!.querySelectorAll('[data-testid^=onramp-provider-] .name')].map(
          name => name.textContent
        )
      ).to.deep.equal(['Coinbase', 'Meld.io'])
      await expect(providers).to.be.accessible()
      byTestId(providers, 'onramp-provider-coinbase')!.click()
      expect($router.get().view).to.equal('OnRampBuy')
      expect($onramp.get().selectedProvider?.name).to.equal('coinbase')
    })

    it('no providers: says so', async () => {
      setOnrampProviders('coinbase')
      const el = await fixture(html`<w3m-onramp-providers-view></w3m-onramp-providers-view>`)
      expect(byTestId(el, 'onramp-no-providers')!.textContent!.trim()).to.equal('No provider is available')
    })

    it('the purchase: the limits, the quote (you get, fees, subtotal, total); checkout opens the sandbox and follows the purchase', async () => {
      setUpHistory({})
      const open = sinon.stub(window, 'open').returns(null)
      await loadOnrampOptions()
      resetView('Account')
      selectOnrampProvider('coinbase')
      const el = await fixture(html`<w3m-onramp-buy-view></w3m-onramp-buy-view>`)
      expect(byTestId(el, 'onramp-limits')!.textContent!.trim()).to.equal('Between 20.00 and 500.00 USD')
      expect(byTestId(el, 'onramp-checkout-button')!.getAttribute('aria-disabled')).to.equal('true')
      const input = byTestId<HTMLInputElement>(el, 'onramp-amount-input')!
      input.value = '100'
      input.dispatchEvent(new Event('input'))
      await until(() => byTestId(el, 'onramp-quote') !== null, 'the quote')
      expect(byTestId(el, 'onramp-quote-amount')!.textContent!.trim()).to.equal('98.25 tUSDC')
      expect(byTestId(el, 'onramp-quote-fees')!.textContent!.trim()).to.equal('$1.75')
      expect(byTestId(el, 'onramp-quote-subtotal')!.textContent!.trim()).to.equal('$98.25')
      expect(byTestId(el, 'onramp-quote-total')!.textContent!.trim()).to.equal('$100.00')
      await expect(el).to.be.accessible()
      byTestId(el, 'onramp-checkout-button')!.click()
      await until(() => open.called, 'the checkout window')
      expect(open.firstCall.args).to.deep.equal([
        'http://127.0.0.1:8787/onramp/sandbox?order=0123456789abcdef0123456789abcdef',
        '_blank',
        'noopener,noreferrer'
      ])
      expect(onramp.urls[0]).to.deep.equal({
        destinationWallets: [{ address: FAKE_ADDRESS, blockchains: ['appkit-local-a'], assets: ['tUSDC'] }],
        defaultNetwork: 'appkit-local-a',
        partnerUserId: FAKE_ADDRESS,
        defaultExperience: 'buy',
        presetFiatAmount: 100
      })
      expect($router.get().view).to.equal('Account')
      expect($accountTab.get()).to.equal('activity')
    })

    it('a checkout tells the kit’s event stream: BUY_STARTED with the provider and currency', async () => {
      const heard: KitEvent[] = []
      const stop = onKitEvent(event => heard.push(event))
      try {
        await loadOnrampOptions()
        selectOnrampProvider('coinbase')
        expect(await checkoutUrl()).to.be.a('string')
        expect(heard.map(event => [event.event, event.properties])).to.deep.equal([
          ['BUY_STARTED', { provider: 'coinbase', currency: 'tUSDC' }]
        ])
      } finally {
        stop()
      }
    })

    it('works with the keyboard alone: a provider, the amount, then checkout', async () => {
      setUpHistory({})
      const open = sinon.stub(window, 'open').returns(null)
      resetView('Account')
      const providers = await fixture(html`<w3m-onramp-providers-view></w3m-onramp-providers-view>`)
      await until(() => $onramp.get().purchaseCurrency?.id === 'tUSDC', 'the options')
      byTestId(providers, 'onramp-provider-coinbase')!.focus()
      await sendKeys({ press: 'Enter' })
      expect($router.get().view).to.equal('OnRampBuy')
      const el = await fixture(html`<w3m-onramp-buy-view></w3m-onramp-buy-view>`)
      byTestId(el, 'onramp-amount-input')!.focus()
      await sendKeys({ type: '100' })
      await until(() => $onramp.get().quote !== undefined, 'the quote')
      await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete
      await sendKeys({ press: 'Tab' })
      expect(el.shadowRoot!.activeElement?.getAttribute('data-testid')).to.equal('onramp-checkout-button')
      await sendKeys({ press: 'Enter' })
      await until(() => open.called, 'the checkout window')
      expect($router.get().view).to.equal('Account')
    })

    it('an amount out of limits shows the error and keeps checkout unavailable', async () => {
      await loadOnrampOptions()
      selectOnrampProvider('coinbase')
      const el = await fixture(html`<w3m-onramp-buy-view></w3m-onramp-buy-view>`)
      const input = byTestId<HTMLInputElement>(el, 'onramp-amount-input')!
      input.value = '5'
      input.dispatchEvent(new Event('input'))
      await until(() => byTestId(el, 'onramp-error') !== null, 'the error')
      expect(byTestId(el, 'onramp-error')!.textContent).to.equal('The amount is outside the payment method’s limits')
      expect(byTestId(el, 'onramp-checkout-button')!.getAttribute('aria-disabled')).to.equal('true')
      expect(onramp.quotes).to.deep.equal([])
    })
  })
})
