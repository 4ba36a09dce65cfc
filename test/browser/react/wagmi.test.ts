// appkit-elements/wagmi in a React app (issue 31: "connect in our modal and wagmi's useAccount,
// useChainId ... work; useDisconnect() or useSwitchChain() from wagmi and our modal stay in step").
// Rendered with <WagmiProvider> and <QueryClientProvider> on the React of the run (19, and 18 with
// REACT_VERSION=18): wagmi's hooks follow a connection made in the kit, and its mutations lead it.
import { expect } from '@open-wc/testing'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement, version as reactVersion } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { useAccount, useChainId, useConnection, useDisconnect, useSwitchChain, WagmiProvider } from 'wagmi'
import { $account } from '../../../src/stores/account.js'
import { connect } from '../../../src/stores/connect/connection.js'
import { $network } from '../../../src/stores/network.js'
import { switchNetwork } from '../../../src/stores/networks/network-switch.js'
import { FAKE_ADDRESS } from '../../fixtures/eip1193-provider.js'
import { tearDownConnection } from '../connect/support.js'
import { waitUntil } from '../wait.js'
import { setUpWagmiApp, WALLET_RDNS, type WagmiApp } from '../wagmi/support.js'

interface Handles {
  disconnect: () => void
  switchChain: (chainId: number) => void
}

describe(`appkit-elements/wagmi with wagmi's React hooks (React ${reactVersion}, issue 31)`, () => {
  let app: WagmiApp
  let container: HTMLElement
  let root: Root
  const handles: Partial<Handles> = {}

  /** Shows what wagmi's hooks answer, and keeps its mutations for the test to call. */
  function Probe() {
    const connection = useConnection()
    const account = useAccount()
    const chainId = useChainId()
    const { mutate: disconnect } = useDisconnect()
    const { mutate: switchChain } = useSwitchChain()
    handles.disconnect = () => disconnect()
    handles.switchChain = id => switchChain({ chainId: id as 1 })
    return createElement('output', {
      'data-status': connection.status,
      'data-address': connection.address ?? '',
      'data-account': account.address ?? '',
      'data-chain': String(chainId)
    })
  }

  const output = () => container.querySelector('output')!
  const shows = (name: string, value: string) => output().getAttribute(`data-${name}`) === value

  beforeEach(async () => {
    app = await setUpWagmiApp()
    container = document.createElement('div')
    document.body.append(container)
    root = createRoot(container)
    const queryClient = new QueryClient()
    root.render(
      createElement(
        WagmiProvider,
        { config: app.config },
        createElement(QueryClientProvider, { client: queryClient }, createElement(Probe))
      )
    )
    await waitUntil(() => output() !== null && shows('status', 'disconnected'), 'wagmi renders disconnected')
  })

  afterEach(() => {
    root.unmount()
    container.remove()
    tearDownConnection()
  })

  it('useConnection, useAccount and useChainId follow a connection and a switch made in the kit', async () => {
    expect(await connect(WALLET_RDNS)).to.equal(true)
    await waitUntil(() => shows('status', 'connected'), 'wagmi shows the connection')
    expect(output().dataset.address).to.equal(FAKE_ADDRESS)
    expect(output().dataset.account).to.equal(FAKE_ADDRESS)
    expect(output().dataset.chain).to.equal('1')
    expect(await switchNetwork('eip155:31337')).to.equal(true)
    await waitUntil(() => shows('chain', '31337'), 'useChainId follows the kit’s switch')
  })

  it('useSwitchChain and useDisconnect lead the kit', async () => {
    expect(await connect(WALLET_RDNS)).to.equal(true)
    await waitUntil(() => shows('status', 'connected'), 'wagmi shows the connection')
    handles.switchChain?.(31338)
    await waitUntil(() => shows('chain', '31338'), 'useChainId shows the chain switched to')
    expect(app.wallet.chainId).to.equal(31338)
    expect($network.get().activeNetwork?.caipNetworkId).to.equal('eip155:31338')
    handles.disconnect?.()
    await waitUntil(() => shows('status', 'disconnected'), 'wagmi disconnected')
    expect($account.get().status).to.equal('disconnected')
  })
})
