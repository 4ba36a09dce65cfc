// The swap rules and the Swap view (docs/behaviour.md section 5); swapping itself is in swapping.test.ts.
import { expect, fixture, html } from '@open-wc/testing'
import '../../../src/elements/views/account/w3m-account-view.js'
import '../../../src/elements/views/swap/w3m-approve-transaction-view.js'
import '../../../src/elements/views/swap/w3m-swap-preview-view.js'
import '../../../src/elements/views/swap/w3m-swap-view.js'
import { selectNetwork } from '../../../src/stores/network.js'
import { $router, pushView, resetView } from '../../../src/stores/router.js'
import {
  $swap,
  fetchGasPrice,
  minimumReceivedText,
  reviewSwap,
  setSlippage,
  setSourceAmount,
  setSourceToken,
  setToToken,
  switchTokens,
  toAmountText
} from '../../../src/stores/swap/swap.js'
import { isSwapNetwork, minimumReceived, slippageBps, SWAP_CHAINS } from '../../../src/stores/swap/rules.js'
import { FAKE_ADDRESS } from '../../fixtures/eip1193-provider.js'
import { until } from '../connect/support.js'
import { watchCalls } from '../wait.js'
import { byTestId, CHAIN, ETH, setUpSwap, tearDownSwap, TT, USDC, type FakeConvert } from './support.js'

