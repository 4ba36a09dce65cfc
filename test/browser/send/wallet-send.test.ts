import { expect, fixture, html } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import '../../../src/elements/views/account/w3m-account-view.js'
import '../../../src/elements/views/send/w3m-wallet-send-view.js'
import '../../../src/elements/views/send/w3m-wallet-send-preview-view.js'
import { disconnect } from '../../../src/stores/connect/connection.js'
import { $router, pushView, resetView } from '../../../src/stores/router.js'
import { $send } from '../../../src/stores/send/form.js'
import { $toast } from '../../../src/stores/toast.js'
import { onKitEvent, type KitEvent } from '../../../src/stores/kit-events.js'
import { FAKE_ADDRESS, FAKE_ADDRESS_2, ProviderError } from '../../fixtures/eip1193-provider.js'
import { SOLANA_ADDRESS } from '../../fixtures/standard-wallet.js'
import { until } from '../connect/support.js'
import { watchCalls } from '../wait.js'
import { evmTokenBalances } from '../../fixtures/tokens.js'
import { $account, setAccount } from '../../../src/stores/account.js'
import { refreshTokenBalances } from '../../../src/stores/account/token-balances.js'
import { refreshNativeBalance } from '../../../src/stores/account/balances.js'
import {
  connectForSend,
  fakeNames,
  GAS,
  GAS_PRICE,
  tearDownSend,
  USDC,
  USDC_CONTRACT,
  type SendSetUp
} from './support.js'

const HASH = `0x${'ab'.repeat(32)}`
const byTestId = <T extends HTMLElement = HTMLElement>(el: Element, id: string) =>
  el.shadowRoot!.querySelector<T>(`[data-testid="${id}"]`)

/** Types into an input the way a visitor does: the value, then an input event. */
function type(input: HTMLInputElement, value: string): void {
  input.value = value
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }))
}

async function sendForm() {
  resetView('Account')
  pushView('WalletSend')
  const el = await fixture(html`<w3m-wallet-send-view></w3m-wallet-send-view>`)
  await until(() => $send.get().token !== undefined, 'the native token chosen')
  return el
}

async function fill(el: Element, amount: string, receiver: string) {
  type(byTestId<HTMLInputElement>(el, 'send-amount-input')!, amount)
  type(byTestId<HTMLInputElement>(el, 'send-receiver-input')!, receiver)
  await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete
}

async function preview(el: Element): Promise<void> {
  byTestId(el, 'send-preview-button')!.click()
  await until(() => !$send.get().loading, 'the preview checked')
}

