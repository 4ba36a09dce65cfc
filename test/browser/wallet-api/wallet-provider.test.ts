// The connection handed to the app (issue 31, "The instance"): getWalletProvider('eip155') is an
// EIP-1193 provider over the connected wallet, answering the session's accounts and chain, sending
// the rest to the wallet, switching through the kit (docs/behaviour.md section 8's texts and codes),
// and raising accountsChanged / chainChanged / disconnect from the kit's state.
import { expect } from '@open-wc/testing'
import { walletApi } from '../../../src/wallet-api.js'
import type { AppKitEip1193Provider } from '../../../src/adapters/evm/wallet-provider.js'
import { $account } from '../../../src/stores/account.js'
import { connect, disconnect } from '../../../src/stores/connect/connection.js'
import { loadConnectors } from '../../../src/stores/connect/connectors.js'
import { $network } from '../../../src/stores/network.js'
import { switchNetwork } from '../../../src/stores/networks/network-switch.js'
import { $toast } from '../../../src/stores/toast.js'
import { localChainB, solana } from '../../../src/networks/definitions.js'
import type { CaipNetwork } from '../../../src/networks/types.js'
import type { NamespaceAccount } from '../../../src/stores/wallet-providers.js'
import {
  FAKE_ADDRESS,
  FAKE_ADDRESS_2,
  FAKE_ICON,
  FakeEip1193Provider,
  ProviderError,
  announceWallet
} from '../../fixtures/eip1193-provider.js'
import { setUpConnection, tearDownConnection, track, until } from '../connect/support.js'

/** The wallet provider the app gets, failing the test when there is none. */
function appProvider(): AppKitEip1193Provider {
  const provider = walletApi.getWalletProvider('eip155')
  if (!provider) throw new Error('no eip155 wallet provider')
  return provider
}

async function rejection(promise: Promise<unknown>): Promise<{ message: string; code: unknown }> {
  try {
    await promise
  } catch (error) {
    return { message: (error as Error).message, code: (error as { code?: unknown }).code }
  }
  throw new Error('expected a rejection')
}

/** Lets the bridge's queued events run. */
const settle = () => new Promise(resolve => setTimeout(resolve, 0))