describe('Swap', () => {
  let convert: FakeConvert

  beforeEach(async () => {
    ;({ convert } = await setUpSwap())
  })
  afterEach(tearDownSwap)

  describe('the rules', () => {
    it('swap networks: the spec’s 12 plus the two local chains', () => {
      expect(SWAP_CHAINS).to.have.length(14)
      for (const id of ['eip155:1', 'eip155:42161', 'eip155:1313161554', 'eip155:31337', 'eip155:31338'])
        expect(isSwapNetwork(id), id).to.equal(true)
      expect(isSwapNetwork('eip155:11155111')).to.equal(false)
      expect(isSwapNetwork(undefined)).to.equal(false)
    })

    it('slippage is 0.1 to 50 percent, at most 2 decimals; the minimum received is the quote less it, rounded down', () => {
      expect(slippageBps('1')).to.equal(100n)
      expect(slippageBps('0.1')).to.equal(10n)
      expect(slippageBps('50')).to.equal(5000n)
      for (const bad of ['0.09', '50.01', '0', '-1', 'abc', '1.234', ''])
        expect(slippageBps(bad), bad).to.equal(undefined)
      expect(minimumReceived(1000n, 100n)).to.equal(990n)
      expect(minimumReceived(999n, 100n)).to.equal(989n)
    })

    it('gas price only on swap networks: the spec’s error elsewhere', async () => {
      expect(await fetchGasPrice('eip155:1')).to.equal(1_000_000_000n)
      let thrown: unknown
      try {
        await fetchGasPrice('eip155:11155111')
      } catch (error) {
        thrown = error
      }
      expect((thrown as Error).message).to.equal('Network not supported for Gas Price')
    })
  })

  describe('the Swap view', () => {
    async function swapView() {
      resetView('Account')
      pushView('Swap')
      const el = await fixture(html`<w3m-swap-view></w3m-swap-view>`)
      await until(() => $swap.get().status === 'ready', 'the tokens')
      await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete
      return el
    }

    it('the Account view offers Swap on a swap network only', async () => {
      const el = await fixture(html`<w3m-account-view></w3m-account-view>`)
      expect(byTestId(el, 'wallet-feature-swaps')!.textContent!.trim()).to.equal('Swap')
      selectNetwork('eip155:11155111')
      const other = await fixture(html`<w3m-account-view></w3m-account-view>`)
      expect(byTestId(other, 'wallet-feature-swaps')).to.equal(null)
    })

    it('off the swap networks a direct open says so', async () => {
      selectNetwork('eip155:11155111')
      const el = await fixture(html`<w3m-swap-view></w3m-swap-view>`)
      await until(() => byTestId(el, 'swap-unsupported') !== null, 'the message')
      expect(byTestId(el, 'swap-unsupported')!.textContent).to.equal('Network not supported for Swaps')
      expect(convert.asked).to.deep.equal([])
      await expect(el).to.be.accessible()
    })

    it('loads the tokens and the gas price; sells the native token first; accessible', async () => {
      const el = await swapView()
      await until(() => convert.asked.includes('prices'), 'the prices')
      expect(convert.asked).to.deep.equal(['tokens eip155:1', 'gas-price eip155:1', 'prices'])
      expect($swap.get().sourceToken?.symbol).to.equal('ETH')
      expect($swap.get().toToken?.symbol).to.equal('USDC')
      expect(byTestId<HTMLInputElement>(el, 'swap-slippage')!.value).to.equal('1')
      await expect(el).to.be.accessible()
    })

    it('asks one quote once typing pauses, with the gas price; shows the amount and the minimum received', async () => {
      const el = await swapView()
      setSourceAmount('0.')
      setSourceAmount('0.5')
      await until(() => $swap.get().quote !== undefined, 'the quote')
      expect(convert.quoteQueries).to.have.length(1)
      expect(convert.quoteQueries[0]).to.deep.equal({
        amount: '500000000000000000',
        userAddress: `${CHAIN}:${FAKE_ADDRESS}`,
        from: ETH.address,
        to: USDC.address,
        gasPrice: '1000000000'
      })
      await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete
      expect(byTestId(el, 'swap-to-amount')!.textContent).to.equal('1000000000000')
      expect(byTestId(el, 'swap-minimum')!.textContent).to.contain('990000000000 USDC')
      // The USD values from fungible/price: 0.5 ETH at $3,000, and what the quote gives at $1.
      expect(byTestId(el, 'swap-source-value')!.textContent!.trim()).to.equal('≈ $1,500.00')
      expect(byTestId(el, 'swap-to-value')!.textContent!.trim()).to.equal('≈ $1,000,000,000,000.00')
    })

    it('the newest amount’s quote wins: a slow answer for an older amount is dropped', async () => {
      await swapView()
      convert.slow['1000000000000000000'] = 400
      const quotes = watchCalls(convert, 'quotes')
      setSourceAmount('1')
      await until(() => convert.quoteQueries.length === 1, 'the first quote asked')
      setSourceAmount('2')
      await until(() => $swap.get().quote?.fromAmount === '2000000000000000000', 'the second quote')
      await until(
        () => quotes.answered.some(query => (query as { amount: string }).amount === '1000000000000000000'),
        'the slow answer for 1'
      )
      expect($swap.get().quote?.fromAmount).to.equal('2000000000000000000')
    })

    it('18-decimal amounts never show in exponent notation', async () => {
      await swapView()
      setToToken(TT.address)
      convert.rate = () => 1n
      setSourceAmount('0.000000000000000001')
      await until(() => $swap.get().quote !== undefined, 'the quote')
      expect(toAmountText($swap.get())).to.equal('0.000000000000000001')
      setSlippage('50')
      expect(minimumReceivedText($swap.get())).to.equal('0')
    })

    it('more than the balance says Insufficient balance on the input, and Review refuses', async () => {
      const el = await swapView()
      setSourceToken(USDC.address)
      setToToken(TT.address)
      setSourceAmount('300')
      await until(() => $swap.get().quote !== undefined, 'the quote')
      await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete
      expect(byTestId(el, 'swap-error')!.textContent).to.equal('Insufficient balance')
      expect(reviewSwap()).to.equal(false)
      expect($router.get().view).to.equal('Swap')
    })

    it('a slippage out of range says so', async () => {
      const el = await swapView()
      setSlippage('51')
      await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete
      expect(byTestId(el, 'swap-error')!.textContent).to.equal('Slippage must be between 0.1 and 50 percent')
    })

    it('switching the two tokens keeps the amount', async () => {
      await swapView()
      setSourceAmount('0.25')
      switchTokens()
      expect($swap.get()).to.include({ sourceAmount: '0.25' })
      expect($swap.get().sourceToken?.symbol).to.equal('USDC')
      expect($swap.get().toToken?.symbol).to.equal('ETH')
    })
  })
})
