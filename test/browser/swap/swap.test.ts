import { expect, fixture, html } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import '../../../src/elements/views/w3m-account-view.js'
import '../../../src/elements/views/w3m-approve-transaction-view.js'
import '../../../src/elements/views/w3m-swap-preview-view.js'
import '../../../src/elements/views/w3m-swap-view.js'
import { setConvertClient, type ConvertClient } from '../../../src/api/convert-client.js'
import type { ConvertQuotesQuery, SwapToken } from '../../../src/api/schemas/convert.js'
import { sepoliaNetwork } from '../../fixtures/networks.js'
import { swapEth, swapTt, swapUsdc } from '../../fixtures/swap.js'
import { selectNetwork } from '../../../src/stores/network.js'
import { $router, pushView, resetView } from '../../../src/stores/router.js'
import {
  $swap,
  fetchGasPrice,
  initializeSwap,
  minimumReceivedText,
  resetSwap,
  reviewSwap,
  setSlippage,
  setSourceAmount,
  setSourceToken,
  setToToken,
  switchTokens,
  toAmountText
} from '../../../src/stores/swap/swap.js'
import { executeSwap } from '../../../src/stores/swap/execute.js'
import { isSwapNetwork, minimumReceived, slippageBps, SWAP_CHAINS } from '../../../src/stores/swap/rules.js'
import { $toast } from '../../../src/stores/toast.js'
import { onKitEvent, type KitEvent } from '../../../src/stores/kit-events.js'
import { FAKE_ADDRESS, ProviderError } from '../../fixtures/eip1193-provider.js'
import { until } from '../connection/support.js'
import { watchCalls } from '../wait.js'
import { connectForSend, tearDownSend, USDC_CONTRACT, type SendSetUp } from '../send/support.js'

const CHAIN = 'eip155:1'
const ROUTER = '0x43ca3D2C94be00692D207C6A1e60D8B325c6f12f'
const ETH = swapEth
const USDC = swapUsdc
const TT = swapTt
const HASH = `0x${'cd'.repeat(32)}`
const sepolia = sepoliaNetwork

const byTestId = <T extends HTMLElement = HTMLElement>(el: Element, id: string) =>
  el.shadowRoot!.querySelector<T>(`[data-testid="${id}"]`)

interface FakeConvert extends ConvertClient {
  readonly asked: string[]
  readonly quoteQueries: ConvertQuotesQuery[]
  allowanceAnswer: bigint
  /** Quotes for these amounts answer after this many ms. */
  slow: Record<string, number>
  /** What a quote gives per unit sold, in the smallest unit of the token bought. */
  rate: (query: ConvertQuotesQuery) => bigint
}

function fakeConvert(): FakeConvert {
  const fake: FakeConvert = {
    asked: [],
    quoteQueries: [],
    allowanceAnswer: 0n,
    slow: {},
    rate: query => BigInt(query.amount) * 2n,
    async tokens(chainId) {
      fake.asked.push(`tokens ${chainId}`)
      return [ETH, USDC, TT]
    },
    async quotes(query) {
      fake.quoteQueries.push(query)
      await new Promise(resolve => setTimeout(resolve, fake.slow[query.amount] ?? 0))
      return [
        {
          id: null,
          fromAddress: query.from,
          toAddress: query.to,
          fromAmount: query.amount,
          toAmount: fake.rate(query).toString()
        }
      ]
    },
    async allowance() {
      fake.asked.push('allowance')
      return fake.allowanceAnswer
    },
    async gasPrice(chainId) {
      fake.asked.push(`gas-price ${chainId}`)
      return { standard: '1000000000', fast: '2000000000', instant: '3000000000' }
    },
    async buildApprove(query) {
      fake.asked.push(`build-approve ${query.amount}`)
      return { from: FAKE_ADDRESS, to: USDC_CONTRACT, data: '0x095ea7b3', value: '0' }
    },
    async prices(addresses) {
      fake.asked.push('prices')
      const usd: Record<string, number> = { [ETH.address]: 3000, [USDC.address]: 1 }
      return Object.fromEntries(addresses.flatMap(address => (address in usd ? [[address, usd[address]!]] : [])))
    },
    async buildTransaction(body) {
      fake.asked.push(
        `build-transaction ${body.amount} ${body.eip155.slippage}${body.disableEstimate ? ' no-estimate' : ''}`
      )
      return { from: FAKE_ADDRESS, to: ROUTER, data: '0x38ed1739', value: '0' }
    }
  }
  setConvertClient(fake)
  return fake
}

