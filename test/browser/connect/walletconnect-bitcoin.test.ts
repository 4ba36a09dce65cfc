// WalletConnect's bip122 namespace in the kit's stores (issue 34), over the fake controller (the real
// SDK over the local relay is test/walletconnect/bitcoin.test.ts's): the approval opens the Bitcoin
// connection with the address of the preferred account type (payment, or ordinals on 'ordinal'),
// a reload reconnects it without asking the wallet, and the connector signs and sends through the
// session (signPsbt with broadcast, BIP-322 signMessage; the wallet's hex signature as base64).
import { expect } from '@open-wc/testing'
import sinon from 'sinon'
import { bitcoinTestAccounts, REGTEST_CAIP_NETWORK_ID } from '../../../local/bitcoin/accounts.js'
import { ACCOUNT_ADDRESSES_WAIT_MS } from '../../../src/connectors/walletconnect/bip122-methods.js'
import { createWalletConnectConnector } from '../../../src/connectors/walletconnect/connector.js'
import { localChainA } from '../../../src/networks/definitions.js'
import { localBitcoin } from '../../../src/networks/local-bitcoin.js'
import { saveConnection } from '../../../src/storage/connections.js'
import { $account } from '../../../src/stores/account.js'
import { $connection } from '../../../src/stores/connect/connection.js'
import { getConnector } from '../../../src/stores/connect/connectors.js'
import { reconnect } from '../../../src/stores/connect/reconnect.js'
import { $walletConnect, startWalletConnect } from '../../../src/stores/connect/walletconnect.js'
import { useWalletConnectController } from '../../../src/stores/connect/walletconnect-session.js'
import { FakeWalletConnectController } from '../../fixtures/fake-walletconnect-controller.js'
import { setUpConnection, tearDownConnection, until } from './support.js'

const EVM = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const { payment, ordinals } = bitcoinTestAccounts[1]!
const approved = {
  eip155: { chainId: '31337', addresses: [EVM] },
  bip122: { chainId: localBitcoin.id, addresses: [payment.address, ordinals.address] }
}
const BIP122_METHODS = ['signMessage', 'sendTransfer', 'signPsbt', 'getAccountAddresses']
const intentions = JSON.stringify([
  { address: payment.address, intention: 'payment' },
  { address: ordinals.address, intention: 'ordinal' }
])

/** One real task (a message to itself), which fake timers do not hold back. */
const realTask = () =>
  new Promise<void>(resolve => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve()
    channel.port2.postMessage(0)
  })

