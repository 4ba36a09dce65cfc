/**
 * Send on Bitcoin (issue 34) with the real AppKit Bitcoin Test Wallet (Wallet Standard) connected on
 * Bitcoin Local, and a fake Esplora API in place of the node (a node cannot run inside the browser
 * runner; test/e2e/bitcoin.test.mjs sends on the real local node): the receiver's address per
 * network (a mainnet address on regtest refused with its own text, a bad checksum), the dust rule,
 * what the outputs can pay, the fee at the 3-block estimate shown in BTC in the preview, the PSBT
 * the wallet signs and the kit posts (amount, change, fee equal to the preview's), a refusal that
 * keeps the form, and a wallet with only bitcoin:sendTransfer.
 */
import { expect, fixture, html } from '@open-wc/testing'
import sinon from 'sinon'
import { p2wpkh, Transaction } from '@scure/btc-signer'
import '../../../src/elements/views/account/w3m-account-view.js'
import '../../../src/elements/views/send/w3m-wallet-send-view.js'
import '../../../src/elements/views/send/w3m-wallet-send-preview-view.js'
import { bitcoinAdapter, localBitcoin } from '../../../src/adapters/bitcoin/index.js'
import { resetBitcoinConnectors } from '../../../src/adapters/bitcoin/connectors.js'
import { resetWalletStandardDiscovery } from '../../../src/adapters/solana/wallet-standard.js'
import { $account } from '../../../src/stores/account.js'
import { connect } from '../../../src/stores/connect/connection.js'
import { loadConnectors } from '../../../src/stores/connect/connectors.js'
import { $router, pushView, resetView } from '../../../src/stores/router.js'
import { $send, resetSendForm } from '../../../src/stores/send/form.js'
import { sendTokens, setMaxAmount } from '../../../src/stores/send/send.js'
import { $toast } from '../../../src/stores/toast.js'
import { bitcoinTestAccounts, REGTEST_NETWORK } from '../../../local/bitcoin/accounts.js'
import { BitcoinTestWallet } from '../../../local/wallets/bitcoin-test-wallet/wallet.js'
import { registerStandardWallet } from '../../fixtures/standard-wallet.js'
import { setUpConnection, tearDownConnection, until, type FakeAccountClient } from '../connect/support.js'

const alice = bitcoinTestAccounts[0]!
const bob = bitcoinTestAccounts[1]!
const CAIP = localBitcoin.caipNetworkId
const ESPLORA = localBitcoin.rpcUrls.default.http[0]
const MAINNET_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
/** One confirmed output of 1 BTC on Alice's payment address; the 3-block estimate 2 sat/vB. */
const UTXO = { txid: 'ab'.repeat(32), vout: 1, value: 100_000_000, status: { confirmed: true } }
/** 1 P2WPKH input, P2WPKH receiver and change: 141 vB at 2 sat/vB. */
const FEE = 282n

const byTestId = <T extends HTMLElement = HTMLElement>(el: Element, id: string) =>
  el.shadowRoot!.querySelector<T>(`[data-testid="${id}"]`)

function type(input: HTMLInputElement, value: string): void {
  input.value = value
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }))
}

interface FakeEsplora {
  readonly asked: string[]
  readonly posted: string[]
  utxos: unknown[]
}

/** Answers the local node's Esplora URL: /fee-estimates, /address/:a/utxo and POST /tx. */
function fakeEsplora(): FakeEsplora {
  const esplora: FakeEsplora = { asked: [], posted: [], utxos: [UTXO] }
  const realFetch = window.fetch.bind(window)
  sinon.stub(window, 'fetch').callsFake(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input)
    if (!url.startsWith(ESPLORA)) return realFetch(input, init)
    const path = url.slice(ESPLORA.length)
    esplora.asked.push(`${init?.method ?? 'GET'} ${path}`)
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
    if (path === '/fee-estimates') return json({ '1': 5, '2': 3, '3': 2, '6': 1.5, '144': 1 })
    if (path === `/address/${alice.payment.address}/utxo`) return json(esplora.utxos)
    if (path === '/tx' && init?.method === 'POST') {
      esplora.posted.push(String(init.body))
      return new Response(Transaction.fromRaw(hexBytes(String(init.body))).id)
    }
    return new Response('Not found', { status: 404 })
  })
  return esplora
}

const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], byte => parseInt(byte, 16))

