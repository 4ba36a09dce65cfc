/**
 * Bitcoin wallets through the sats-connect request API (issue 34): the real AppKit Bitcoin Test
 * Wallet's sats-connect face (local/wallets/bitcoin-test-wallet/sats-connect.ts), announced in
 * window.btc_providers, approving by script; and scripted providers for what the real one does not
 * do (a wallet that prefers sendTransfer, answers that do not parse, a provider that is not an
 * object). Listed beside the other wallets, once when the wallet also has a Wallet Standard face;
 * connected with the payment address (or the ordinals address for the 'ordinal' account type);
 * reconnected after a "reload" with the silent wallet_getAccount; a refusal is the kit's 4001.
 */
import { expect } from '@open-wc/testing'
import { bitcoinAdapter, localBitcoin } from '../../../src/adapters/bitcoin/index.js'
import { resetBitcoinConnectors } from '../../../src/adapters/bitcoin/connectors.js'
import { createSatsConnectConnector } from '../../../src/adapters/bitcoin/sats-connect-connector.js'
import { bitcoinNetworkSlot } from '../../../src/adapters/bitcoin/network-slot.js'
import { resetWalletStandardDiscovery } from '../../../src/adapters/solana/wallet-standard.js'
import { evmAdapter } from '../../../src/adapters/evm/index.js'
import { providerErrorCode } from '../../../src/errors/visitor-message.js'
import { connectionsMostRecentFirst } from '../../../src/storage/connections.js'
import { $account } from '../../../src/stores/account.js'
import {
  $connection,
  activeConnector,
  connect,
  disconnect,
  resetConnection
} from '../../../src/stores/connect/connection.js'
import { $connectors, loadConnectors, resetConnectors } from '../../../src/stores/connect/connectors.js'
import { reconnect } from '../../../src/stores/connect/reconnect.js'
import { bitcoinTestAccounts } from '../../../local/bitcoin/accounts.js'
import { BitcoinTestWallet, BITCOIN_TEST_WALLET_NAME } from '../../../local/wallets/bitcoin-test-wallet/wallet.js'
import { signBip322P2wpkh } from '../../../local/wallets/bitcoin-test-wallet/bip322.js'
import { FakeEip1193Provider, announceWallet } from '../../fixtures/eip1193-provider.js'
import { registerStandardWallet } from '../../fixtures/standard-wallet.js'
import {
  STORAGE_KEY,
  TXID,
  base64Of,
  caught,
  fail,
  newFace,
  ok,
  payment,
  paymentAccount,
  announce,
  scope,
  scripted,
  transferRequest
} from '../../fixtures/sats-connect.js'
import { TEST_NETWORKS, setUpConnection, tearDownConnection, track, until, type FakeAccountClient } from './support.js'

const alice = bitcoinTestAccounts[0]!
const CAIP = localBitcoin.caipNetworkId