describe('Swap', () => {
  let setup: SendSetUp
  let convert: FakeConvert

  beforeEach(async () => {
    convert = fakeConvert()
    setup = await connectForSend({
      networks: [
        {
          id: 1,
          caipNetworkId: 'eip155:1',
          chainNamespace: 'eip155',
          name: 'Ethereum',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: ['https://eth.merkle.io'] } }
        },
        sepolia
      ]
    })
  })
  afterEach(() => {
    resetSwap()
    setConvertClient(undefined)
    tearDownSend()
  })

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

  describe('swapping', () => {
    async function quoted(source: SwapToken, to: SwapToken, amount: string) {
      resetView('Account')
      pushView('Swap')
      await initializeSwap()
      setSourceToken(source.address)
      setToToken(to.address)
      setSourceAmount(amount)
      await until(() => $swap.get().quote !== undefined, 'the quote')
      expect(reviewSwap()).to.equal(true)
      expect($router.get().view).to.equal('SwapPreview')
    }

    it('a short allowance opens ApproveTransaction; Approve sends build-approve, then the swap goes on: toast, Account', async () => {
      setup.provider.failures.set('eth_sendTransaction', () => HASH)
      await quoted(USDC, TT, '10')
      const preview = await fixture(html`<w3m-swap-preview-view></w3m-swap-preview-view>`)
      expect(byTestId(preview, 'swap-preview-sell')!.textContent!.trim()).to.equal('10 USDC')
      await expect(preview).to.be.accessible()
      byTestId(preview, 'swap-confirm-button')!.click()
      await until(() => $router.get().view === 'ApproveTransaction', 'the approval')
      const approve = await fixture(html`<w3m-approve-transaction-view></w3m-approve-transaction-view>`)
      expect(byTestId(approve, 'approve-title')!.textContent!.trim()).to.equal('Allow the swap to use your USDC')
      await expect(approve).to.be.accessible()
      byTestId(approve, 'approve-button')!.click()
      await until(() => $router.get().view === 'Account', 'back to Account')
      const sent = setup.provider.requests
        .filter(request => request.method === 'eth_sendTransaction')
        .map(request => (request.params as [{ to: string; data: string }])[0])
      expect(sent).to.deep.equal([
        { from: FAKE_ADDRESS, to: USDC_CONTRACT, value: '0x0', data: '0x095ea7b3' },
        { from: FAKE_ADDRESS, to: ROUTER, value: '0x0', data: '0x38ed1739' }
      ])
      expect(
        convert.asked.filter(entry => !entry.startsWith('tokens') && !entry.startsWith('gas') && entry !== 'prices')
      ).to.deep.equal(['allowance', 'build-approve 10000000', 'build-transaction 10000000 1'])
      expect($toast.get()).to.include({ variant: 'success', message: 'Swap completed' })
    })

    it('a wallet that batches atomically gets the approval and the swap as one wallet_sendCalls, polled to completion', async () => {
      const statuses = [100, 200]
      setup.provider.failures.set('wallet_getCapabilities', () => ({ '0x1': { atomic: { status: 'supported' } } }))
      setup.provider.failures.set('wallet_sendCalls', () => ({ id: 'batch-1' }))
      setup.provider.failures.set('wallet_getCallsStatus', () => ({ status: statuses.shift() ?? 200 }))
      await quoted(USDC, TT, '10')
      expect(await executeSwap()).to.equal(true)
      expect($router.get().view).to.equal('Account')
      expect($router.get().history).not.to.include('ApproveTransaction')
      const sent = setup.provider.requests.find(request => request.method === 'wallet_sendCalls')
      expect((sent?.params as [{ calls: unknown[]; atomicRequired: boolean; chainId: string }])[0]).to.deep.include({
        atomicRequired: true,
        chainId: '0x1',
        calls: [
          { to: USDC_CONTRACT, data: '0x095ea7b3' },
          { to: ROUTER, data: '0x38ed1739' }
        ]
      })
      expect(setup.provider.methods().filter(method => method === 'wallet_getCallsStatus')).to.have.length(2)
      expect(setup.provider.methods()).not.to.include('eth_sendTransaction')
      expect(convert.asked).to.include('build-transaction 10000000 1 no-estimate')
      expect($toast.get()).to.include({ variant: 'success', message: 'Swap completed' })
    })

    it('tells the kit’s event stream: SWAP_ERROR with the visitor’s message, then SWAP_SUCCESS with the pair', async () => {
      const heard: KitEvent[] = []
      const stop = onKitEvent(event => heard.push(event))
      try {
        setup.provider.failures.set('wallet_getCapabilities', () => ({ '0x1': { atomic: { status: 'supported' } } }))
        setup.provider.failures.set('wallet_sendCalls', new ProviderError(4001, 'User rejected the request.'))
        await quoted(USDC, TT, '10')
        expect(await executeSwap()).to.equal(false)
        setup.provider.failures.set('wallet_sendCalls', () => ({ id: 'batch-2' }))
        setup.provider.failures.set('wallet_getCallsStatus', () => ({ status: 200 }))
        expect(await executeSwap()).to.equal(true)
        const swaps = heard.filter(event => event.event.startsWith('SWAP_'))
        expect(swaps.map(event => [event.event, event.properties])).to.deep.equal([
          ['SWAP_ERROR', { message: 'Swap declined' }],
          ['SWAP_SUCCESS', { from: 'USDC', to: 'TT' }]
        ])
      } finally {
        stop()
      }
    })

    it('Cancel on ApproveTransaction goes back to the preview; nothing is sent', async () => {
      await quoted(USDC, TT, '10')
      await executeSwap()
      expect($router.get().view).to.equal('ApproveTransaction')
      const approve = await fixture(html`<w3m-approve-transaction-view></w3m-approve-transaction-view>`)
      byTestId(approve, 'approve-cancel-button')!.click()
      expect($router.get().view).to.equal('SwapPreview')
      expect($router.get().transactionStack).to.deep.equal([])
      expect(setup.provider.methods()).not.to.include('eth_sendTransaction')
    })

    it('a declined approval goes back to the preview, which says so; nothing else is sent', async () => {
      setup.provider.failures.set('eth_sendTransaction', new ProviderError(4001, 'User rejected the request.'))
      await quoted(USDC, TT, '10')
      await executeSwap()
      expect($router.get().view).to.equal('ApproveTransaction')
      const approve = await fixture(html`<w3m-approve-transaction-view></w3m-approve-transaction-view>`)
      byTestId(approve, 'approve-button')!.click()
      await until(() => $router.get().view === 'SwapPreview', 'back to the preview')
      expect($swap.get()).to.include({ error: 'Swap declined', executing: false, sourceAmount: '10' })
      expect($router.get().transactionStack).to.deep.equal([])
      expect(setup.provider.methods().filter(method => method === 'eth_sendTransaction')).to.have.length(1)
      expect(convert.asked).not.to.include('build-transaction 10000000 1')
    })

    it('an allowance that covers the amount, or the native token sold, asks no approval', async () => {
      setup.provider.failures.set('eth_sendTransaction', () => HASH)
      convert.allowanceAnswer = 10_000_000n
      await quoted(USDC, TT, '10')
      expect(await executeSwap()).to.equal(true)
      expect(convert.asked).not.to.include('build-approve 10000000')
      convert.asked.length = 0
      await quoted(ETH, TT, '0.1')
      expect(await executeSwap()).to.equal(true)
      expect(convert.asked).not.to.include('allowance')
    })

    it('works with the keyboard alone: the tokens, the amount, Review, then Swap', async () => {
      setup.provider.failures.set('eth_sendTransaction', () => HASH)
      resetView('Account')
      pushView('Swap')
      const el = await fixture(html`<w3m-swap-view></w3m-swap-view>`)
      await until(() => $swap.get().status === 'ready', 'the tokens')
      await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete
      // The token bought: USDC -> TT with the arrow key on the focused select.
      byTestId(el, 'swap-to-token')!.focus()
      await sendKeys({ press: 'ArrowDown' })
      expect($swap.get().toToken?.symbol).to.equal('TT')
      byTestId(el, 'swap-source-amount')!.focus()
      await sendKeys({ type: '0.1' })
      await until(() => $swap.get().quote !== undefined, 'the quote')
      await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete
      byTestId(el, 'swap-slippage')!.focus()
      await sendKeys({ press: 'Tab' })
      expect(el.shadowRoot!.activeElement?.getAttribute('data-testid')).to.equal('swap-review-button')
      await sendKeys({ press: 'Enter' })
      expect($router.get().view).to.equal('SwapPreview')
      const preview = await fixture(html`<w3m-swap-preview-view></w3m-swap-preview-view>`)
      byTestId(preview, 'swap-confirm-button')!.focus()
      await sendKeys({ press: 'Enter' })
      await until(() => $router.get().view === 'Account', 'back to Account')
      expect(setup.provider.methods()).to.include('eth_sendTransaction')
    })

    it('a declined swap shows the error in the preview and keeps the form', async () => {
      setup.provider.failures.set('eth_sendTransaction', new ProviderError(4001, 'User rejected the request.'))
      await quoted(ETH, TT, '0.1')
      const preview = await fixture(html`<w3m-swap-preview-view></w3m-swap-preview-view>`)
      byTestId(preview, 'swap-confirm-button')!.click()
      await until(() => byTestId(preview, 'swap-preview-error') !== null, 'the error')
      expect(byTestId(preview, 'swap-preview-error')!.textContent!.trim()).to.equal('Swap declined')
      expect($swap.get()).to.include({ sourceAmount: '0.1', executing: false })
      expect($router.get().view).to.equal('SwapPreview')
    })

    it('a swap that reverts on chain says Swap failed', async () => {
      setup.provider.failures.set('eth_sendTransaction', () => HASH)
      setup.chain.receiptStatus = '0x0'
      await quoted(ETH, TT, '0.1')
      expect(await executeSwap()).to.equal(false)
      expect($swap.get().error).to.equal('Swap failed')
    })
  })
})
