// The hooks over the connection handed to the app (issue 31, "React"), rendered by React itself:
// React 19 (`npx web-test-runner`) and React 18 (`REACT_VERSION=18 npx web-test-runner`, through
// the react-18 / react-dom-18 aliases), as components-and-hooks.test.ts. The wallet is the fake
// EIP-6963 one, connected through the kit's stores.
import { expect } from '@open-wc/testing'
import { StrictMode, createElement, version as reactVersion, type ReactNode } from 'react'
import type { Connection } from '@solana/web3.js'
import {
  useAppKitBalance,
  useAppKitConnection,
  useAppKitProvider,
  useDisconnect,
  useWalletInfo,
  type UseAppKitBalanceReturn,
  type UseAppKitProviderReturn,
  type UseDisconnectReturn,
  type UseWalletInfoReturn
} from '../../../react/hooks/index.js'
import type { AppKitEip1193Provider } from '../../../src/adapters/evm/wallet-provider.js'
import { localChainA, solanaDevnet, solanaLocal } from '../../../src/networks/definitions.js'
import { $account } from '../../../src/stores/account.js'
import { connect } from '../../../src/stores/connect/connection.js'
import { loadConnectors } from '../../../src/stores/connect/connectors.js'
import { selectNetwork } from '../../../src/stores/network.js'
import { walletApi } from '../../../src/wallet-api.js'
import { FAKE_ADDRESS, FAKE_ICON, FakeEip1193Provider, announceWallet } from '../../fixtures/eip1193-provider.js'
import {
  TEST_NETWORKS,
  setUpConnection,
  tearDownConnection,
  track,
  type FakeAccountClient
} from '../connect/support.js'
import { waitUntil } from '../wait.js'
import { createTestRoot, type TestRoot } from './test-root.js'

describe(`the connection hooks on React ${reactVersion} (issue 31)`, () => {
  let react: TestRoot
  let backend: FakeAccountClient
  let wallet: FakeEip1193Provider

  /** Renders `useHook` in a probe; `seen` holds each render's value, the last one first to read. */
  function probe<T>(useHook: () => T): { readonly seen: T[]; readonly last: () => T } {
    const seen: T[] = []
    function Probe(): ReactNode {
      seen.push(useHook())
      return null
    }
    react.root.render(createElement(StrictMode, null, createElement(Probe)))
    return { seen, last: () => seen[seen.length - 1]! }
  }

  beforeEach(async () => {
    backend = setUpConnection({ networks: [...TEST_NETWORKS, solanaLocal, solanaDevnet] })
    wallet = new FakeEip1193Provider({ chainId: 1 })
    track(announceWallet(wallet, { rdns: 'com.example.fake', name: 'Fake Wallet', icon: FAKE_ICON }))
    await loadConnectors()
    react = createTestRoot()
  })
  afterEach(() => {
    react.unmount()
    tearDownConnection()
  })

  it("useAppKitProvider('eip155'): undefined, then the connection's provider and its type, then undefined again", async () => {
    const hook = probe<UseAppKitProviderReturn<AppKitEip1193Provider>>(() => useAppKitProvider('eip155'))
    await waitUntil(() => hook.seen.length > 0, 'the probe did not render')
    expect(hook.last()).to.deep.equal({ walletProvider: undefined, walletProviderType: undefined })
    expect(await connect('com.example.fake')).to.equal(true)
    await waitUntil(() => hook.last().walletProvider, 'useAppKitProvider did not re-render on connect')
    expect(hook.last().walletProvider).to.equal(walletApi.getWalletProvider('eip155'))
    expect(hook.last().walletProviderType).to.equal('announced')
    expect(await hook.last().walletProvider!.request({ method: 'eth_accounts' })).to.deep.equal([FAKE_ADDRESS])
    const { disconnect } = await import('../../../src/stores/connect/connection.js')
    await disconnect('eip155')
    await waitUntil(() => !hook.last().walletProvider, 'useAppKitProvider did not re-render on disconnect')
  })

  it('useWalletInfo names the connected wallet, its icon and connector type', async () => {
    const hook = probe<UseWalletInfoReturn>(() => useWalletInfo())
    await waitUntil(() => hook.seen.length > 0, 'the probe did not render')
    expect(hook.last().walletInfo).to.equal(undefined)
    await connect('com.example.fake')
    await waitUntil(() => hook.last().walletInfo, 'useWalletInfo did not re-render on connect')
    expect(hook.last().walletInfo).to.deep.equal({
      name: 'Fake Wallet',
      icon: FAKE_ICON,
      type: 'announced',
      id: 'com.example.fake'
    })
  })

  it('useDisconnect().disconnect({ namespace }) disconnects that wallet; the function never changes', async () => {
    await connect('com.example.fake')
    const hook = probe<UseDisconnectReturn>(() => useDisconnect())
    await waitUntil(() => hook.seen.length > 0, 'the probe did not render')
    expect(await hook.last().disconnect({ namespace: 'eip155' })).to.equal(true)
    expect($account.get().status).to.equal('disconnected')
    expect(walletApi.getWalletProvider('eip155')).to.equal(undefined)
    expect(new Set(hook.seen.map(value => value.disconnect)).size).to.equal(1)
  })

  it('useAppKitBalance().fetchBalance reads the balance past the caches, or says why not', async () => {
    const hook = probe<UseAppKitBalanceReturn>(() => useAppKitBalance())
    await waitUntil(() => hook.seen.length > 0, 'the probe did not render')
    expect(await hook.last().fetchBalance()).to.deep.equal({
      data: undefined,
      error: 'No account connected',
      isSuccess: false
    })
    backend.nativeBalanceAnswer = { balance: '1.5', symbol: 'ETH' }
    await connect('com.example.fake')
    await waitUntil(() => $account.get().balance === '1.5', 'the balance on connect')
    backend.nativeBalanceAnswer = { balance: '2.25', symbol: 'ETH' }
    const calls = backend.balanceCalls.length
    expect(await hook.last().fetchBalance()).to.deep.equal({
      data: { balance: '2.25', symbol: 'ETH' },
      error: null,
      isSuccess: true
    })
    expect(backend.balanceCalls.length).to.equal(calls + 1)
    expect($account.get().balance).to.equal('2.25')
  })

  it('useAppKitConnection: a web3.js Connection for the active Solana network, one per network, shared', async () => {
    const first = probe(() => useAppKitConnection())
    await waitUntil(() => first.seen.length > 0, 'the probe did not render')
    expect(first.last().connection).to.equal(undefined)
    selectNetwork(solanaLocal.caipNetworkId)
    await waitUntil(() => first.last().connection, 'no Connection for the Solana network')
    const local: Connection = first.last().connection!
    expect(local.rpcEndpoint).to.equal(solanaLocal.rpcUrls.default.http[0])
    expect(local.commitment).to.equal('confirmed')
    selectNetwork(solanaDevnet.caipNetworkId)
    await waitUntil(() => first.last().connection !== local, 'the Connection did not follow the network')
    expect(first.last().connection!.rpcEndpoint).to.equal(solanaDevnet.rpcUrls.default.http[0])
    selectNetwork(localChainA.caipNetworkId)
    await waitUntil(() => !first.last().connection, 'an EVM network still had a Connection')
    selectNetwork(solanaLocal.caipNetworkId)
    await waitUntil(() => first.last().connection, 'no Connection for the Solana network again')
    expect(first.last().connection).to.equal(local)
  })
})
