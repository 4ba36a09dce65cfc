import { expect } from '@open-wc/testing'
import { storedConnections, storedWalletId, storedWalletName } from '../../../src/storage/keys.js'
import { saveConnection } from '../../../src/storage/connections.js'
import { $account } from '../../../src/stores/account.js'
import {
  $connection,
  chooseWallet,
  connect,
  disconnect,
  selectConnector
} from '../../../src/stores/connect/connection.js'
import { $connectors, loadConnectors } from '../../../src/stores/connect/connectors.js'
import { $modal, openModal } from '../../../src/stores/modal.js'
import { $network, selectNetwork } from '../../../src/stores/network.js'
import { reconnect } from '../../../src/stores/connect/reconnect.js'
import { startConnection } from '../../../src/stores/connect/start-connection.js'
import { $router } from '../../../src/stores/router.js'
import { $toast } from '../../../src/stores/toast.js'
import {
  FAKE_ADDRESS,
  FAKE_ADDRESS_2,
  FakeEip1193Provider,
  ProviderError,
  announceWallet
} from '../../fixtures/eip1193-provider.js'
import { setUpConnection, tearDownConnection, track, until, type FakeAccountClient } from './support.js'

describe('the connection store', () => {
  let backend: FakeAccountClient

  beforeEach(() => {
    backend = setUpConnection()
  })
  afterEach(tearDownConnection)

  async function walletReady(
    options: ConstructorParameters<typeof FakeEip1193Provider>[0] = {},
    rdns = 'com.example.fake'
  ) {
    const provider = new FakeEip1193Provider(options)
    track(announceWallet(provider, { rdns, name: `Wallet ${rdns}` }))
    await loadConnectors()
    return provider
  }

  it('connects: the account (CAIP-10), the wallet, the network, storage', async () => {
    const provider = await walletReady()
    expect(await connect('com.example.fake')).to.equal(true)
    expect(provider.methods().slice(0, 2)).to.deep.equal(['eth_requestAccounts', 'eth_chainId'])
    const account = $account.get()
    expect(account.status).to.equal('connected')
    expect(account.namespace).to.equal('eip155')
    expect(account.address).to.equal(FAKE_ADDRESS)
    expect(account.caipAddress).to.equal(`eip155:1:${FAKE_ADDRESS}`)
    expect(account.connectedWalletInfo?.name).to.equal('Wallet com.example.fake')
    expect(account.allAccounts).to.deep.equal([{ namespace: 'eip155', address: FAKE_ADDRESS, type: 'eoa' }])
    expect(account.preferredAccountTypes).to.deep.equal({
      eip155: 'smartAccount',
      solana: 'eoa',
      bip122: 'payment',
      polkadot: 'eoa'
    })
    expect(account.preferredAccountType).to.equal('eoa')
    expect($connection.get()).to.include({
      status: 'connected',
      activeConnectorId: 'com.example.fake',
      activeNamespace: 'eip155'
    })
    expect(storedConnections.get()?.eip155?.[0]).to.include({ connectorId: 'com.example.fake' })
    expect(storedConnections.get()?.eip155?.[0]?.caipAddresses).to.deep.equal([`eip155:1:${FAKE_ADDRESS}`])
    expect(storedWalletId('eip155').get()).to.equal('com.example.fake')
    expect(storedWalletName('eip155').get()).to.equal('Wallet com.example.fake')
    expect(localStorage.getItem('@appkit-wallet/connections')).to.not.equal(null)
  })

  it('fills the native balance from the backend, then keeps it 30 s in the cache', async () => {
    backend.nativeBalanceAnswer = { balance: '10000.123456', symbol: 'ETH' }
    const provider = await walletReady()
    await connect('com.example.fake')
    await until(() => $account.get().balance !== undefined, 'the balance')
    expect($account.get()).to.include({ balance: '10000.123456', balanceSymbol: 'ETH' })
    expect(backend.balanceCalls).to.deep.equal([`eip155:1:${FAKE_ADDRESS}`])
    expect(provider.methods()).to.not.include('eth_getBalance')
    expect(localStorage.getItem(`@appkit-wallet/native_balance_cache/eip155:1:${FAKE_ADDRESS}`)).to.contain(
      '10000.123456'
    )
    // Reconnecting within 30 s reads the cache: no second call.
    await disconnect()
    localStorage.setItem(
      `@appkit-wallet/native_balance_cache/eip155:1:${FAKE_ADDRESS}`,
      JSON.stringify({ value: { balance: '7', symbol: 'ETH' }, timestamp: Date.now() })
    )
    await connect('com.example.fake')
    expect($account.get().balance).to.equal('7')
    expect(backend.balanceCalls).to.have.length(1)
  })

  it('reads the balance from the wallet (eth_getBalance) when the backend fails', async () => {
    backend.nativeBalanceAnswer = new Error('HTTP status code: 500')
    const provider = await walletReady({ balance: 2_500_000_000_000_000_000n })
    await connect('com.example.fake')
    await until(() => $account.get().balance !== undefined, 'the balance')
    expect($account.get()).to.include({ balance: '2.5', balanceSymbol: 'ETH' })
    expect(provider.requests.find(r => r.method === 'eth_getBalance')?.params).to.deep.equal([FAKE_ADDRESS, 'latest'])
  })

  it("shows 'Token Balance Unavailable' when no source answers, and blocks retries for 30 s", async () => {
    backend.nativeBalanceAnswer = new Error('down')
    const provider = await walletReady()
    provider.failures.set('eth_getBalance', new ProviderError(-32603, 'no node'))
    await connect('com.example.fake')
    await until(() => $toast.get().open, 'the toast')
    expect($toast.get()).to.include({ variant: 'error', message: 'Token Balance Unavailable' })
    expect($account.get().balance).to.equal(undefined)
  })

  it('fills the name and avatar from the identity API (5 min cache); an unsafe avatar is dropped', async () => {
    backend.identityAnswer = { name: 'alice.appkit.id', avatar: 'javascript:alert(1)' }
    await walletReady()
    await connect('com.example.fake')
    await until(() => $account.get().profileName !== undefined, 'the name')
    expect($account.get().profileName).to.equal('alice.appkit.id')
    expect($account.get().profileImage).to.equal(undefined)
    expect(localStorage.getItem(`@appkit-wallet/identity_cache/eip155:1:${FAKE_ADDRESS}`)).to.contain('alice.appkit.id')
  })

  it("a rejection in the wallet (4001) gives 'Connection declined' and leaves the visitor disconnected", async () => {
    const provider = await walletReady()
    provider.failures.set('eth_requestAccounts', new ProviderError(4001, 'User rejected the request.'))
    expect(await connect('com.example.fake')).to.equal(false)
    expect($connection.get()).to.include({ status: 'disconnected', connectingConnectorId: undefined })
    expect($connection.get().error).to.deep.equal({ connectorId: 'com.example.fake', message: 'Connection declined' })
    expect($account.get().address).to.equal(undefined)
    expect(storedConnections.get()).to.equal(undefined)
  })

  it('is connecting while the wallet asks, then connected', async () => {
    const provider = await walletReady()
    provider.held.add('eth_requestAccounts')
    const pending = connect('com.example.fake')
    expect($connection.get()).to.include({ status: 'connecting', connectingConnectorId: 'com.example.fake' })
    expect($account.get().status).to.equal('connecting')
    provider.release('eth_requestAccounts')
    expect(await pending).to.equal(true)
    expect($connection.get().status).to.equal('connected')
  })

  it('an empty account list is "account not found"; a malformed one is refused', async () => {
    const provider = await walletReady({ accounts: [] })
    await connect('com.example.fake')
    expect($connection.get().error?.message).to.equal('Account not found in the wallet')
    provider.accounts = ['not-an-address']
    await connect('com.example.fake')
    expect($connection.get().error?.message).to.equal('Something went wrong')
    expect($account.get().address).to.equal(undefined)
  })

  it('connecting the connected wallet again is "already connected"', async () => {
    await walletReady()
    await connect('com.example.fake')
    expect(await connect('com.example.fake')).to.equal(false)
    expect($connection.get().error?.message).to.equal('Wallet already connected')
    expect($connection.get().status).to.equal('connected')
  })

  it('the modal moves from ConnectingExternal to Account on success', async () => {
    await walletReady()
    openModal()
    await selectConnector('com.example.fake')
    expect($router.get().view).to.equal('Account')
    expect($router.get().history).to.deep.equal(['Account'])
  })

  it('a catalog wallet opens ConnectingExternal when a connector matches it (rdns), else ConnectingWalletConnect', async () => {
    const provider = await walletReady()
    provider.held.add('eth_requestAccounts')
    openModal()
    chooseWallet({ id: 'catalog-id-of-fake', name: 'Fake', rdns: 'com.example.fake' })
    expect($router.get().view).to.equal('ConnectingExternal')
    expect($router.get().data).to.deep.equal({ connectorId: 'com.example.fake', namespace: 'eip155' })
    openModal({ view: 'AllWallets' })
    chooseWallet({ id: 'no-such-wallet', name: 'Unknown' })
    expect($router.get().view).to.equal('ConnectingWalletConnect')
    expect($router.get().data).to.deep.equal({ wallet: { id: 'no-such-wallet', name: 'Unknown' } })
    provider.release('eth_requestAccounts')
  })

  it('disconnect asks the wallet, clears the state and this namespace’s storage, and closes the modal', async () => {
    const provider = await walletReady()
    await connect('com.example.fake')
    openModal()
    expect(await disconnect()).to.equal(true)
    expect(provider.methods()).to.include('wallet_revokePermissions')
    expect($account.get().address).to.equal(undefined)
    expect($connection.get().status).to.equal('disconnected')
    expect(storedConnections.get()).to.equal(undefined)
    expect(storedWalletId('eip155').get()).to.equal(undefined)
    expect(storedWalletName('eip155').get()).to.equal(undefined)
    expect($modal.get().open).to.equal(false)
  })

  it("a failing disconnect shows 'Failed to disconnect' and keeps the connection", async () => {
    const provider = await walletReady()
    await connect('com.example.fake')
    provider.failures.set('wallet_revokePermissions', new ProviderError(-32603, 'internal'))
    expect(await disconnect()).to.equal(false)
    expect($toast.get()).to.include({ variant: 'error', message: 'Failed to disconnect' })
    expect($account.get().address).to.equal(FAKE_ADDRESS)
    expect($connection.get().status).to.equal('connected')
    expect(storedConnections.get()?.eip155).to.have.length(1)
  })

  it('a wallet that cannot revoke (4200) still disconnects', async () => {
    const provider = await walletReady()
    await connect('com.example.fake')
    provider.failures.set('wallet_revokePermissions', new ProviderError(4200, 'unsupported'))
    expect(await disconnect()).to.equal(true)
    expect($account.get().address).to.equal(undefined)
  })

  it('accountsChanged moves to the new account; an empty list disconnects', async () => {
    const provider = await walletReady()
    await connect('com.example.fake')
    provider.emit('accountsChanged', [FAKE_ADDRESS_2])
    expect($account.get().address).to.equal(FAKE_ADDRESS_2)
    expect($account.get().caipAddress).to.equal(`eip155:1:${FAKE_ADDRESS_2}`)
    expect(storedConnections.get()?.eip155?.[0]?.caipAddresses).to.deep.equal([`eip155:1:${FAKE_ADDRESS_2}`])
    provider.emit('accountsChanged', ['garbage'])
    expect($account.get().address).to.equal(FAKE_ADDRESS_2)
    provider.emit('accountsChanged', [])
    expect($account.get().address).to.equal(undefined)
    expect($connection.get().status).to.equal('disconnected')
    expect(storedConnections.get()).to.equal(undefined)
  })

  it('chainChanged makes the wallet’s chain the active network (hex, number or decimal string)', async () => {
    const provider = await walletReady()
    await connect('com.example.fake')
    provider.emit('chainChanged', '0x38')
    expect($network.get().activeNetwork?.caipNetworkId).to.equal('eip155:56')
    expect($account.get().caipAddress).to.equal(`eip155:56:${FAKE_ADDRESS}`)
    expect($account.get().balanceSymbol).to.equal('BNB')
    provider.emit('chainChanged', 31337)
    expect($network.get().activeNetwork?.caipNetworkId).to.equal('eip155:31337')
    provider.emit('chainChanged', '31338')
    expect($network.get().activeNetwork?.caipNetworkId).to.equal('eip155:31338')
    provider.emit('chainChanged', 'nonsense')
    expect($network.get().activeNetwork?.caipNetworkId).to.equal('eip155:31338')
  })

  it('a chain the app does not list opens UnsupportedChain and keeps the account', async () => {
    const provider = await walletReady({ chainId: 999, chains: [999] })
    await connect('com.example.fake')
    expect($connection.get().unsupportedChain).to.equal('eip155:999')
    expect($modal.get().open).to.equal(true)
    expect($router.get().view).to.equal('UnsupportedChain')
    provider.setChain(1)
    expect($connection.get().unsupportedChain).to.equal(undefined)
  })

  it('the wallet’s disconnect event ends the connection', async () => {
    const provider = await walletReady()
    await connect('com.example.fake')
    provider.emit('disconnect', { code: 4900, message: 'gone' })
    expect($connection.get().status).to.equal('disconnected')
    expect(storedConnections.get()).to.equal(undefined)
  })

  describe('reconnect on load', () => {
    it('restores the connection with eth_accounts only: no prompt', async () => {
      const provider = new FakeEip1193Provider({ authorized: true, chainId: 31337 })
      track(announceWallet(provider, { rdns: 'com.example.fake' }))
      saveConnection('eip155', { connectorId: 'com.example.fake', caipAddresses: [`eip155:31337:${FAKE_ADDRESS}`] })
      expect(await startConnection()).to.equal(true)
      expect(provider.methods()).to.include('eth_accounts')
      expect(provider.methods()).to.not.include('eth_requestAccounts')
      expect($account.get()).to.include({ status: 'connected', address: FAKE_ADDRESS })
      expect($network.get().activeNetwork?.caipNetworkId).to.equal('eip155:31337')
    })

    it('tries the most recently used connection first', async () => {
      const older = new FakeEip1193Provider({ authorized: true, accounts: [FAKE_ADDRESS] })
      const newer = new FakeEip1193Provider({ authorized: true, accounts: [FAKE_ADDRESS_2] })
      track(announceWallet(older, { rdns: 'com.example.older', name: 'Older' }))
      track(announceWallet(newer, { rdns: 'com.example.newer', name: 'Newer' }))
      saveConnection('eip155', { connectorId: 'com.example.older', caipAddresses: [] }, 1000)
      saveConnection('eip155', { connectorId: 'com.example.newer', caipAddresses: [] }, 2000)
      expect(await reconnect()).to.equal(true)
      expect($account.get().connectedWalletInfo?.name).to.equal('Newer')
      expect(older.methods()).to.deep.equal([])
    })

    it('goes on to the next when the newest no longer exposes an account, and forgets it', async () => {
      const older = new FakeEip1193Provider({ authorized: true, accounts: [FAKE_ADDRESS] })
      const newer = new FakeEip1193Provider({ authorized: false })
      track(announceWallet(older, { rdns: 'com.example.older', name: 'Older' }))
      track(announceWallet(newer, { rdns: 'com.example.newer', name: 'Newer' }))
      saveConnection('eip155', { connectorId: 'com.example.older', caipAddresses: [] }, 1000)
      saveConnection('eip155', { connectorId: 'com.example.newer', caipAddresses: [] }, 2000)
      const order: string[] = []
      older.failures.set('eth_accounts', () => (order.push('older'), [FAKE_ADDRESS]))
      newer.failures.set('eth_accounts', () => (order.push('newer'), []))
      expect(await reconnect()).to.equal(true)
      expect(order).to.deep.equal(['newer', 'older'])
      expect($account.get().connectedWalletInfo?.name).to.equal('Older')
      expect(storedConnections.get()?.eip155?.map(c => c.connectorId)).to.deep.equal(['com.example.older'])
    })

    it('none reconnecting gives disconnected', async () => {
      const provider = new FakeEip1193Provider({ authorized: false })
      track(announceWallet(provider, { rdns: 'com.example.fake' }))
      saveConnection('eip155', { connectorId: 'com.example.fake', caipAddresses: [] })
      const statuses: string[] = []
      const stop = $connection.listen(state => statuses.push(state.status))
      expect(await reconnect()).to.equal(false)
      stop()
      expect(statuses).to.include('reconnecting')
      expect($connection.get().status).to.equal('disconnected')
      expect($account.get().status).to.equal('disconnected')
    })

    it('a corrupt stored value is dropped, not thrown: disconnected', async () => {
      localStorage.setItem('@appkit-wallet/connections', '{"eip155":[{"connectorId":"","lastUsedAt":"x"}]')
      expect(await reconnect()).to.equal(false)
      expect(localStorage.getItem('@appkit-wallet/connections')).to.equal(null)
      localStorage.setItem(
        '@appkit-wallet/connections',
        JSON.stringify({ eip155: [{ connectorId: 'a', caipAddresses: ['nope'], lastUsedAt: 1 }] })
      )
      expect(await reconnect()).to.equal(false)
      expect(localStorage.getItem('@appkit-wallet/connections')).to.equal(null)
      expect($connection.get().status).to.equal('disconnected')
    })

    it('connecting while reconnecting is refused with a clear message', async () => {
      const provider = new FakeEip1193Provider({ authorized: true })
      provider.held.add('eth_accounts')
      track(announceWallet(provider, { rdns: 'com.example.fake' }))
      saveConnection('eip155', { connectorId: 'com.example.fake', caipAddresses: [] })
      const pending = reconnect()
      await until(() => provider.methods().includes('eth_accounts'), 'eth_accounts')
      expect($connection.get().status).to.equal('reconnecting')
      expect(await connect('com.example.fake')).to.equal(false)
      expect($connection.get().error?.message).to.equal('Reconnecting to the wallet, try again in a moment')
      provider.release('eth_accounts')
      expect(await pending).to.equal(true)
    })

    it('restores the stored active network and stores every change of it', async () => {
      localStorage.setItem('@appkit-wallet/active_caip_network_id', JSON.stringify('eip155:56'))
      await startConnection()
      expect($network.get().activeNetwork?.caipNetworkId).to.equal('eip155:56')
      selectNetwork('eip155:31338')
      expect(localStorage.getItem('@appkit-wallet/active_caip_network_id')).to.equal('"eip155:31338"')
      await until(() => $connectors.get().loaded, 'the connectors')
    })
  })
})