describe('WalletConnect’s bip122 namespace in the stores', () => {
  let controller: FakeWalletConnectController

  function setUp(defaultAccountTypes?: { bip122: 'payment' | 'ordinal' }) {
    const backend = setUpConnection({
      enableWalletConnect: true,
      networks: [localChainA, localBitcoin],
      defaultNetwork: localBitcoin,
      ...(defaultAccountTypes ? { defaultAccountTypes } : {})
    })
    // The balance is the backend's (the kit reads the node only when the backend cannot answer).
    backend.nativeBalanceAnswer = { balance: '0.5', symbol: 'BTC' }
    controller = new FakeWalletConnectController()
    controller.approvedMethods = BIP122_METHODS
    useWalletConnectController(controller)
  }

  async function approve(properties: Record<string, string> = {}) {
    controller.sessionProperties = properties
    const done = startWalletConnect()
    await until(() => $walletConnect.get().status === 'ready', 'the pairing')
    controller.approve(approved)
    await done
  }

  afterEach(() => tearDownConnection())

  it('the approval opens the Bitcoin connection with the payment address, asking getAccountAddresses', async () => {
    setUp()
    controller.answer = () => JSON.parse(intentions)
    await approve()
    expect($connection.get().connections.bip122).to.include({ connectorId: 'walletConnect', address: payment.address })
    expect($account.get().caipAddress).to.equal(`${REGTEST_CAIP_NETWORK_ID}:${payment.address}`)
    expect($account.get().preferredAccountType).to.equal('payment')
    expect(controller.requests).to.deep.equal([
      {
        caipNetworkId: REGTEST_CAIP_NETWORK_ID,
        method: 'getAccountAddresses',
        params: { account: payment.address, intentions: ['payment'] }
      }
    ])
  })

  it('an app preferring "ordinal" gets the ordinals address, read from the session’s properties (nothing asked)', async () => {
    setUp({ bip122: 'ordinal' })
    await approve({ bip122_getAccountAddresses: intentions })
    expect($connection.get().connections.bip122).to.include({ address: ordinals.address })
    expect($account.get().preferredAccountType).to.equal('ordinal')
    expect(controller.requests).to.deep.equal([])
  })

  it('a reload reconnects the stored Bitcoin connection from the session, without a proposal or a request', async () => {
    setUp()
    saveConnection('bip122', {
      connectorId: 'walletConnect',
      caipAddresses: [`${REGTEST_CAIP_NETWORK_ID}:${payment.address}`]
    })
    controller.restorable = approved
    expect(await reconnect()).to.equal(true)
    expect($connection.get().connections.bip122).to.include({ connectorId: 'walletConnect', address: payment.address })
    expect(controller.proposals).to.deep.equal([])
    expect(controller.requests).to.deep.equal([])
  })

  it('signs and sends through the session: signPsbt (base64 PSBT, broadcast) and BIP-322 signMessage (hex in, base64 out)', async () => {
    setUp()
    await approve({ bip122_getAccountAddresses: intentions })
    const connector = getConnector('walletConnect', 'bip122')!
    const txid = 'AB'.repeat(32)
    controller.answer = method =>
      method === 'signPsbt' ? { psbt: 'cHNidP8=', txid } : { address: payment.address, signature: '0201ff' }
    const sent = await connector.sendTransaction!({
      namespace: 'bip122',
      from: payment.address,
      to: ordinals.address,
      amount: 1000n,
      feeRate: 1,
      fee: 141n,
      psbt: Uint8Array.of(0x70, 0x73, 0x62, 0x74, 0xff),
      signInputs: [0, 2],
      chain: REGTEST_CAIP_NETWORK_ID,
      esploraUrl: localBitcoin.rpcUrls.default.http[0]
    })
    expect(sent).to.equal(txid.toLowerCase())
    expect(controller.requests.at(-1)).to.deep.equal({
      caipNetworkId: REGTEST_CAIP_NETWORK_ID,
      method: 'signPsbt',
      params: {
        account: payment.address,
        psbt: 'cHNidP8=',
        signInputs: [
          { address: payment.address, index: 0, sighashTypes: [1] },
          { address: payment.address, index: 2, sighashTypes: [1] }
        ],
        broadcast: true
      }
    })
    expect(await connector.signMessage!('Hi', payment.address)).to.equal(btoa('\x02\x01\xff'))
    expect(controller.requests.at(-1)?.params).to.deep.equal({
      account: payment.address,
      address: payment.address,
      message: 'Hi',
      protocol: 'bip322'
    })
  })

  it('a wallet that never answers getAccountAddresses holds the connection up 10 s at most: then the address type decides', async () => {
    const controller = new FakeWalletConnectController()
    controller.approvedMethods = BIP122_METHODS
    controller.restorable = approved
    await controller.restore()
    controller.answer = () => new Promise(() => undefined)
    const connector = createWalletConnectConnector(controller, 'bip122', [localChainA, localBitcoin])
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      let address: string | undefined
      void connector
        .connect({ network: localBitcoin, accountType: 'ordinal' })
        .then(result => (address = result.address))
      // The methods' chunk loads in real tasks (the clock fakes only timers): wait for the request.
      for (let task = 0; task < 100 && controller.requests.length === 0; task++) await realTask()
      await clock.tickAsync(ACCOUNT_ADDRESSES_WAIT_MS - 1)
      expect(controller.requests.map(request => request.method)).to.deep.equal(['getAccountAddresses'])
      expect(address).to.equal(undefined)
      await clock.tickAsync(1)
      expect(address).to.equal(ordinals.address)
      expect(ACCOUNT_ADDRESSES_WAIT_MS).to.equal(10_000)
    } finally {
      clock.restore()
    }
  })
})
