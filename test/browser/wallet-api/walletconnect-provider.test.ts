// The app's wallet providers over a WalletConnect session (issue 31): the EIP-1193 provider sends
// requests through the session on the connected chain, answers the accounts and chain itself (no
// relay round trip), and raises disconnect when the wallet ends the session; the session's Solana
// namespace gets its Solana provider too.
import { expect } from '@open-wc/testing'
import type { AppKitSolanaProvider } from '../../../src/adapters/solana/solana-provider-types.js'
import { localChainA, solanaLocal } from '../../../src/networks/definitions.js'
import { openModal } from '../../../src/stores/modal.js'
import { $walletConnect, startWalletConnect } from '../../../src/stores/connect/walletconnect.js'
import { useWalletConnectController } from '../../../src/stores/connect/walletconnect-session.js'
import { walletApi } from '../../../src/wallet-api.js'
import { FakeWalletConnectController } from '../../fixtures/fake-walletconnect-controller.js'
import { TEST_NETWORKS, setUpConnection, tearDownConnection, until } from '../connect/support.js'

const EVM = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const SOL = 'FLXdHhj9HGrwz9i6NhCZMrtKz744mKbSxwHtNpYacuuA'

describe('wallet providers over WalletConnect (issue 31)', () => {
  let controller: FakeWalletConnectController

  beforeEach(async () => {
    setUpConnection({
      enableWalletConnect: true,
      networks: [...TEST_NETWORKS, solanaLocal],
      defaultNetwork: localChainA
    })
    controller = new FakeWalletConnectController()
    useWalletConnectController(controller)
    openModal({ view: 'ConnectingWalletConnect' })
    const done = startWalletConnect({ id: 'catalog-wallet', name: 'Catalog Wallet' })
    await until(() => $walletConnect.get().status === 'ready', 'the pairing')
    controller.approve({
      eip155: { chainId: '31337', addresses: [EVM] },
      solana: { chainId: solanaLocal.id, addresses: [SOL] }
    })
    await done
  })
  afterEach(tearDownConnection)

  it("eip155: requests go through the session on the connected chain; accounts and chain are the kit's", async () => {
    const provider = walletApi.getWalletProvider('eip155')!
    expect(walletApi.getWalletInfo('eip155')).to.include({ type: 'walletConnect', id: 'walletConnect' })
    expect(await provider.request({ method: 'eth_accounts' })).to.deep.equal([EVM])
    expect(await provider.request({ method: 'eth_chainId' })).to.equal('0x7a69')
    expect(controller.requests).to.deep.equal([])
    controller.answer = method => (method === 'eth_signTypedData_v4' ? `0x${'ab'.repeat(65)}` : undefined)
    const typedData = JSON.stringify({ primaryType: 'Mail' })
    expect(await provider.request({ method: 'eth_signTypedData_v4', params: [EVM, typedData] })).to.equal(
      `0x${'ab'.repeat(65)}`
    )
    expect(controller.requests).to.deep.equal([
      { caipNetworkId: 'eip155:31337', method: 'eth_signTypedData_v4', params: [EVM, typedData] }
    ])
  })

  it('the wallet ending the session raises disconnect on both providers, and they are gone', async () => {
    const evm = walletApi.getWalletProvider('eip155')!
    await until(() => walletApi.getWalletProvider('solana'), 'the Solana provider')
    const solana = walletApi.getWalletProvider<AppKitSolanaProvider>('solana')!
    expect(solana.publicKey.toBase58()).to.equal(SOL)
    const ended: string[] = []
    evm.on('disconnect', error => ended.push(`eip155 ${error.code}`))
    solana.on('disconnect', () => ended.push('solana'))
    controller.end()
    await until(() => ended.length === 2, 'both disconnect events')
    expect(ended.sort()).to.deep.equal(['eip155 4900', 'solana'])
    expect(walletApi.getWalletProvider('eip155')).to.equal(undefined)
    expect(walletApi.getWalletProvider('solana')).to.equal(undefined)
  })
})