describe('Send on Bitcoin', () => {
  let backend: FakeAccountClient
  let esplora: FakeEsplora
  let wallet: BitcoinTestWallet
  const unregister: (() => void)[] = []

  async function connectBitcoin(walletObject: object = wallet): Promise<void> {
    unregister.push(registerStandardWallet(walletObject))
    await loadConnectors()
    const name = (walletObject as { name: string }).name
    expect(await connect(name, 'bip122')).to.equal(true)
    await until(() => $account.get().balance === '1', 'the balance')
  }

  beforeEach(async () => {
    resetWalletStandardDiscovery()
    resetBitcoinConnectors()
    backend = setUpConnection({ adapters: [bitcoinAdapter()], networks: [localBitcoin] })
    backend.nativeBalanceAnswer = { balance: '1', symbol: 'BTC' }
    esplora = fakeEsplora()
    wallet = new BitcoinTestWallet({
      account: alice,
      label: 'Alice (test account)',
      chains: ['bitcoin:regtest', CAIP],
      autoApprove: true,
      storageKey: 'bitcoin-send-test-wallet',
      esploraUrl: ESPLORA
    })
  })
  afterEach(() => {
    for (const stop of unregister.splice(0)) stop()
    sinon.restore()
    resetSendForm()
    resetWalletStandardDiscovery()
    tearDownConnection()
    localStorage.removeItem('bitcoin-send-test-wallet')
  })

  async function sendForm(amount: string, receiver: string) {
    resetView('Account')
    pushView('WalletSend')
    const el = await fixture(html`<w3m-wallet-send-view></w3m-wallet-send-view>`)
    await until(() => $send.get().token !== undefined, 'BTC chosen')
    type(byTestId<HTMLInputElement>(el, 'send-amount-input')!, amount)
    type(byTestId<HTMLInputElement>(el, 'send-receiver-input')!, receiver)
    byTestId(el, 'send-preview-button')!.click()
    await until(() => !$send.get().loading, 'the preview checked')
    await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete
    return el
  }

  it('offers Send on the Account view of a Bitcoin wallet that can send', async () => {
    await connectBitcoin()
    const el = await fixture(html`<w3m-account-view></w3m-account-view>`)
    expect(byTestId(el, 'wallet-feature-send')).not.to.equal(null)
  })

  it('refuses a mainnet address on Bitcoin Local with its own text, before reading anything; accessible', async () => {
    await connectBitcoin()
    const el = await sendForm('0.1', MAINNET_ADDRESS)
    expect(byTestId(el, 'send-error')!.textContent).to.equal('This address is for another Bitcoin network')
    expect($router.get().view).to.equal('WalletSend')
    expect(esplora.asked).to.deep.equal([])
    await expect(el).to.be.accessible()
  })

  it('refuses a regtest address with a bad checksum, and a witness v1 address written in bech32', async () => {
    await connectBitcoin()
    const good = bob.payment.address
    const last = good.at(-1) === 'q' ? 'p' : 'q'
    let el = await sendForm('0.1', good.slice(0, -1) + last)
    expect(byTestId(el, 'send-error')!.textContent).to.equal('Enter a valid address for this network')
    // A taproot address must be bech32m (BIP-350): the same program in bech32 is refused.
    el = await sendForm('0.1', 'bcrt1pqqqsyqcyq5rqwzqfpg9scrgwpugpzysnzs23v9ccrydpk8qarc0s6mq3ks')
    expect(byTestId(el, 'send-error')!.textContent).to.equal('Enter a valid address for this network')
  })

  it('refuses an amount under the dust limit, and one the outputs cannot pay with the fee', async () => {
    await connectBitcoin()
    let el = await sendForm('0.00000293', bob.payment.address)
    expect(byTestId(el, 'send-error')!.textContent).to.equal('The amount is too small to send on Bitcoin')
    el = await sendForm('1', bob.payment.address)
    expect(byTestId(el, 'send-error')!.textContent).to.equal('Insufficient balance for the network fee')
    expect($router.get().view).to.equal('WalletSend')
  })

  it('previews the fee at the 3-block estimate in BTC; Send posts the wallet’s signed PSBT with that fee; accessible', async () => {
    await connectBitcoin()
    await sendForm('0.25', bob.ordinals.address)
    expect($router.get().view).to.equal('WalletSendPreview')
    expect(esplora.asked).to.include.members(['GET /fee-estimates', `GET /address/${alice.payment.address}/utxo`])
    const preview = await fixture(html`<w3m-wallet-send-preview-view></w3m-wallet-send-preview-view>`)
    // 1 P2WPKH input, a P2TR receiver and P2WPKH change: 153 vB at 2 sat/vB.
    expect(byTestId(preview, 'send-preview-fee')!.textContent!.trim()).to.equal('0.00000306 BTC')
    expect(byTestId(preview, 'send-preview-amount')!.textContent!.trim()).to.equal('0.25 BTC')
    await expect(preview).to.be.accessible()
    const balanceReads = backend.balanceCalls.length
    byTestId(preview, 'send-confirm-button')!.click()
    await until(() => $router.get().view === 'Account', 'back to Account')
    expect($toast.get()).to.include({ message: 'Transaction sent', variant: 'success' })
    expect($send.get().amount).to.equal('')
    await until(() => backend.balanceCalls.length > balanceReads, 'the balance read again')
    expect(backend.balanceCalls.at(-1)).to.equal(`${CAIP}:${alice.payment.address} force`)
    const [posted] = esplora.posted
    const tx = Transaction.fromRaw(hexBytes(posted!))
    expect(tx.outputsLength).to.equal(2)
    expect(tx.getOutput(0).amount).to.equal(25_000_000n)
    expect(tx.getOutput(1).amount).to.equal(100_000_000n - 25_000_000n - 306n)
    expect(tx.vsize).to.be.at.most(153)
  })

  it('a refusal in the wallet keeps the form and posts nothing', async () => {
    await connectBitcoin()
    wallet.approvals.autoApprove = request => request.method !== 'bitcoin:signTransaction'
    await sendForm('0.1', bob.payment.address)
    expect($send.get().fee).to.equal(FEE)
    expect(await sendTokens()).to.equal(false)
    expect($send.get()).to.include({ error: 'Transaction declined', amount: '0.1', fee: FEE })
    expect($router.get().view).to.equal('WalletSendPreview')
    expect(esplora.posted).to.deep.equal([])
  })

  it('Max fills every output less the fee of spending them all', async () => {
    await connectBitcoin()
    resetView('Account')
    pushView('WalletSend')
    await fixture(html`<w3m-wallet-send-view></w3m-wallet-send-view>`)
    await until(() => $send.get().token !== undefined, 'BTC chosen')
    $send.setKey('receiver', bob.payment.address)
    await setMaxAmount()
    // 1 P2WPKH input, one P2WPKH output: 110 vB at 2 sat/vB.
    expect($send.get().amount).to.equal('0.9999978')
  })

  it('the test wallet signs nothing for an account it did not give the site (4100), without asking', async () => {
    let asked = 0
    wallet.approvals.autoApprove = () => {
      asked++
      return true
    }
    const tx = new Transaction()
    const script = p2wpkh(hexBytes(alice.payment.publicKey), REGTEST_NETWORK).script
    tx.addInput({ txid: UTXO.txid, index: 1, witnessUtxo: { script, amount: 100_000_000n } })
    tx.addOutputAddress(bob.payment.address, 50_000_000n, REGTEST_NETWORK)
    const sign = wallet.features['bitcoin:signTransaction'].signTransaction
    const input = {
      psbt: tx.toPSBT(),
      inputsToSign: [{ account: { address: alice.payment.address }, signingIndexes: [0] }]
    }
    const refusal = await sign(input as never).then(
      () => undefined,
      (error: { code?: number }) => error
    )
    expect(refusal?.code).to.equal(4100)
    expect(asked).to.equal(0)
  })

  it('hands a wallet with only bitcoin:sendTransfer the receiver, amount and fee rate', async () => {
    const transfers: unknown[] = []
    const inner = new BitcoinTestWallet({
      account: alice,
      label: 'Alice',
      chains: ['bitcoin:regtest', CAIP],
      autoApprove: true,
      storageKey: 'bitcoin-send-test-wallet'
    })
    const features = inner.features
    const transferOnly = {
      version: '1.0.0',
      name: 'Transfer Only',
      icon: inner.icon,
      chains: inner.chains,
      get accounts() {
        return inner.accounts
      },
      features: {
        'bitcoin:connect': features['bitcoin:connect'],
        'standard:events': features['standard:events'],
        'bitcoin:sendTransfer': {
          version: '1.0.0',
          sendTransfer: async (input: unknown) => {
            transfers.push(input)
            return { txid: 'cd'.repeat(32) }
          }
        }
      }
    }
    await connectBitcoin(transferOnly)
    await sendForm('0.1', bob.payment.address)
    expect(await sendTokens()).to.equal(true)
    expect(transfers).to.have.length(1)
    expect(transfers[0]).to.deep.include({
      chain: CAIP,
      recipients: [{ address: bob.payment.address, amount: 10_000_000 }],
      feeRate: 2
    })
    expect($toast.get()).to.include({ message: 'Transaction sent' })
    expect(esplora.posted).to.deep.equal([])
  })
})
