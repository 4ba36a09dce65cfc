// appkit-elements/wagmi on reload (issue 31: "a reload reconnects once (no second prompt, no race
// between two storages)"; docs/behaviour.md section 4): the kit's storage is the source of truth.
// A second createAppKit with a new wagmi config over the same localStorage: the kit reconnects with
// one eth_accounts, wagmi's reconnect (what <WagmiProvider> runs on mount) takes that connection
// and asks the wallet nothing, and no prompt (eth_requestAccounts) is shown.
import { expect } from '@open-wc/testing'
import { getConnection, hydrate, type Config } from '@wagmi/core'
import { createAppKit } from '../../../src/app-kit.js'
import { connect } from '../../../src/stores/connect/connection.js'
import { switchNetwork } from '../../../src/stores/networks/network-switch.js'
import { wagmiAdapter } from '../../../src/wagmi/index.js'
import { FAKE_ADDRESS, FakeEip1193Provider, announceWallet } from '../../fixtures/eip1193-provider.js'
import { setUpConnection, tearDownConnection, TEST_NETWORKS, track, until } from '../connect/support.js'
import { setUpWagmiApp, WALLET_RDNS } from './support.js'

/** The page's storage as it is now, to put back after the stores' reset (a reload keeps localStorage). */
function keepStorage(): () => void {
  const kept = Object.entries(localStorage)
  return () => kept.forEach(([key, value]) => localStorage.setItem(key, value))
}

/** wagmi's reconnect (onMount starts it, without waiting) has ended. */
const settled = (config: Config) =>
  until(() => config.state.status === 'connected' || config.state.status === 'disconnected', 'wagmi’s reconnect to end')

describe('appkit-elements/wagmi after a reload (issue 31)', () => {
  afterEach(tearDownConnection)

  it('reconnects once, from the kit’s storage: one eth_accounts, no prompt, wagmi asks the wallet nothing', async () => {
    const first = await setUpWagmiApp()
    expect(await connect(WALLET_RDNS)).to.equal(true)
    expect(await switchNetwork('eip155:31337')).to.equal(true)
    expect(getConnection(first.config).status).to.equal('connected')

    // The reload: fresh stores (as a new page has), the same storage, the same wallet, still authorized.
    const restore = keepStorage()
    setUpConnection()
    restore()
    const wallet = new FakeEip1193Provider({ chainId: 31337, authorized: true })
    track(announceWallet(wallet, { rdns: WALLET_RDNS, name: 'Fake Wallet' }))
    const adapter = wagmiAdapter({ networks: TEST_NETWORKS })
    const config = adapter.wagmiConfig
    const statuses: string[] = []
    config.subscribe(
      state => state.status,
      status => statuses.push(status)
    )
    createAppKit({
      projectId: 'test-project',
      adapters: [adapter],
      networks: [...TEST_NETWORKS],
      enableWalletConnect: false
    })
    // <WagmiProvider>'s mount, before the kit has restored anything.
    await hydrate(config, { reconnectOnMount: true }).onMount()
    await settled(config)

    const connection = getConnection(config)
    expect(connection.status).to.equal('connected')
    expect(connection.address).to.equal(FAKE_ADDRESS)
    expect(connection.chainId).to.equal(31337)
    // wagmi waited for the kit instead of giving up: never 'disconnected' on the way.
    expect(statuses).to.deep.equal(['connecting', 'connected'])
    expect(wallet.methods().filter(method => method === 'eth_requestAccounts')).to.deep.equal([])
    expect(wallet.methods().filter(method => method === 'eth_accounts')).to.deep.equal(['eth_accounts'])
    // The config made before the reload is not what answered (it follows the same kit, asking nothing either).
    await until(() => getConnection(first.config).status === 'connected', 'the first config to follow')
  })

  it('nothing stored: wagmi’s reconnect ends disconnected at once, and a later connection in the kit reaches it', async () => {
    localStorage.clear()
    const wallet = new FakeEip1193Provider({ chainId: 1 })
    setUpConnection()
    track(announceWallet(wallet, { rdns: WALLET_RDNS, name: 'Fake Wallet' }))
    const adapter = wagmiAdapter({ networks: TEST_NETWORKS })
    createAppKit({
      projectId: 'test-project',
      adapters: [adapter],
      networks: [...TEST_NETWORKS],
      enableWalletConnect: false
    })
    await hydrate(adapter.wagmiConfig, { reconnectOnMount: true }).onMount()
    await settled(adapter.wagmiConfig)
    expect(getConnection(adapter.wagmiConfig).status).to.equal('disconnected')
    expect(wallet.methods()).to.not.include('eth_accounts')
    const { loadConnectors } = await import('../../../src/stores/connect/connectors.js')
    await loadConnectors()
    expect(await connect(WALLET_RDNS)).to.equal(true)
    expect(getConnection(adapter.wagmiConfig).address).to.equal(FAKE_ADDRESS)
  })
})