describe('Send', () => {
  let setup: SendSetUp

  beforeEach(async () => {
    setup = await connectForSend()
  })
  afterEach(tearDownSend)

  describe('the Account view', () => {
    it('shows Send for a wallet that can send, which opens WalletSend', async () => {
      const el = await fixture(html`<w3m-account-view></w3m-account-view>`)
      const send = byTestId(el, 'wallet-feature-send')!
      expect(send.textContent!.trim()).to.equal('Send')
      send.click()
      expect($router.get().view).to.equal('WalletSend')
      await expect(el).to.be.accessible()
    })

    it('has no Send when features.send is off', async () => {
      tearDownSend()
      setup = await connectForSend({ features: { send: false } })
      const el = await fixture(html`<w3m-account-view></w3m-account-view>`)
      expect(byTestId(el, 'wallet-feature-send')).to.equal(null)
      expect(byTestId(el, 'wallet-feature-receive')).not.to.equal(null)
    })
  })

  describe('the form', () => {
    it('says so when nobody is connected (the view opened by hand)', async () => {
      await disconnect()
      const el = await fixture(html`<w3m-wallet-send-view></w3m-wallet-send-view>`)
      expect(byTestId(el, 'send-disconnected')!.textContent!.trim()).to.equal('No wallet connected')
      expect(byTestId(el, 'send-preview-button')).to.equal(null)
      await expect(el).to.be.accessible()
    })

    it('lists the Tokens tab’s balances, the native token first and chosen; accessible', async () => {
      const el = await sendForm()
      const options = [...el.shadowRoot!.querySelectorAll('[data-testid=send-token-select] option')]
      expect(options.map(option => option.textContent!.trim())).to.deep.equal(['ETH · 1.234', 'USDC · 250.5'])
      expect($send.get().token?.symbol).to.equal('ETH')
      expect(byTestId<HTMLSelectElement>(el, 'send-token-select')!.value).to.equal('0')
      await expect(el).to.be.accessible()
    })

    it('Preview with nothing typed shows the spec’s text and asks neither the chain nor the wallet', async () => {
      const el = await sendForm()
      await preview(el)
      expect(byTestId(el, 'send-error')!.textContent).to.equal('An amount and receiver address are required')
      expect(byTestId(el, 'send-error')!.getAttribute('role')).to.equal('alert')
      expect(setup.chain.calls).to.deep.equal([])
      expect($router.get().view).to.equal('WalletSend')
      await expect(el).to.be.accessible()
    })

    it('refuses an address of another namespace (a Solana address on Ethereum)', async () => {
      const el = await sendForm()
      await fill(el, '0.1', SOLANA_ADDRESS)
      await preview(el)
      expect(byTestId(el, 'send-error')!.textContent).to.equal('Enter a valid address for this network')
    })

    it('refuses an amount that is not a positive number, or has more decimals than the token', async () => {
      const el = await sendForm()
      byTestId<HTMLSelectElement>(el, 'send-token-select')!.value = '1'
      byTestId(el, 'send-token-select')!.dispatchEvent(new Event('change'))
      for (const amount of ['-1', '0', 'abc', '1.1234567']) {
        await fill(el, amount, FAKE_ADDRESS_2)
        await preview(el)
        expect(byTestId(el, 'send-error')?.textContent, amount).to.equal('Enter a valid amount')
      }
    })

    it('catches more than the balance before the wallet is asked', async () => {
      const el = await sendForm()
      byTestId<HTMLSelectElement>(el, 'send-token-select')!.value = '1'
      byTestId(el, 'send-token-select')!.dispatchEvent(new Event('change'))
      await fill(el, '250.6', FAKE_ADDRESS_2)
      await preview(el)
      expect(byTestId(el, 'send-error')!.textContent).to.equal('Insufficient balance')
      expect(setup.provider.methods()).not.to.include('eth_sendTransaction')
      expect(setup.chain.calls).to.deep.equal([])
    })

    it('catches an amount that leaves nothing for the fee on the native token', async () => {
      const el = await sendForm()
      await fill(el, '1.23456', FAKE_ADDRESS_2)
      await preview(el)
      expect(byTestId(el, 'send-error')!.textContent).to.equal('Insufficient balance for the network fee')
      expect($router.get().view).to.equal('WalletSend')
    })

    it('a smart account sends through its paymaster: no network fee counts against the native balance', async () => {
      // No ETH at all, and the wallet says so again when asked: an EOA could not pay the fee.
      setup.provider.balance = 0n
      // Read past the cache, as the kit would after the ETH left: the store and its cache say 0.
      await refreshNativeBalance({ force: true })
      expect($account.get().balance).to.equal('0')
      const el = await sendForm()
      byTestId<HTMLSelectElement>(el, 'send-token-select')!.value = '1'
      byTestId(el, 'send-token-select')!.dispatchEvent(new Event('change'))
      await fill(el, '1', FAKE_ADDRESS_2)
      await preview(el)
      await until(() => $send.get().error !== undefined, 'the refusal')
      expect($send.get().error).to.equal('Insufficient balance for the network fee')
      // The embedded wallet's smart account (as sessions.ts sets it): its paymaster pays.
      setAccount({ preferredAccountType: 'smartAccount' })
      await preview(el)
      await until(() => $router.get().view === 'WalletSendPreview', 'the preview')
      expect($send.get().fee).to.equal(0n)
    })

    it('reads the native balance again before refusing: funds that arrived since it was read count', async () => {
      // The account's balance (1.23456 ETH) was read at connect; 1 ETH more has arrived since, and the
      // token list, read again, already shows it.
      setup.provider.balance += 1_000_000_000_000_000_000n
      const [eth, ...others] = evmTokenBalances
      setup.backend.tokenBalancesAnswer = [{ ...eth!, quantity: { decimals: '18', numeric: '2.23456' } }, ...others]
      await refreshTokenBalances({ force: true })
      expect($account.get().balance).to.equal('1.23456')
      const el = await sendForm()
      await fill(el, '1.5', FAKE_ADDRESS_2)
      await preview(el)
      await until(() => $router.get().view === 'WalletSendPreview', 'the preview')
      expect($send.get().error).to.equal(undefined)
      expect(setup.provider.methods().filter(method => method === 'eth_getBalance').length).to.be.greaterThan(1)
    })

    it('reads the token’s balance again before refusing with Insufficient balance (issue 29)', async () => {
      // docs/behaviour.md section 5's balance rule, said only once the balance was read past the caches (section 9).
      // The list (250.5 USDC) was read at connect; 49.5 USDC more have arrived since, not read yet.
      const [eth] = evmTokenBalances
      setup.backend.tokenBalancesAnswer = [eth!, { ...USDC, quantity: { decimals: '6', numeric: '300' } }]
      const el = await sendForm()
      byTestId<HTMLSelectElement>(el, 'send-token-select')!.value = '1'
      byTestId(el, 'send-token-select')!.dispatchEvent(new Event('change'))
      // More than even the new balance: refused, after a read past the caches.
      const before = setup.backend.tokenBalanceCalls.length
      await fill(el, '300.5', FAKE_ADDRESS_2)
      await preview(el)
      expect(byTestId(el, 'send-error')!.textContent).to.equal('Insufficient balance')
      expect(setup.backend.tokenBalanceCalls.slice(before)).to.deep.equal([`eip155:1:${FAKE_ADDRESS} force`])
      // Within it: the preview opens, for the token chosen, as the new list shows it.
      await fill(el, '260', FAKE_ADDRESS_2)
      await preview(el)
      await until(() => $router.get().view === 'WalletSendPreview', 'the preview')
      expect($send.get().error).to.equal(undefined)
      expect($send.get().token).to.include({ symbol: 'USDC' })
      expect($send.get().token!.quantity.numeric).to.equal('300')
      expect(setup.provider.methods()).not.to.include('eth_sendTransaction')
    })

    it('says the fee could not be estimated when the chain refuses the transfer', async () => {
      setup.chain.failEstimate = true
      const el = await sendForm()
      await fill(el, '0.1', FAKE_ADDRESS_2)
      await preview(el)
      expect(byTestId(el, 'send-error')!.textContent).to.equal('The network fee could not be estimated')
    })

    it('Max on the native token keeps back a plain transfer’s gas at twice the gas price', async () => {
      const el = await sendForm()
      byTestId(el, 'send-max-button')!.click()
      await until(() => $send.get().amount !== '', 'the amount')
      const expected = 1_234_560_000_000_000_000n - GAS * GAS_PRICE * 2n
      expect($send.get().amount).to.equal('1.234518')
      expect(expected).to.equal(1_234_518_000_000_000_000n)
      await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete
      expect(byTestId<HTMLInputElement>(el, 'send-amount-input')!.value).to.equal('1.234518')
    })

    it('Max on a token is its whole balance', async () => {
      const el = await sendForm()
      byTestId<HTMLSelectElement>(el, 'send-token-select')!.value = '1'
      byTestId(el, 'send-token-select')!.dispatchEvent(new Event('change'))
      byTestId(el, 'send-max-button')!.click()
      await until(() => $send.get().amount !== '', 'the amount')
      expect($send.get().amount).to.equal('250.5')
      expect(setup.chain.calls).to.deep.equal([])
    })

    it('a registry name resolves to its address, shown beside it', async () => {
      const names = fakeNames({ 'alice.appkit.id': FAKE_ADDRESS_2 })
      const el = await sendForm()
      await fill(el, '0.1', 'alice.appkit.id')
      await until(() => byTestId(el, 'send-name-address') !== null, 'the resolved address')
      expect(byTestId(el, 'send-name-address')!.textContent).to.equal(FAKE_ADDRESS_2)
      expect(names.asked).to.deep.equal(['alice.appkit.id'])
      await expect(el).to.be.accessible()
    })

    it('a name without an address says so, and Preview shows the spec’s name error', async () => {
      fakeNames({})
      const el = await sendForm()
      await fill(el, '0.1', 'nobody.appkit.id')
      await until(() => $send.get().name?.status === 'failed', 'the failed lookup')
      await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete
      expect(byTestId(el, 'send-name-status')!.textContent!.trim()).to.equal('Error resolving name')
      await preview(el)
      expect(byTestId(el, 'send-error')!.textContent).to.equal('Error resolving name')
    })

    it('looks a name up once typing pauses, not once per keystroke', async () => {
      const names = fakeNames({ 'alice.appkit.id': FAKE_ADDRESS_2 })
      const el = await sendForm()
      const input = byTestId<HTMLInputElement>(el, 'send-receiver-input')!
      for (const typed of ['alice.a', 'alice.ap', 'alice.appkit', 'alice.appkit.i', 'alice.appkit.id'])
        type(input, typed)
      await until(() => $send.get().name?.status === 'resolved', 'the lookup')
      expect(names.asked).to.deep.equal(['alice.appkit.id'])
    })

    it('the newest typed name wins: a slow answer for an older one is dropped', async () => {
      const names = fakeNames(
        { 'alice.appkit.id': FAKE_ADDRESS_2, 'bobby.appkit.id': FAKE_ADDRESS },
        { 'alice.appkit.id': 600 }
      )
      const profiles = watchCalls(names.client, 'profile')
      const el = await sendForm()
      const input = byTestId<HTMLInputElement>(el, 'send-receiver-input')!
      type(input, 'alice.appkit.id')
      await until(() => names.asked.length === 1, 'alice looked up')
      type(input, 'bobby.appkit.id')
      await until(() => $send.get().name?.status === 'resolved', 'the lookup')
      expect($send.get().name).to.deep.equal({ status: 'resolved', name: 'bobby.appkit.id', address: FAKE_ADDRESS })
      await until(() => profiles.answered.includes('alice.appkit.id'), 'the slow answer for alice')
      expect(names.asked).to.deep.equal(['alice.appkit.id', 'bobby.appkit.id'])
      expect($send.get().name).to.deep.equal({ status: 'resolved', name: 'bobby.appkit.id', address: FAKE_ADDRESS })
    })

    it('works with the keyboard alone: typing, then Enter opens the preview', async () => {
      setup.provider.failures.set('eth_sendTransaction', () => HASH)
      const el = await sendForm()
      byTestId(el, 'send-amount-input')!.focus()
      await sendKeys({ type: '0.25' })
      await sendKeys({ press: 'Tab' })
      await sendKeys({ press: 'Tab' })
      expect(el.shadowRoot!.activeElement?.getAttribute('data-testid')).to.equal('send-receiver-input')
      await sendKeys({ type: FAKE_ADDRESS_2 })
      await sendKeys({ press: 'Enter' })
      await until(() => $router.get().view === 'WalletSendPreview', 'the preview')
      expect($send.get()).to.include({ amount: '0.25', receiver: FAKE_ADDRESS_2 })
    })
  })

  describe('the preview and sending', () => {
    async function previewOf(amount: string, receiver: string, token = '0') {
      const form = await sendForm()
      byTestId<HTMLSelectElement>(form, 'send-token-select')!.value = token
      byTestId(form, 'send-token-select')!.dispatchEvent(new Event('change'))
      await fill(form, amount, receiver)
      await preview(form)
      expect($router.get().view).to.equal('WalletSendPreview')
      return fixture(html`<w3m-wallet-send-preview-view></w3m-wallet-send-preview-view>`)
    }

    it('shows the amount, receiver, network and fee (estimated gas times gas price); accessible', async () => {
      const el = await previewOf('0.5', FAKE_ADDRESS_2)
      expect(byTestId(el, 'send-preview-amount')!.textContent!.trim()).to.equal('0.5 ETH')
      expect(byTestId(el, 'send-preview-receiver')!.textContent!.trim()).to.equal(FAKE_ADDRESS_2)
      expect(byTestId(el, 'send-preview-network')!.textContent).to.equal('Ethereum')
      expect(byTestId(el, 'send-preview-fee')!.textContent!.trim()).to.equal('0.000021 ETH')
      expect(setup.chain.calls.map(call => call.method)).to.deep.equal(['eth_estimateGas', 'eth_gasPrice'])
      await expect(el).to.be.accessible()
    })

    it('sends the native token (to, data 0x, value), says so, returns to Account, resets the form, reads balances again', async () => {
      setup.provider.failures.set('eth_sendTransaction', () => HASH)
      const el = await previewOf('0.5', FAKE_ADDRESS_2)
      const before = setup.backend.tokenBalanceCalls.length
      byTestId(el, 'send-confirm-button')!.click()
      await until(() => $router.get().view === 'Account', 'back to Account')
      const sent = setup.provider.requests.find(request => request.method === 'eth_sendTransaction')
      expect(sent?.params).to.deep.equal([
        { from: FAKE_ADDRESS, to: FAKE_ADDRESS_2, value: '0x6f05b59d3b20000', data: '0x' }
      ])
      expect($toast.get()).to.include({ open: true, variant: 'success', message: 'Transaction sent' })
      expect($send.get()).to.include({ amount: '', receiver: '', name: undefined, fee: undefined, loading: false })
      expect($router.get().history).to.deep.equal(['Account'])
      await until(() => setup.backend.tokenBalanceCalls.length > before, 'the balances read again')
      expect(setup.backend.tokenBalanceCalls.at(-1)).to.match(/ force$/)
    })

    it('sends an ERC-20 as transfer(receiver, amount) to the token contract', async () => {
      setup.provider.failures.set('eth_sendTransaction', () => HASH)
      const el = await previewOf('12.5', FAKE_ADDRESS_2, '1')
      expect(byTestId(el, 'send-preview-amount')!.textContent!.trim()).to.equal('12.5 USDC')
      byTestId(el, 'send-confirm-button')!.click()
      await until(() => $router.get().view === 'Account', 'back to Account')
      const sent = setup.provider.requests.find(request => request.method === 'eth_sendTransaction')
      expect(sent?.params).to.deep.equal([
        {
          from: FAKE_ADDRESS,
          to: USDC_CONTRACT,
          value: '0x0',
          data: `0xa9059cbb${FAKE_ADDRESS_2.slice(2).toLowerCase().padStart(64, '0')}${(12_500_000).toString(16).padStart(64, '0')}`
        }
      ])
    })

    it('sends to the address a name resolved to, and the preview shows both', async () => {
      fakeNames({ 'alice.appkit.id': FAKE_ADDRESS_2 })
      setup.provider.failures.set('eth_sendTransaction', () => HASH)
      const form = await sendForm()
      await fill(form, '0.5', 'alice.appkit.id')
      await preview(form)
      const el = await fixture(html`<w3m-wallet-send-preview-view></w3m-wallet-send-preview-view>`)
      expect(byTestId(el, 'send-preview-name')!.textContent).to.equal('alice.appkit.id')
      expect(byTestId(el, 'send-preview-receiver')!.textContent).to.contain(FAKE_ADDRESS_2)
      byTestId(el, 'send-confirm-button')!.click()
      await until(() => $router.get().view === 'Account', 'back to Account')
      const sent = setup.provider.requests.find(request => request.method === 'eth_sendTransaction')
      expect((sent?.params as [{ to: string }])[0].to).to.equal(FAKE_ADDRESS_2)
    })

    it('a rejection in the wallet keeps everything typed and shows the error', async () => {
      setup.provider.failures.set('eth_sendTransaction', new ProviderError(4001, 'User rejected the request.'))
      const el = await previewOf('0.5', FAKE_ADDRESS_2)
      byTestId(el, 'send-confirm-button')!.click()
      await until(() => byTestId(el, 'send-preview-error') !== null, 'the error')
      expect(byTestId(el, 'send-preview-error')!.textContent!.trim()).to.equal('Transaction declined')
      expect($router.get().view).to.equal('WalletSendPreview')
      expect($send.get()).to.include({ amount: '0.5', receiver: FAKE_ADDRESS_2, loading: false })
      expect($toast.get().open).to.equal(false)
      await expect(el).to.be.accessible()
      byTestId(el, 'send-cancel-button')!.click()
      expect($router.get().view).to.equal('WalletSend')
      const form = await fixture(html`<w3m-wallet-send-view></w3m-wallet-send-view>`)
      expect(byTestId<HTMLInputElement>(form, 'send-amount-input')!.value).to.equal('0.5')
      expect(byTestId<HTMLInputElement>(form, 'send-receiver-input')!.value).to.equal(FAKE_ADDRESS_2)
    })

    it('tells the kit’s event stream: SEND_SUCCESS, and SEND_ERROR with the visitor’s message', async () => {
      const heard: KitEvent[] = []
      const stop = onKitEvent(event => heard.push(event))
      try {
        setup.provider.failures.set('eth_sendTransaction', new ProviderError(4001, 'User rejected the request.'))
        let el = await previewOf('0.5', FAKE_ADDRESS_2)
        byTestId(el, 'send-confirm-button')!.click()
        await until(() => heard.some(event => event.event === 'SEND_ERROR'), 'SEND_ERROR')
        setup.provider.failures.set('eth_sendTransaction', () => HASH)
        el = await previewOf('0.5', FAKE_ADDRESS_2)
        byTestId(el, 'send-confirm-button')!.click()
        await until(() => heard.some(event => event.event === 'SEND_SUCCESS'), 'SEND_SUCCESS')
        const send = heard.filter(event => event.event.startsWith('SEND_'))
        expect(send.map(event => [event.event, event.properties])).to.deep.equal([
          ['SEND_ERROR', { namespace: 'eip155', symbol: 'ETH', message: 'Transaction declined' }],
          ['SEND_SUCCESS', { namespace: 'eip155', symbol: 'ETH' }]
        ])
      } finally {
        stop()
      }
    })

    it('a failure in the wallet shows Transaction failed and keeps the form', async () => {
      setup.provider.failures.set('eth_sendTransaction', new ProviderError(-32000, 'insufficient funds'))
      const el = await previewOf('0.5', FAKE_ADDRESS_2)
      byTestId(el, 'send-confirm-button')!.click()
      await until(() => byTestId(el, 'send-preview-error') !== null, 'the error')
      expect(byTestId(el, 'send-preview-error')!.textContent!.trim()).to.equal('Transaction failed')
      expect($send.get()).to.include({ amount: '0.5', receiver: FAKE_ADDRESS_2 })
    })

    it('a double click sends once; the button is busy while the wallet is asked', async () => {
      setup.provider.failures.set('eth_sendTransaction', () => HASH)
      setup.provider.held.add('eth_sendTransaction')
      const el = await previewOf('0.5', FAKE_ADDRESS_2)
      const button = byTestId(el, 'send-confirm-button')!
      button.click()
      button.click()
      await until(() => setup.provider.methods().includes('eth_sendTransaction'), 'the wallet asked')
      await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete
      expect(button.getAttribute('aria-busy')).to.equal('true')
      expect(button.textContent!.trim()).to.equal('Sending…')
      button.click()
      setup.provider.release('eth_sendTransaction')
      await until(() => $router.get().view === 'Account', 'back to Account')
      expect(setup.provider.methods().filter(method => method === 'eth_sendTransaction')).to.have.length(1)
    })

    it('an answer that is not a transaction (section 5) shows no success toast but still returns to Account', async () => {
      setup.provider.failures.set('eth_sendTransaction', () => '0x1234')
      const el = await previewOf('0.5', FAKE_ADDRESS_2)
      byTestId(el, 'send-confirm-button')!.click()
      await until(() => $router.get().view === 'Account', 'back to Account')
      expect($toast.get().open).to.equal(false)
    })
  })
})
