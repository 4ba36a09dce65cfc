/**
 * Bitcoin wallets through the Wallet Standard's `bitcoin:` features (issue 34, first slice), with the
 * real AppKit Bitcoin Test Wallet (local/wallets/bitcoin-test-wallet) approving by itself: listed
 * beside the other namespaces' wallets, connected with the payment address (the spec's default
 * account type for bip122) on the app's Bitcoin network, the balance and Tokens asked of the backend,
 * reconnected after a "reload" without a prompt, one connection per namespace.
 */
import { expect } from '@open-wc/testing'
import { bitcoinAdapter, localBitcoin } from '../../../src/adapters/bitcoin/index.js'
import { resetBitcoinConnectors } from '../../../src/adapters/bitcoin/connectors.js'
import { resetWalletStandardDiscovery } from '../../../src/adapters/solana/wallet-standard.js'
import { evmAdapter } from '../../../src/adapters/evm/index.js'
import { connectionsMostRecentFirst } from '../../../src/storage/connections.js'
import { $account } from '../../../src/stores/account.js'
import { $connection, connect, disconnect, resetConnection } from '../../../src/stores/connect/connection.js'
import { $connectors, loadConnectors, resetConnectors } from '../../../src/stores/connect/connectors.js'
import { reconnect } from '../../../src/stores/connect/reconnect.js'
import { refreshTokenBalances, $tokenBalances } from '../../../src/stores/account/token-balances.js'
import { $network } from '../../../src/stores/network.js'
import { bitcoinTestAccounts } from '../../../local/bitcoin/accounts.js'
import { BitcoinTestWallet, BITCOIN_TEST_WALLET_NAME } from '../../../local/wallets/bitcoin-test-wallet/wallet.js'
import { signBip322P2wpkh } from '../../../local/wallets/bitcoin-test-wallet/bip322.js'
import { activateNamespace, activeConnector } from '../../../src/stores/connect/connection.js'
import { FakeEip1193Provider, FAKE_ADDRESS, announceWallet } from '../../fixtures/eip1193-provider.js'
import { registerStandardWallet } from '../../fixtures/standard-wallet.js'
import { accountOfNamespace } from '../../../react/hooks/account-of-namespace.js'
import { TEST_NETWORKS, setUpConnection, tearDownConnection, track, until, type FakeAccountClient } from './support.js'

const alice = bitcoinTestAccounts[0]!
const CAIP = localBitcoin.caipNetworkId
const STORAGE_KEY = 'bitcoin-connectors-test-wallet'

function newWallet(): BitcoinTestWallet {
  return new BitcoinTestWallet({
    account: alice,
    label: 'Alice (test account)',
    chains: ['bitcoin:regtest', CAIP],
    autoApprove: true,
    storageKey: STORAGE_KEY
  })
}

