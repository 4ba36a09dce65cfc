// appkit-elements/wagmi (issue 31, "wagmi"): one connection seen from both sides. The kit connects,
// switches and disconnects (our modal's actions); @wagmi/core's state and actions follow and lead.
import { expect } from '@open-wc/testing'
import { custom } from 'viem'
import {
  connect as wagmiConnect,
  disconnect as wagmiDisconnect,
  getConnection,
  hydrate,
  sendTransaction,
  signMessage,
  signTypedData,
  switchChain
} from '@wagmi/core'
import type { AppKitEip1193Provider } from '../../../src/adapters/evm/wallet-provider.js'
import { $account } from '../../../src/stores/account.js'
import { connect, disconnect } from '../../../src/stores/connect/connection.js'
import { closeModal, $modal } from '../../../src/stores/modal.js'
import { $network } from '../../../src/stores/network.js'
import { switchNetwork } from '../../../src/stores/networks/network-switch.js'
import { wagmiAdapter } from '../../../src/wagmi/index.js'
import { walletApi } from '../../../src/wallet-api.js'
import { FAKE_ADDRESS, FAKE_ADDRESS_2, ProviderError } from '../../fixtures/eip1193-provider.js'
import { tearDownConnection, TEST_NETWORKS, until } from '../connect/support.js'
import { rejection, setUpWagmiApp, WALLET_RDNS, type WagmiApp } from './support.js'

