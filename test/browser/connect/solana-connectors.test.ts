import { expect } from '@open-wc/testing'
import { solanaAdapter } from '../../../src/adapters/solana/index.js'
import { resetSolanaConnectors } from '../../../src/adapters/solana/connectors.js'
import { resetWalletStandardDiscovery } from '../../../src/adapters/solana/wallet-standard.js'
import { evmAdapter } from '../../../src/adapters/evm/index.js'
import { solanaLocal } from '../../../src/networks/definitions.js'
import { connectionsMostRecentFirst } from '../../../src/storage/connections.js'
import { $account } from '../../../src/stores/account.js'
import { $connection, connect, disconnect, resetConnection } from '../../../src/stores/connect/connection.js'
import { $connectors, loadConnectors, resetConnectors } from '../../../src/stores/connect/connectors.js'
import { $network } from '../../../src/stores/network.js'
import { chooseNetwork } from '../../../src/stores/networks/network-switch.js'
import { reconnect } from '../../../src/stores/connect/reconnect.js'
import { $router } from '../../../src/stores/router.js'
import { FAKE_ADDRESS, FakeEip1193Provider, announceWallet } from '../../fixtures/eip1193-provider.js'
import {
  FakeStandardWallet,
  SOLANA_ADDRESS,
  SOLANA_ADDRESS_2,
  registerStandardWallet
} from '../../fixtures/standard-wallet.js'
import { TEST_NETWORKS, setUpConnection, tearDownConnection, track, until, type FakeAccountClient } from './support.js'

const SOLANA_LOCAL_CAIP = solanaLocal.caipNetworkId