describe('Bitcoin wallets (Wallet Standard, bitcoin:connect)', () => {
  let backend: FakeAccountClient
  const unregister: (() => void)[] = []

  beforeEach(() => {
    resetWalletStandardDiscovery()
    resetBitcoinConnectors()
    backend = setUpConnection({
      adapters: [evmAdapter(), bitcoinAdapter()],
      networks: [...TEST_NETWORKS, localBitcoin]
    })
    backend.nativeBalanceAnswer = { balance: '10.4567', symbol: 'BTC' }
  })
  afterEach(() => {
    for (const stop of unregister.splice(0)) stop()
    resetWalletStandardDiscovery()
    tearDownConnection()
  })

  function install(wallet: object): void {
    unregister.push(registerStandardWallet(wallet))
  }

  it('lists the wallet beside an EVM one; a Wallet Standard wallet without bitcoin:connect is not a Bitcoin wallet', async () => {
    install(newWallet())
    install({ version: '1.0.0', name: 'No connect', icon: '', chains: ['bitcoin:mainnet'], accounts: [], features: {} })
    track(announceWallet(new FakeEip1193Provider()))
    await loadConnectors()
    await until(() => $connectors.get().connectors.length === 2, 'both wallets')
    const bitcoin = $connectors.get().connectors.find(entry => entry.namespace === 'bip122')
    expect(bitcoin).to.include({ id: BITCOIN_TEST_WALLET_NAME, name: BITCOIN_TEST_WALLET_NAME, type: 'announced' })
    expect(bitcoin?.imageUrl).to.match(/^data:image\/svg\+xml/)
  })

  it('connects the payment address on the app’s Bitcoin network; the balance and Tokens come from the backend', async () => {
    install(newWallet())
    await loadConnectors()
    expect(await connect(BITCOIN_TEST_WALLET_NAME, 'bip122')).to.equal(true)
    expect($account.get()).to.include({
      namespace: 'bip122',
      address: alice.payment.address,
      caipAddress: `${CAIP}:${alice.payment.address}`,
      preferredAccountType: 'payment',
      status: 'connected'
    })
    expect($network.get().activeNetwork?.caipNetworkId).to.equal(CAIP)
    await until(() => $account.get().balance === '10.4567', 'the balance')
    expect(backend.balanceCalls).to.deep.equal([`${CAIP}:${alice.payment.address}`])
    backend.tokenBalancesAnswer = [
      {
        name: 'Bitcoin',
        symbol: 'BTC',
        chainId: CAIP,
        price: 60000,
        value: 627402,
        quantity: { decimals: '8', numeric: '10.4567' },
        iconUrl: ''
      }
    ]
    await refreshTokenBalances({ force: true })
    expect($tokenBalances.get().status).to.equal('ready')
    expect($tokenBalances.get().balances.map(entry => entry.symbol)).to.deep.equal(['BTC'])
    expect(backend.tokenBalanceCalls).to.include(`${CAIP}:${alice.payment.address} force`)
    expect(connectionsMostRecentFirst().map(c => [c.namespace, c.connectorId])).to.deep.equal([
      ['bip122', BITCOIN_TEST_WALLET_NAME]
    ])
    // No identity lookup (names and avatars are EVM's).
    expect(backend.identityCalls).to.deep.equal([])
  })

  it('reconnects after a reload from the accounts the wallet still exposes, without asking; not after a disconnect', async () => {
    install(newWallet())
    await loadConnectors()
    await connect(BITCOIN_TEST_WALLET_NAME, 'bip122')
    // A reload: fresh stores and a new wallet object that reads what it remembered for this origin.
    for (const stop of unregister.splice(0)) stop()
    resetConnection()
    resetConnectors()
    resetWalletStandardDiscovery()
    resetBitcoinConnectors()
    const reloaded = newWallet()
    let asked = 0
    reloaded.approvals.autoApprove = () => {
      asked++
      return false
    }
    install(reloaded)
    expect(await reconnect()).to.equal(true)
    expect($account.get().caipAddress).to.equal(`${CAIP}:${alice.payment.address}`)
    expect(asked).to.equal(0)
    await disconnect()
    expect(reloaded.accounts).to.have.length(0)
    expect($connection.get().status).to.equal('disconnected')
    // After the disconnect, a fresh page has nothing to restore.
    for (const stop of unregister.splice(0)) stop()
    resetConnection()
    resetConnectors()
    resetWalletStandardDiscovery()
    resetBitcoinConnectors()
    install(newWallet())
    expect(await reconnect()).to.equal(false)
  })

  it('a rejection in the wallet’s panel leaves the kit disconnected with the visitor’s message', async () => {
    const wallet = newWallet()
    wallet.approvals.autoApprove = false
    install(wallet)
    await loadConnectors()
    expect(await connect(BITCOIN_TEST_WALLET_NAME, 'bip122')).to.equal(false)
    expect($connection.get().status).to.equal('disconnected')
    expect($connection.get().error?.message).to.equal('Connection declined')
    expect(wallet.accounts).to.have.length(0)
  })

  it('signs a message through bitcoin:signMessage: the BIP-322 simple signature of the payment key, in base64', async () => {
    install(newWallet())
    await loadConnectors()
    await connect(BITCOIN_TEST_WALLET_NAME, 'bip122')
    const message = 'appkit-elements wants you to sign in'
    const signature = await activeConnector()!.signMessage!(message, alice.payment.address)
    const key = Uint8Array.from(alice.payment.privateKey.match(/../g)!, byte => parseInt(byte, 16))
    expect(signature).to.equal(signBip322P2wpkh(key, new TextEncoder().encode(message)))
    // An address the wallet did not give this site is refused before the wallet is asked.
    let refused: unknown
    try {
      await activeConnector()!.signMessage!(message, alice.ordinals.address)
    } catch (error) {
      refused = error
    }
    expect(refused).to.be.instanceOf(Error)
  })

  it('one connection per namespace: the EVM wallet beside it, each kept, each shown with its own name', async () => {
    backend.identityAnswer = { name: 'alice.appkit.id', avatar: null }
    install(newWallet())
    track(announceWallet(new FakeEip1193Provider()))
    await loadConnectors()
    await until(() => $connectors.get().connectors.length === 2, 'both wallets')
    await connect(BITCOIN_TEST_WALLET_NAME, 'bip122')
    const evm = $connectors.get().connectors.find(entry => entry.namespace === 'eip155')!
    await connect(evm.id, 'eip155')
    expect($account.get().address?.toLowerCase()).to.equal(FAKE_ADDRESS.toLowerCase())
    expect(connectionsMostRecentFirst().map(c => c.namespace)).to.have.members(['bip122', 'eip155'])
    // React's useAppKitAccount({ namespace: 'bip122' }) reads the Bitcoin connection while EVM is shown.
    expect(accountOfNamespace($account.get(), $connection.get(), 'bip122')).to.include({
      address: alice.payment.address,
      caipAddress: `${CAIP}:${alice.payment.address}`,
      isConnected: true,
      status: 'connected'
    })
    // The EVM account's name does not follow the visitor to the Bitcoin account (seen on the demo:
    // alice.appkit.id beside the bcrt1 address), and comes back with the EVM account.
    await until(() => $account.get().profileName === 'alice.appkit.id', 'the EVM name')
    expect(activateNamespace('bip122')).to.equal(true)
    expect($account.get()).to.include({ address: alice.payment.address, profileName: undefined })
    activateNamespace('eip155')
    await until(() => $account.get().profileName === 'alice.appkit.id', 'the EVM name again')
  })

  it("an app that prefers the 'ordinal' account type gets the ordinals address (P2TR), after a reload too", async () => {
    backend = setUpConnection({
      adapters: [evmAdapter(), bitcoinAdapter()],
      networks: [...TEST_NETWORKS, localBitcoin],
      defaultAccountTypes: { bip122: 'ordinal' }
    })
    backend.nativeBalanceAnswer = { balance: '0.01', symbol: 'BTC' }
    install(newWallet())
    await loadConnectors()
    expect(await connect(BITCOIN_TEST_WALLET_NAME, 'bip122')).to.equal(true)
    expect($account.get()).to.include({
      address: alice.ordinals.address,
      caipAddress: `${CAIP}:${alice.ordinals.address}`,
      preferredAccountType: 'ordinal'
    })
    for (const stop of unregister.splice(0)) stop()
    resetConnection()
    resetConnectors()
    resetWalletStandardDiscovery()
    resetBitcoinConnectors()
    install(newWallet())
    expect(await reconnect()).to.equal(true)
    expect($account.get().address).to.equal(alice.ordinals.address)
    localStorage.removeItem(STORAGE_KEY)
  })

  it('the wallet gives the ordinals address (P2TR) when asked for it, in the order asked', async () => {
    const wallet = newWallet()
    const connectFeature = wallet.features['bitcoin:connect']
    const { accounts } = await connectFeature.connect({ purposes: ['ordinals', 'payment'] })
    expect(accounts.map(account => account.address)).to.deep.equal([alice.ordinals.address, alice.payment.address])
    expect(accounts[0]!.address).to.match(/^bcrt1p/)
    expect(accounts[1]!.address).to.match(/^bcrt1q/)
    localStorage.removeItem(STORAGE_KEY)
  })
})
