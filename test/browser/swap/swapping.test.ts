// Swapping (docs/behaviour.md section 5): approvals, batched calls, the kit's events, declines, the keyboard, reverts.
import { expect, fixture, html } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import '../../../src/elements/views/account/w3m-account-view.js'
import '../../../src/elements/views/swap/w3m-approve-transaction-view.js'
import '../../../src/elements/views/swap/w3m-swap-preview-view.js'
import '../../../src/elements/views/swap/w3m-swap-view.js'
import type { SwapToken } from '../../../src/api/schemas/convert.js'
import { $router, pushView, resetView } from '../../../src/stores/router.js'
import {
  $swap,
  initializeSwap,
  reviewSwap,
  setSourceAmount,
  setSourceToken,
  setToToken
} from '../../../src/stores/swap/swap.js'
import { executeSwap } from '../../../src/stores/swap/execute.js'
import { $toast } from '../../../src/stores/toast.js'
import { onKitEvent, type KitEvent } from '../../../src/stores/kit-events.js'
import { FAKE_ADDRESS, ProviderError } from '../../fixtures/eip1193-provider.js'
import { until } from '../connect/support.js'
import { USDC_CONTRACT, type SendSetUp } from '../send/support.js'
import { byTestId, ETH, HASH, ROUTER, setUpSwap, tearDownSwap, TT, USDC, type FakeConvert } from './support.js'

describe('Swap', () => {
  let setup: SendSetUp
  let convert: FakeConvert

  beforeEach(async () => {
    ;({ setup, convert } = await setUpSwap())
  })
  afterEach(tearDownSwap)

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