describe('the wallet provider for the app (issue 31)', () => {
  let wallet: FakeEip1193Provider

  beforeEach(async () => {
    setUpConnection()
    wallet = new FakeEip1193Provider({ chainId: 1, accounts: [FAKE_ADDRESS, FAKE_ADDRESS_2] })
    track(announceWallet(wallet, { rdns: 'com.example.fake', name: 'Fake Wallet', icon: FAKE_ICON }))
    await loadConnectors()
  })
  afterEach(tearDownConnection)

  it('is undefined until a wallet connects; then one provider object, the same on every call', async () => {
    expect(walletApi.getWalletProvider('eip155')).to.equal(undefined)
    expect(walletApi.getWalletProvider()).to.equal(undefined)
    const seen: unknown[] = []
    const stop = walletApi.subscribeWalletProvider('eip155', provider => seen.push(provider))
    expect(await connect('com.example.fake')).to.equal(true)
    const provider = appProvider()
    expect(walletApi.getWalletProvider()).to.equal(provider)
    expect(seen).to.deep.equal([provider])
    await switchNetwork('eip155:31338')
    expect(appProvider()).to.equal(provider)
    expect(seen).to.have.length(1)
    stop()
  })

  describe('connected', () => {
    beforeEach(async () => {
      expect(await connect('com.example.fake')).to.equal(true)
    })

    it('answers eth_accounts, eth_requestAccounts and eth_chainId from the session, without asking the wallet', async () => {
      const asked = wallet.requests.length
      expect(await appProvider().request({ method: 'eth_accounts' })).to.deep.equal([FAKE_ADDRESS, FAKE_ADDRESS_2])
      expect(await appProvider().request({ method: 'eth_requestAccounts' })).to.deep.equal([
        FAKE_ADDRESS,
        FAKE_ADDRESS_2
      ])
      expect(await appProvider().request({ method: 'eth_chainId' })).to.equal('0x1')
      expect(wallet.requests.length).to.equal(asked)
    })

    it('sends every other request to the wallet, keeping its answer and its error code', async () => {
      wallet.failures.set('personal_sign', params => `signed ${JSON.stringify(params)}`)
      expect(await appProvider().request({ method: 'personal_sign', params: ['0x6869', FAKE_ADDRESS] })).to.equal(
        `signed ["0x6869","${FAKE_ADDRESS}"]`
      )
      wallet.failures.set('eth_sendTransaction', new ProviderError(4001, 'User rejected the request'))
      expect(await rejection(appProvider().request({ method: 'eth_sendTransaction', params: [{}] }))).to.deep.equal({
        message: 'User rejected the request',
        code: 4001
      })
    })

    it('a switch in the modal raises chainChanged (hex) once, and the getters follow', async () => {
      const chains: string[] = []
      appProvider().on('chainChanged', chainId => chains.push(chainId))
      expect(await switchNetwork('eip155:31338')).to.equal(true)
      await settle()
      expect(chains).to.deep.equal(['0x7a6a'])
      expect(await appProvider().request({ method: 'eth_chainId' })).to.equal('0x7a6a')
      expect(walletApi.getCaipNetwork('eip155')?.caipNetworkId).to.equal('eip155:31338')
      expect(walletApi.getCaipNetwork()?.caipNetworkId).to.equal('eip155:31338')
      expect(walletApi.getAccount()?.caipAddress).to.equal(`eip155:31338:${FAKE_ADDRESS}`)
    })

    it('wallet_switchEthereumChain goes through the kit: the wallet switches, the modal follows', async () => {
      const chains: string[] = []
      appProvider().on('chainChanged', chainId => chains.push(chainId))
      await appProvider().request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
      expect(wallet.chainId).to.equal(31338)
      expect($network.get().activeNetwork?.caipNetworkId).to.equal('eip155:31338')
      expect($account.get().caipAddress).to.equal(`eip155:31338:${FAKE_ADDRESS}`)
      await settle()
      expect(chains).to.deep.equal(['0x7a6a'])
    })

    it('wallet_switchEthereumChain to a chain the app does not list: Network Not Found, 4902, shown', async () => {
      expect(
        await rejection(appProvider().request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] }))
      ).to.deep.equal({ message: 'Network Not Found', code: 4902 })
      expect($toast.get()).to.include({ variant: 'error', message: 'Network Not Found' })
      expect(
        await rejection(appProvider().request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 'ten' }] }))
      ).to.deep.equal({ message: 'Invalid network id', code: 32603 })
    })

    it("the wallet's own accountsChanged reaches the app's provider, getAccount and subscribeAccount", async () => {
      const events: string[][] = []
      const accounts: (NamespaceAccount | undefined)[] = []
      appProvider().on('accountsChanged', list => events.push(list))
      const stop = walletApi.subscribeAccount(account => accounts.push(account), 'eip155')
      wallet.emit('accountsChanged', [FAKE_ADDRESS_2, FAKE_ADDRESS])
      await until(() => events.length > 0, 'accountsChanged on the app provider')
      expect(events).to.deep.equal([[FAKE_ADDRESS_2, FAKE_ADDRESS]])
      expect(walletApi.getAccount('eip155')).to.deep.equal({
        address: FAKE_ADDRESS_2,
        caipAddress: `eip155:1:${FAKE_ADDRESS_2}`,
        allAccounts: [FAKE_ADDRESS_2, FAKE_ADDRESS],
        isConnected: true,
        status: 'connected'
      })
      expect(accounts).to.deep.equal([walletApi.getAccount('eip155')])
      expect(await appProvider().request({ method: 'eth_accounts' })).to.deep.equal([FAKE_ADDRESS_2, FAKE_ADDRESS])
      stop()
    })

    it('disconnecting in the kit raises disconnect (4900); the provider is gone and refuses requests', async () => {
      const provider = appProvider()
      const events: { code: number }[] = []
      const providers: unknown[] = []
      provider.on('disconnect', error => events.push({ code: error.code }))
      const stopProvider = walletApi.subscribeWalletProvider('eip155', next => providers.push(next))
      const stopAccount = walletApi.subscribeAccount(account => providers.push(account ?? 'no account'))
      expect(await disconnect('eip155')).to.equal(true)
      await settle()
      expect(events).to.deep.equal([{ code: 4900 }])
      expect(providers).to.deep.equal([undefined, 'no account'])
      expect(walletApi.getWalletProvider('eip155')).to.equal(undefined)
      expect(walletApi.getAccount()).to.equal(undefined)
      expect(walletApi.getWalletInfo()).to.equal(undefined)
      expect((await rejection(provider.request({ method: 'eth_accounts' }))).code).to.equal(4900)
      stopProvider()
      stopAccount()
    })

    it('removeListener stops a listener', async () => {
      const chains: string[] = []
      const listener = (chainId: string) => chains.push(chainId)
      appProvider().on('chainChanged', listener).removeListener('chainChanged', listener)
      await switchNetwork('eip155:31338')
      await settle()
      expect(chains).to.deep.equal([])
    })

    it('getWalletInfo names the wallet, its icon and its connector type', () => {
      expect(walletApi.getWalletInfo()).to.deep.equal({
        name: 'Fake Wallet',
        icon: FAKE_ICON,
        type: 'announced',
        id: 'com.example.fake'
      })
      expect(walletApi.getWalletInfo('solana')).to.equal(undefined)
    })

    describe('switchNetwork (docs/behaviour.md section 8)', () => {
      it('resolves once the wallet and the kit are on the network', async () => {
        await walletApi.switchNetwork(localChainB)
        expect(wallet.chainId).to.equal(31338)
        expect(walletApi.getCaipNetwork()?.caipNetworkId).to.equal('eip155:31338')
      })

      const failures: [string, ProviderError, string, number][] = [
        ['declined', new ProviderError(4001, 'User rejected'), 'Network switch declined', 4001],
        ['invalid chain id', new ProviderError(32603, 'invalid'), 'Invalid network id', 32603],
        ['failed (5000)', new ProviderError(5000, 'failed'), 'Failed to switch network', 5000],
        ['failed (other)', new ProviderError(-1, 'odd'), 'Failed to switch network', 5000]
      ]
      for (const [name, error, message, code] of failures) {
        it(`rejects ${name} with '${message}' and code ${code}, shown in the modal too`, async () => {
          wallet.failures.set('wallet_switchEthereumChain', error)
          expect(await rejection(walletApi.switchNetwork(localChainB))).to.deep.equal({ message, code })
          expect($toast.get()).to.include({ variant: 'error', message })
          expect(walletApi.getCaipNetwork()?.caipNetworkId).to.equal('eip155:1')
        })
      }

      it("rejects a network the app does not list with 'Network Not Found' and 4902", async () => {
        const unlisted: CaipNetwork = { ...localChainB, id: 10, caipNetworkId: 'eip155:10' }
        expect(await rejection(walletApi.switchNetwork(unlisted))).to.deep.equal({
          message: 'Network Not Found',
          code: 4902
        })
      })
    })

    it('a namespace with no wallet: no provider, no account, no network of its own', () => {
      expect(walletApi.getWalletProvider('solana')).to.equal(undefined)
      expect(walletApi.getAccount('solana')).to.equal(undefined)
      expect(walletApi.getCaipNetwork(solana.chainNamespace)).to.equal(undefined)
    })
  })
})