describe('Solana wallets (Wallet Standard) and one connection per namespace', () => {
  let backend: FakeAccountClient
  const unregister: (() => void)[] = []

  beforeEach(() => {
    resetWalletStandardDiscovery()
    resetSolanaConnectors()
    backend = setUpConnection({
      adapters: [evmAdapter(), solanaAdapter()],
      networks: [...TEST_NETWORKS, solanaLocal]
    })
    backend.nativeBalanceAnswer = { balance: '100', symbol: 'SOL' }
  })
  afterEach(() => {
    for (const stop of unregister.splice(0)) stop()
    resetWalletStandardDiscovery()
    tearDownConnection()
  })

  function install(wallet: object): void {
    unregister.push(registerStandardWallet(wallet))
  }

  it('lists a wallet that registered before the app and one that registers after it', async () => {
    const early = new FakeStandardWallet('Early Wallet')
    install(early)
    await loadConnectors()
    expect($connectors.get().connectors.map(c => [c.id, c.namespace, c.type])).to.deep.equal([
      ['Early Wallet', 'solana', 'announced']
    ])
    install(new FakeStandardWallet('Late Wallet'))
    await until(() => $connectors.get().connectors.length === 2, 'the late wallet')
    expect($connectors.get().connectors.map(c => c.id)).to.have.members(['Early Wallet', 'Late Wallet'])
    expect($connectors.get().connectors[0]?.imageUrl).to.match(/^data:image\/svg\+xml/)
  })

  it('ignores registrations that do not follow the standard, and wallets without a Solana chain', async () => {
    const warn = console.warn
    const warnings: unknown[] = []
    console.warn = (...args: unknown[]) => warnings.push(args[0])
    try {
      install({ name: 'No version', icon: '', chains: ['solana:x'], accounts: [], features: {} })
      install({ version: '1.0.0', name: '   ', icon: '', chains: [], accounts: [], features: {} })
      install(new FakeStandardWallet('EVM only', { chains: ['eip155:1'] }))
      await loadConnectors()
    } finally {
      console.warn = warn
    }
    expect($connectors.get().connectors).to.deep.equal([])
    expect(warnings.filter(w => String(w).includes('does not follow the standard'))).to.have.length(2)
  })

  it('connects on the active Solana network, reads the SOL balance, stores the connection', async () => {
    const wallet = new FakeStandardWallet()
    install(wallet)
    await loadConnectors()
    expect(await connect('Fake Solana Wallet')).to.equal(true)
    expect(wallet.connectCalls).to.deep.equal([{ silent: false }])
    expect($account.get()).to.include({
      namespace: 'solana',
      address: SOLANA_ADDRESS,
      caipAddress: `${SOLANA_LOCAL_CAIP}:${SOLANA_ADDRESS}`,
      status: 'connected'
    })
    expect($network.get().activeNetwork?.caipNetworkId).to.equal(SOLANA_LOCAL_CAIP)
    await until(() => $account.get().balance === '100', 'the balance')
    expect(backend.balanceCalls).to.deep.equal([`${SOLANA_LOCAL_CAIP}:${SOLANA_ADDRESS}`])
    expect(connectionsMostRecentFirst().map(c => [c.namespace, c.connectorId])).to.deep.equal([
      ['solana', 'Fake Solana Wallet']
    ])
    // No identity lookup (names and avatars are EVM's).
    expect(backend.identityCalls).to.deep.equal([])
  })

  it('sends through solana:signAndSendTransaction: the wallet’s own account, the chain, the bytes; the signature as 0x hex', async () => {
    const wallet = new FakeStandardWallet()
    install(wallet)
    await loadConnectors()
    const connector = $connectors.get().connectors.find(entry => entry.namespace === 'solana')
    expect(connector).to.not.equal(undefined)
    await connect(connector!.id, 'solana')
    const { activeConnector } = await import('../../../src/stores/connect/connection.js')
    const live = activeConnector()!
    const transaction = Uint8Array.of(1, 2, 3)
    const answer = await live.sendTransaction!({
      namespace: 'solana',
      from: SOLANA_ADDRESS,
      chain: SOLANA_LOCAL_CAIP,
      transaction
    })
    expect(answer).to.equal(`0x${'07'.repeat(64)}`)
    expect(wallet.sendInputs).to.have.length(1)
    const [input] = wallet.sendInputs
    expect(input!.account).to.equal(wallet.accounts[0])
    expect(input!.chain).to.equal(SOLANA_LOCAL_CAIP)
    expect([...input!.transaction]).to.deep.equal([1, 2, 3])
    expect(input!.options).to.deep.equal({ commitment: 'confirmed' })
    // A wallet that answers something else is an error, never a half-sent state.
    wallet.sendAnswer = () => [{ signature: new Uint8Array(10) }]
    let thrown: unknown
    try {
      await live.sendTransaction!({ namespace: 'solana', from: SOLANA_ADDRESS, chain: SOLANA_LOCAL_CAIP, transaction })
    } catch (error) {
      thrown = error
    }
    expect(thrown).to.be.instanceOf(Error)
    // An EVM request is not for this connector.
    let wrong: unknown
    try {
      await live.sendTransaction!({ namespace: 'eip155', from: FAKE_ADDRESS, to: FAKE_ADDRESS, value: 1n, data: '0x' })
    } catch (error) {
      wrong = error
    }
    expect(wrong).to.be.instanceOf(Error)
  })

  it('a rejection in the wallet leaves the kit disconnected with the visitor’s message', async () => {
    const wallet = new FakeStandardWallet()
    wallet.reject = true
    install(wallet)
    await loadConnectors()
    expect(await connect('Fake Solana Wallet')).to.equal(false)
    expect($connection.get().status).to.equal('disconnected')
    expect($connection.get().error?.message).to.equal('Connection declined')
  })

  it('keeps an EVM and a Solana wallet connected together; the active network decides the shown one', async () => {
    track(announceWallet(new FakeEip1193Provider({ chainId: 31337 }), { rdns: 'com.example.fake', name: 'Fake EVM' }))
    install(new FakeStandardWallet())
    await loadConnectors()
    expect(await connect('com.example.fake')).to.equal(true)
    expect(await connect('Fake Solana Wallet')).to.equal(true)
    const { connections, activeNamespace } = $connection.get()
    expect(activeNamespace).to.equal('solana')
    expect(connections.eip155?.address).to.equal(FAKE_ADDRESS)
    expect(connections.solana?.address).to.equal(SOLANA_ADDRESS)

    await chooseNetwork('eip155:31337')
    expect($connection.get().activeNamespace).to.equal('eip155')
    expect($account.get().address).to.equal(FAKE_ADDRESS)
    expect($router.get().view).to.not.equal('SwitchActiveChain')

    await chooseNetwork(SOLANA_LOCAL_CAIP)
    expect($account.get().address).to.equal(SOLANA_ADDRESS)

    // Disconnecting one namespace keeps the other, which becomes the shown one.
    expect(await disconnect('solana')).to.equal(true)
    expect($connection.get().connections.solana).to.equal(undefined)
    expect($connection.get()).to.include({ status: 'connected', activeNamespace: 'eip155' })
    expect($account.get().address).to.equal(FAKE_ADDRESS)
    expect(connectionsMostRecentFirst().map(c => c.namespace)).to.deep.equal(['eip155'])
  })

  it('a second Solana wallet replaces the first: one account per namespace', async () => {
    const first = new FakeStandardWallet('First')
    const second = new FakeStandardWallet('Second', { addresses: [SOLANA_ADDRESS_2] })
    install(first)
    install(second)
    await loadConnectors()
    await connect('First')
    await connect('Second')
    expect(first.disconnects).to.equal(1)
    expect($connection.get().connections.solana?.connectorId).to.equal('Second')
    expect($account.get().address).to.equal(SOLANA_ADDRESS_2)
    expect(connectionsMostRecentFirst().map(c => c.connectorId)).to.deep.equal(['Second'])
  })

  it('follows the wallet’s account changes, and ends when the wallet drops every account', async () => {
    const wallet = new FakeStandardWallet('Fake', { addresses: [SOLANA_ADDRESS, SOLANA_ADDRESS_2] })
    install(wallet)
    await loadConnectors()
    await connect('Fake')
    wallet.changeAccounts([SOLANA_ADDRESS_2])
    expect($account.get().address).to.equal(SOLANA_ADDRESS_2)
    wallet.changeAccounts([])
    expect($connection.get().status).to.equal('disconnected')
    expect(wallet.listenerCount()).to.equal(0)
  })

  it('reconnects both namespaces on load without asking (silent connect), the most recent shown', async () => {
    track(announceWallet(new FakeEip1193Provider({ chainId: 31337 }), { rdns: 'com.example.fake', name: 'Fake EVM' }))
    const wallet = new FakeStandardWallet()
    install(wallet)
    await loadConnectors()
    await connect('com.example.fake')
    await connect('Fake Solana Wallet')
    // A reload: the stores start empty, the wallets keep their approvals.
    resetConnection()
    resetConnectors()
    wallet.connectCalls = []
    expect(await reconnect()).to.equal(true)
    expect(wallet.connectCalls).to.deep.equal([{ silent: true }])
    const { connections, activeNamespace } = $connection.get()
    expect(connections.eip155?.address).to.equal(FAKE_ADDRESS)
    expect(connections.solana?.address).to.equal(SOLANA_ADDRESS)
    expect(activeNamespace).to.equal('solana')
  })

  it('forgets a Solana wallet that no longer answers a silent connect', async () => {
    const wallet = new FakeStandardWallet()
    install(wallet)
    await loadConnectors()
    await connect('Fake Solana Wallet')
    resetConnection()
    resetConnectors()
    wallet.approved = false
    expect(await reconnect()).to.equal(false)
    expect($connection.get().status).to.equal('disconnected')
    expect(connectionsMostRecentFirst()).to.deep.equal([])
  })
})