describe('Bitcoin wallets (sats-connect request API)', () => {
  let backend: FakeAccountClient
  const unregister: (() => void)[] = []

  function setUp(defaultAccountTypes?: Record<string, string>): void {
    resetWalletStandardDiscovery()
    resetBitcoinConnectors()
    backend = setUpConnection({
      adapters: [evmAdapter(), bitcoinAdapter()],
      networks: [...TEST_NETWORKS, localBitcoin],
      ...(defaultAccountTypes ? { defaultAccountTypes } : {})
    })
    backend.nativeBalanceAnswer = { balance: '10.4567', symbol: 'BTC' }
  }

  /** A reload: fresh stores and discovery; the wallet's storage stays. */
  function reload(): void {
    delete scope.btc_providers
    delete scope.AppKitBitcoinTestWallet
    resetConnection()
    resetConnectors()
    resetWalletStandardDiscovery()
    resetBitcoinConnectors()
  }

  beforeEach(() => setUp())
  afterEach(() => {
    for (const stop of unregister.splice(0)) stop()
    delete scope.btc_providers
    delete scope.AppKitBitcoinTestWallet
    delete scope.ScriptedWallet
    localStorage.removeItem(STORAGE_KEY)
    resetWalletStandardDiscovery()
    tearDownConnection()
  })

  const bitcoinConnectors = () => $connectors.get().connectors.filter(entry => entry.namespace === 'bip122')

  it('lists the sats-connect wallet beside an EVM one; announcements that are not providers are skipped', async () => {
    newFace()
    announce('not an object')
    announce({ id: 'NoSuch.provider', name: 'Missing' })
    announce({ id: '__proto__.constructor', name: 'Prototype' })
    announce({ id: 'location.href', name: 'A string, not a provider' })
    scope.NotAProvider = { request: 'not a function' }
    announce({ id: 'NotAProvider', name: 'No request function' })
    announce({ id: 'x'.repeat(300), name: 'Too long a path' })
    track(announceWallet(new FakeEip1193Provider()))
    try {
      await loadConnectors()
      expect(bitcoinConnectors().map(entry => entry.name)).to.deep.equal([BITCOIN_TEST_WALLET_NAME])
      expect(bitcoinConnectors()[0]).to.include({ id: BITCOIN_TEST_WALLET_NAME, type: 'announced' })
      expect(bitcoinConnectors()[0]!.imageUrl).to.match(/^data:image\/svg\+xml/)
      expect($connectors.get().connectors.some(entry => entry.namespace === 'eip155')).to.equal(true)
    } finally {
      delete scope.NotAProvider
    }
  })

  it('a wallet with a Wallet Standard face and a sats-connect face under one name is listed once, the Wallet Standard one', async () => {
    const { asked, provider } = newFace()
    const standard = new BitcoinTestWallet({
      account: alice,
      label: 'Alice (test account)',
      chains: ['bitcoin:regtest', CAIP],
      autoApprove: true,
      storageKey: `${STORAGE_KEY}-standard`
    })
    unregister.push(registerStandardWallet(standard))
    await loadConnectors()
    expect(bitcoinConnectors().map(entry => entry.name)).to.deep.equal([BITCOIN_TEST_WALLET_NAME])
    expect(await connect(BITCOIN_TEST_WALLET_NAME, 'bip122')).to.equal(true)
    expect(standard.accounts.map(account => account.address)).to.deep.equal([alice.payment.address])
    expect(asked).to.have.length(0)
    expect((await provider.request('wallet_getAccount', null)) as object).to.have.nested.property('error.code', -32002)
    await disconnect()
    localStorage.removeItem(`${STORAGE_KEY}-standard`)
  })

  it('connects the payment address on the app’s Bitcoin network, reconnects after a reload without asking, not after a disconnect', async () => {
    const first = newFace()
    await loadConnectors()
    expect(await connect(BITCOIN_TEST_WALLET_NAME, 'bip122')).to.equal(true)
    expect($account.get()).to.include({
      namespace: 'bip122',
      address: alice.payment.address,
      caipAddress: `${CAIP}:${alice.payment.address}`,
      preferredAccountType: 'payment',
      status: 'connected'
    })
    expect(first.asked.map(request => request.method)).to.deep.equal(['sats-connect wallet_connect'])
    expect(backend.balanceCalls).to.deep.equal([`${CAIP}:${alice.payment.address}`])
    expect(connectionsMostRecentFirst().map(c => [c.namespace, c.connectorId])).to.deep.equal([
      ['bip122', BITCOIN_TEST_WALLET_NAME]
    ])

    reload()
    const second = newFace(() => false)
    expect(await reconnect()).to.equal(true)
    expect($account.get().caipAddress).to.equal(`${CAIP}:${alice.payment.address}`)
    expect(second.asked).to.have.length(0)

    await disconnect()
    expect($connection.get().status).to.equal('disconnected')
    expect((await second.provider.request('wallet_getAccount', null)) as object).to.have.nested.property(
      'error.code',
      -32002
    )
    reload()
    newFace()
    expect(await reconnect()).to.equal(false)
  })

  it('a wallet that forgot the site (disconnected in the wallet) is not reconnected, and nothing is asked', async () => {
    newFace()
    await loadConnectors()
    expect(await connect(BITCOIN_TEST_WALLET_NAME, 'bip122')).to.equal(true)
    reload()
    const forgot = newFace(() => true)
    forgot.provider.disconnectSite()
    expect(await reconnect()).to.equal(false)
    expect(forgot.asked).to.have.length(0)
  })

  it('a refusal in the wallet’s panel is the kit’s user-rejected error: disconnected, “Connection declined”', async () => {
    newFace(() => false)
    await loadConnectors()
    expect(await connect(BITCOIN_TEST_WALLET_NAME, 'bip122')).to.equal(false)
    expect($connection.get().status).to.equal('disconnected')
    expect($connection.get().error?.message).to.equal('Connection declined')
  })

  it("the 'ordinal' account type connects the ordinals address (P2TR), after a reload too", async () => {
    tearDownConnection()
    setUp({ bip122: 'ordinal' })
    newFace()
    await loadConnectors()
    expect(await connect(BITCOIN_TEST_WALLET_NAME, 'bip122')).to.equal(true)
    expect($account.get()).to.include({ address: alice.ordinals.address, preferredAccountType: 'ordinal' })
    reload()
    newFace(() => false)
    expect(await reconnect()).to.equal(true)
    expect($account.get().address).to.equal(alice.ordinals.address)
  })

  it('signs a message with BIP-322 (base64, the payment key’s); an address not given is refused before the wallet is asked', async () => {
    const { asked } = newFace()
    await loadConnectors()
    await connect(BITCOIN_TEST_WALLET_NAME, 'bip122')
    const message = 'appkit-elements wants you to sign in'
    const signature = await activeConnector()!.signMessage!(message, alice.payment.address)
    const key = Uint8Array.from(alice.payment.privateKey.match(/../g)!, byte => parseInt(byte, 16))
    expect(signature).to.equal(signBip322P2wpkh(key, new TextEncoder().encode(message)))
    const before = asked.length
    expect(await caught(() => activeConnector()!.signMessage!(message, alice.ordinals.address))).to.be.instanceOf(Error)
    expect(asked).to.have.length(before)
  })

  it('the wallet’s own disconnect (its disconnect event) ends the kit’s connection', async () => {
    const { provider } = newFace()
    await loadConnectors()
    await connect(BITCOIN_TEST_WALLET_NAME, 'bip122')
    provider.disconnectSite()
    expect($connection.get().status).to.equal('disconnected')
  })

  it('accountChange moves the kit to the wallet’s new address; without addresses the kit asks wallet_getAccount', async () => {
    const bob = bitcoinTestAccounts[1]!.payment.address
    let given = [paymentAccount]
    const listeners: ((event: unknown) => void)[] = []
    scope.ScriptedWallet = {
      provider: {
        request: async (method: string) =>
          method === 'wallet_connect' || method === 'wallet_getAccount'
            ? ok({ id: 'x', addresses: given, walletType: 'software' })
            : fail(-32601),
        addListener: (info: { eventName: string; cb: (event: unknown) => void }) => {
          if (info.eventName === 'accountChange') listeners.push(info.cb)
          return () => undefined
        }
      }
    }
    announce({ id: 'ScriptedWallet.provider', name: 'Scripted Wallet' })
    await loadConnectors()
    expect(await connect('Scripted Wallet', 'bip122')).to.equal(true)
    expect($account.get().address).to.equal(alice.payment.address)
    await until(() => listeners.length > 0, 'the kit follows accountChange')
    for (const cb of listeners) cb({ type: 'accountChange', addresses: [{ ...paymentAccount, address: bob }] })
    await until(() => $account.get().address === bob, 'the new address')
    // An event without addresses: the kit asks the wallet, silently, what it gives the site now.
    given = [paymentAccount]
    for (const cb of listeners) cb({ type: 'accountChange' })
    await until(() => $account.get().address === alice.payment.address, 'the address the wallet answers')
    // Not a Bitcoin address: not taken.
    for (const cb of listeners) cb({ type: 'accountChange', addresses: [{ address: '<img>', purpose: 'payment' }] })
    expect($account.get().address).to.not.equal('<img>')
  })

  describe('sendTransaction and the attacker’s side (scripted providers)', () => {
    async function connectScripted(answer: (method: string, params: unknown) => unknown, methods?: string[]) {
      const wallet = scripted((method, params) => {
        if (method === 'wallet_connect') return ok({ id: 'x', addresses: [paymentAccount], walletType: 'software' })
        return answer(method, params)
      }, methods)
      const connector = bitcoinConnectorNamed('Scripted Wallet')
      await connector.connect({ network: localBitcoin })
      return { connector, calls: wallet.calls }
    }

    function bitcoinConnectorNamed(name: string) {
      const found = (scope.btc_providers as { id: string; name: string }[]).find(entry => entry.name === name)!
      const provider = (scope.ScriptedWallet as { provider: { request: () => Promise<unknown> } }).provider
      return createSatsConnectConnector(found, provider, bitcoinNetworkSlot())
    }

    it('signPsbt with the payment address’s inputs and broadcast; the txid, checked against the kit’s transaction', async () => {
      const { request, signed, txid } = payment()
      const { connector, calls } = await connectScripted(() => ok({ psbt: base64Of(signed), txid: txid.toUpperCase() }))
      expect(await connector.sendTransaction!(request)).to.equal(txid)
      expect(calls.at(-1)).to.deep.equal([
        'signPsbt',
        { psbt: base64Of(request.psbt), signInputs: { [alice.payment.address]: [0] }, broadcast: true }
      ])
    })

    it('a wallet that signed but did not post the transaction: an error, no txid', async () => {
      const { request, signed } = payment()
      const { connector } = await connectScripted(() => ok({ psbt: base64Of(signed) }))
      expect(String(await caught(() => connector.sendTransaction!(request)))).to.match(/did not broadcast/)
    })

    it('sendTransfer where the wallet lists it and not signPsbt, or answers signPsbt with “method not found”', async () => {
      const prefers = await connectScripted(() => ok({ txid: TXID }), ['wallet_connect', 'sendTransfer'])
      expect(await prefers.connector.sendTransaction!(transferRequest())).to.equal(TXID)
      expect(prefers.calls.at(-1)).to.deep.equal([
        'sendTransfer',
        { recipients: [{ address: bitcoinTestAccounts[1]!.payment.address, amount: 50_000 }] }
      ])
      delete scope.btc_providers
      const older = await connectScripted(method => (method === 'signPsbt' ? fail(-32601) : ok({ txid: TXID })))
      expect(await older.connector.sendTransaction!(transferRequest())).to.equal(TXID)
      expect(older.calls.map(([method]) => method)).to.deep.equal(['wallet_connect', 'signPsbt', 'sendTransfer'])
    })

    it('a refusal of the payment is the user-rejected error (4001); other wallet errors keep their code', async () => {
      const refused = await connectScripted(() => fail(-32000, 'User rejected the request.'))
      expect(providerErrorCode(await caught(() => refused.connector.sendTransaction!(transferRequest())))).to.equal(
        4001
      )
      delete scope.btc_providers
      const broken = await connectScripted(() => fail(-32603, 'internal'))
      expect(providerErrorCode(await caught(() => broken.connector.sendTransaction!(transferRequest())))).to.equal(
        -32603
      )
    })

    it('malformed answers are errors, never taken as a txid, a signature or an address', async () => {
      const { signed } = payment()
      const answers: Record<string, unknown> = {
        signPsbt: ok({ psbt: base64Of(signed), txid: '<script>' }),
        signMessage: ok({ signature: 42 })
      }
      const { connector } = await connectScripted(method => answers[method])
      expect(String(await caught(() => connector.sendTransaction!(transferRequest())))).to.match(/unreadably/)
      expect(String(await caught(() => connector.signMessage!('hi', alice.payment.address)))).to.match(/unreadably/)
      answers.signPsbt = 'not a JSON-RPC answer'
      expect(String(await caught(() => connector.sendTransaction!(transferRequest())))).to.match(/unreadably/)
      // Another transaction's id (another amount, or made up): refused, not passed on as the payment's.
      answers.signPsbt = ok({ psbt: base64Of(signed), txid: payment(60_000n).txid })
      expect(String(await caught(() => connector.sendTransaction!(transferRequest())))).to.match(/another transaction/)
      answers.signPsbt = ok({ psbt: base64Of(signed), txid: 'cd'.repeat(32) })
      expect(String(await caught(() => connector.sendTransaction!(transferRequest())))).to.match(/another transaction/)

      // A connect answer with no Bitcoin address of the purpose asked: nothing is connected.
      delete scope.btc_providers
      scripted(() => ok({ addresses: [{ address: 'javascript:alert(1)', purpose: 'payment' }] }))
      const bad = bitcoinConnectorNamed('Scripted Wallet')
      expect(await caught(() => bad.connect({ network: localBitcoin }))).to.have.property('code', 'ACCOUNT_NOT_FOUND')
      expect(await bad.getAccounts()).to.deep.equal([])
      // A reconnect answered unreadably restores nothing.
      expect(await bad.reconnect({ network: localBitcoin })).to.equal(undefined)
    })

    it('an older wallet without wallet_connect is asked getAccounts; a thrown request is an error, not a connection', async () => {
      const older = scripted(method =>
        method === 'getAccounts' ? ok([paymentAccount, { ...paymentAccount, purpose: 'ordinals' }]) : fail(-32601)
      )
      const connector = bitcoinConnectorNamed('Scripted Wallet')
      expect(await connector.connect({ network: localBitcoin })).to.deep.include({ address: alice.payment.address })
      expect(older.calls).to.deep.equal([
        ['wallet_connect', { addresses: ['payment'] }],
        ['getAccounts', { purposes: ['payment'] }]
      ])
      delete scope.btc_providers
      scripted(() => {
        throw Object.assign(new Error('extension context invalidated'), { code: 4001 })
      })
      const throwing = bitcoinConnectorNamed('Scripted Wallet')
      expect(providerErrorCode(await caught(() => throwing.connect({ network: localBitcoin })))).to.equal(4001)
      expect(await throwing.reconnect({ network: localBitcoin })).to.equal(undefined)
    })

    it('lists a name cut to 64 characters and no icon that is not a safe image', async () => {
      scope.LongWallet = { provider: { request: async () => fail(-32601) } }
      announce({ id: 'LongWallet.provider', name: 'W'.repeat(100), icon: 'javascript:alert(1)' })
      try {
        await loadConnectors()
        const [listed] = bitcoinConnectors()
        expect(listed?.name).to.equal('W'.repeat(64))
        expect(listed?.imageUrl).to.equal(undefined)
      } finally {
        delete scope.LongWallet
      }
    })

    it('sends nothing for an address the wallet did not give, and nothing before a connection', async () => {
      const wallet = scripted(() => ok({ txid: TXID }))
      const connector = bitcoinConnectorNamed('Scripted Wallet')
      expect(await caught(() => connector.sendTransaction!(transferRequest()))).to.have.property(
        'code',
        'CONNECTOR_NOT_CONNECTED'
      )
      expect(wallet.calls).to.deep.equal([])
    })
  })
})