describe('appkit-elements/wagmi (issue 31)', () => {
  let app: WagmiApp

  beforeEach(async () => {
    app = await setUpWagmiApp()
  })
  afterEach(tearDownConnection)

  it('gives wagmi the same networks as the kit, one connector and no wallet discovery of its own', () => {
    expect(app.config.chains.map(chain => chain.id)).to.deep.equal([1, 56, 31337, 31338])
    expect(app.adapter.networks.map(network => network.caipNetworkId)).to.deep.equal(
      TEST_NETWORKS.map(network => network.caipNetworkId)
    )
    expect(app.adapter.namespace).to.equal('eip155')
    // An app that lists no eip155 network in createAppKit gets these, not the EVM adapter's mainnet.
    expect(app.adapter.defaultNetworks).to.equal(app.adapter.networks)
    expect(app.config.connectors.map(connector => connector.id)).to.deep.equal(['appkit'])
    expect(getConnection(app.config).status).to.equal('disconnected')
  })

  it('a connection made in the kit is wagmi’s: address, accounts and chain', async () => {
    expect(await connect(WALLET_RDNS)).to.equal(true)
    const connection = getConnection(app.config)
    expect(connection.status).to.equal('connected')
    expect(connection.address).to.equal(FAKE_ADDRESS)
    expect(connection.addresses).to.deep.equal([FAKE_ADDRESS, FAKE_ADDRESS_2])
    expect(connection.chainId).to.equal(1)
    expect(connection.connector?.id).to.equal('appkit')
  })

  describe('connected', () => {
    beforeEach(async () => {
      expect(await connect(WALLET_RDNS)).to.equal(true)
    })

    it('signMessage, signTypedData and sendTransaction through @wagmi/core reach the wallet with their params', async () => {
      app.wallet.failures.set('personal_sign', () => `0x${'11'.repeat(65)}`)
      app.wallet.failures.set('eth_signTypedData_v4', () => `0x${'22'.repeat(65)}`)
      app.wallet.failures.set('eth_sendTransaction', () => `0x${'33'.repeat(32)}`)
      expect(await signMessage(app.config, { message: 'hello' })).to.equal(`0x${'11'.repeat(65)}`)
      const signed = app.wallet.requests.find(request => request.method === 'personal_sign')
      expect(signed?.params).to.deep.equal(['0x68656c6c6f', FAKE_ADDRESS])

      const typed = {
        domain: { name: 'Test', version: '1', chainId: 1 },
        types: { Mail: [{ name: 'contents', type: 'string' }] },
        primaryType: 'Mail',
        message: { contents: 'Hello, Bob!' }
      } as const
      expect(await signTypedData(app.config, typed)).to.equal(`0x${'22'.repeat(65)}`)
      const typedRequest = app.wallet.requests.find(request => request.method === 'eth_signTypedData_v4')
      const [from, json] = typedRequest?.params as [string, string]
      expect(from).to.equal(FAKE_ADDRESS)
      expect(JSON.parse(json)).to.deep.include({ primaryType: 'Mail', message: { contents: 'Hello, Bob!' } })

      const to = '0x000000000000000000000000000000000000dEaD'
      expect(await sendTransaction(app.config, { to, value: 5n })).to.equal(`0x${'33'.repeat(32)}`)
      const sent = app.wallet.requests.find(request => request.method === 'eth_sendTransaction')
      const [transaction] = sent?.params as [{ from: string; to: string; value: string }]
      expect({ ...transaction, from: transaction.from.toLowerCase() }).to.deep.include({
        from: FAKE_ADDRESS.toLowerCase(),
        to,
        value: '0x5'
      })
    })

    it('switchChain from wagmi moves the wallet and the kit; wagmi’s chain follows', async () => {
      const chain = await switchChain(app.config, { chainId: 31338 })
      expect(chain.id).to.equal(31338)
      expect(app.wallet.chainId).to.equal(31338)
      expect($network.get().activeNetwork?.caipNetworkId).to.equal('eip155:31338')
      expect($account.get().caipAddress).to.equal(`eip155:31338:${FAKE_ADDRESS}`)
      expect(getConnection(app.config).chainId).to.equal(31338)
      expect(app.config.state.chainId).to.equal(31338)
    })

    it('a switch in the kit moves wagmi’s chain', async () => {
      expect(await switchNetwork('eip155:31337')).to.equal(true)
      expect(getConnection(app.config).chainId).to.equal(31337)
      expect(app.config.state.chainId).to.equal(31337)
    })

    it('a declined or impossible switch from wagmi rejects with the kit’s texts and codes (docs/behaviour.md section 8)', async () => {
      app.wallet.failures.set('wallet_switchEthereumChain', new ProviderError(4001, 'User rejected the request'))
      expect(await rejection(switchChain(app.config, { chainId: 31338 }))).to.deep.equal({
        message: 'Network switch declined',
        code: 4001
      })
      expect(getConnection(app.config).chainId).to.equal(1)
      expect($network.get().activeNetwork?.caipNetworkId).to.equal('eip155:1')
      // A chain the app does not list: the kit's 'Network Not Found' (4902), the wallet not asked.
      const asked = app.wallet.requests.length
      expect(await rejection(switchChain(app.config, { chainId: 10 as 1 }))).to.deep.equal({
        message: 'Network Not Found',
        code: 4902
      })
      expect(app.wallet.requests.length).to.equal(asked)
    })

    it('the wallet’s own account change reaches wagmi', async () => {
      app.wallet.accounts = [FAKE_ADDRESS_2, FAKE_ADDRESS]
      app.wallet.emit('accountsChanged', [FAKE_ADDRESS_2, FAKE_ADDRESS])
      await until(() => getConnection(app.config).address === FAKE_ADDRESS_2, 'wagmi’s address to follow the wallet')
      expect(walletApi.getAccount('eip155')?.address).to.equal(FAKE_ADDRESS_2)
    })

    it('disconnect from wagmi disconnects the kit', async () => {
      await wagmiDisconnect(app.config)
      expect(getConnection(app.config).status).to.equal('disconnected')
      expect($account.get().status).to.equal('disconnected')
      expect(walletApi.getWalletProvider('eip155')).to.equal(undefined)
      // Connected again in the kit: wagmi follows.
      expect(await connect(WALLET_RDNS)).to.equal(true)
      expect(getConnection(app.config).status).to.equal('connected')
    })

    it('a wallet that fails to disconnect: wagmi’s disconnect rejects with the kit’s text and both stay connected', async () => {
      app.wallet.failures.set('wallet_revokePermissions', new ProviderError(-32000, 'The wallet is busy'))
      expect((await rejection(wagmiDisconnect(app.config))).message).to.equal('Failed to disconnect')
      expect($account.get().status).to.equal('connected')
      expect(getConnection(app.config).status).to.equal('connected')
      expect(getConnection(app.config).address).to.equal(FAKE_ADDRESS)
    })

    it('disconnect in the kit disconnects wagmi', async () => {
      expect(await disconnect()).to.equal(true)
      expect(getConnection(app.config).status).to.equal('disconnected')
      expect(getConnection(app.config).address).to.equal(undefined)
    })
  })

  it('the connector’s provider: wallet methods to the wallet, reads to the app’s transports, events from the kit', async () => {
    const reads: string[] = []
    const transport = custom({
      request: async ({ method }: { method: string }) => {
        reads.push(method)
        return '0x2a'
      }
    })
    app = await setUpWagmiApp(undefined, { 1: transport, 56: transport, 31337: transport, 31338: transport })
    const provider = (await app.config.connectors[0]!.getProvider()) as AppKitEip1193Provider
    const events: unknown[] = []
    provider.on('chainChanged', chainId => events.push(['chainChanged', chainId]))
    provider.on('accountsChanged', accounts => events.push(['accountsChanged', accounts]))
    expect(await provider.request({ method: 'eth_accounts' })).to.deep.equal([])
    expect(
      (await rejection(provider.request({ method: 'personal_sign', params: ['0x68', FAKE_ADDRESS] }))).code
    ).to.equal(4900)
    expect(await connect(WALLET_RDNS)).to.equal(true)
    expect(await provider.request({ method: 'eth_blockNumber' })).to.equal('0x2a')
    expect(reads).to.deep.equal(['eth_blockNumber'])
    expect(app.wallet.methods()).to.not.include('eth_blockNumber')
    app.wallet.failures.set('personal_sign', () => '0x99')
    expect(await provider.request({ method: 'personal_sign', params: ['0x68', FAKE_ADDRESS] })).to.equal('0x99')
    expect(await switchNetwork('eip155:31337')).to.equal(true)
    expect(await provider.request({ method: 'eth_chainId' })).to.equal('0x7a69')
    expect(await disconnect()).to.equal(true)
    expect(events).to.deep.equal([
      ['chainChanged', '0x7a69'],
      ['accountsChanged', []]
    ])
  })

  it('wagmi’s connect opens our modal and resolves with the wallet connected there', async () => {
    const connecting = wagmiConnect(app.config, { connector: app.config.connectors[0]! })
    await until(() => $modal.get().open, 'the modal to open')
    expect(await connect(WALLET_RDNS)).to.equal(true)
    const result = await connecting
    expect(result.accounts).to.deep.equal([FAKE_ADDRESS, FAKE_ADDRESS_2])
    expect(result.chainId).to.equal(1)
    expect(getConnection(app.config).status).to.equal('connected')
    expect(app.wallet.methods().filter(method => method === 'eth_requestAccounts')).to.have.length(1)
  })

  it('wagmi’s connect with a chainId: our modal connects, then the kit switches the wallet there', async () => {
    const connecting = wagmiConnect(app.config, { connector: app.config.connectors[0]!, chainId: 31338 })
    await until(() => $modal.get().open, 'the modal to open')
    expect(await connect(WALLET_RDNS)).to.equal(true)
    expect((await connecting).chainId).to.equal(31338)
    expect(app.wallet.chainId).to.equal(31338)
    expect($network.get().activeNetwork?.caipNetworkId).to.equal('eip155:31338')
    expect(getConnection(app.config).chainId).to.equal(31338)
  })

  it('ssr with storage null: wagmi’s hydration runs (null would leave it no store to rehydrate) and ends disconnected', async () => {
    const adapter = wagmiAdapter({ networks: TEST_NETWORKS, ssr: true, storage: null })
    await hydrate(adapter.wagmiConfig, { reconnectOnMount: true }).onMount()
    await until(() => adapter.wagmiConfig.state.status === 'disconnected', 'wagmi’s reconnect to end')
    expect(await connect(WALLET_RDNS)).to.equal(true)
    expect(getConnection(adapter.wagmiConfig).address).to.equal(FAKE_ADDRESS)
  })

  it('wagmi’s connect rejects (4001) when the modal closes without a connection', async () => {
    const connecting = wagmiConnect(app.config, { connector: app.config.connectors[0]! })
    await until(() => $modal.get().open, 'the modal to open')
    closeModal()
    expect((await rejection(connecting)).code).to.equal(4001)
    expect(getConnection(app.config).status).to.equal('disconnected')
  })
})
