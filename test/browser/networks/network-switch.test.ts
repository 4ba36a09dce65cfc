import { expect } from '@open-wc/testing'
import { $account } from '../../../src/stores/account.js'
import { connect } from '../../../src/stores/connect/connection.js'
import { loadConnectors } from '../../../src/stores/connect/connectors.js'
import { $modal, openModal } from '../../../src/stores/modal.js'
import { $network } from '../../../src/stores/network.js'
import {
  $networkSwitch,
  chooseNetwork,
  retrySwitch,
  switchNetwork
} from '../../../src/stores/networks/network-switch.js'
import { $router } from '../../../src/stores/router.js'
import { $toast } from '../../../src/stores/toast.js'
import { FAKE_ADDRESS, FakeEip1193Provider, ProviderError, announceWallet } from '../../fixtures/eip1193-provider.js'
import { setUpConnection, tearDownConnection, track } from '../connect/support.js'

describe('switching networks', () => {
  let provider: FakeEip1193Provider

  beforeEach(async () => {
    setUpConnection()
    provider = new FakeEip1193Provider({ chainId: 1 })
    track(announceWallet(provider, { rdns: 'com.example.fake' }))
    await loadConnectors()
  })
  afterEach(tearDownConnection)

  it('without a wallet it just selects the network', async () => {
    expect(await switchNetwork('eip155:56')).to.equal(true)
    expect($network.get().activeNetwork?.caipNetworkId).to.equal('eip155:56')
    expect(provider.requests).to.deep.equal([])
  })

  it('an unlisted network is refused visibly ("Network Not Found")', async () => {
    expect(await switchNetwork('eip155:10')).to.equal(false)
    expect($toast.get()).to.include({ variant: 'error', message: 'Network Not Found' })
    expect($networkSwitch.get()).to.include({ status: 'failed', error: 'Network Not Found' })
  })

  describe('with a connected wallet', () => {
    beforeEach(async () => {
      await connect('com.example.fake')
    })

    it('asks the wallet, then follows it: network, account and wallet agree', async () => {
      expect(await switchNetwork('eip155:31338')).to.equal(true)
      expect(provider.chainId).to.equal(31338)
      expect($network.get().activeNetwork?.caipNetworkId).to.equal('eip155:31338')
      expect($account.get().caipAddress).to.equal(`eip155:31338:${FAKE_ADDRESS}`)
      expect($networkSwitch.get().status).to.equal('idle')
    })

    it('a chain the wallet does not know (4902) is added, then switched to', async () => {
      provider.chains.delete(31338)
      expect(await switchNetwork('eip155:31338')).to.equal(true)
      expect(provider.methods().filter(method => method.startsWith('wallet_'))).to.deep.equal([
        'wallet_switchEthereumChain',
        'wallet_addEthereumChain',
        'wallet_switchEthereumChain'
      ])
      expect($network.get().activeNetwork?.caipNetworkId).to.equal('eip155:31338')
    })

    const failures: [string, ProviderError, string][] = [
      ['declined (4001)', new ProviderError(4001, 'User rejected'), 'Network switch declined'],
      ['default code 5000', new ProviderError(5000, 'failed'), 'Failed to switch network'],
      ['invalid chain id 32603', new ProviderError(32603, 'invalid'), 'Invalid network id'],
      ['invalid chain id -32603', new ProviderError(-32603, 'invalid'), 'Invalid network id'],
      ['any other error', new ProviderError(-1, 'odd'), 'Failed to switch network']
    ]
    for (const [name, error, message] of failures) {
      it(`a failed switch, ${name}, is shown: toast and message, the network unchanged`, async () => {
        provider.failures.set('wallet_switchEthereumChain', error)
        expect(await switchNetwork('eip155:31338')).to.equal(false)
        expect($toast.get()).to.include({ open: true, variant: 'error', message })
        expect($networkSwitch.get()).to.deep.equal({ status: 'failed', target: 'eip155:31338', error: message })
        expect($network.get().activeNetwork?.caipNetworkId).to.equal('eip155:1')
      })
    }

    it('a wallet that says yes but stays on its chain is a chain mismatch', async () => {
      provider.failures.set('wallet_switchEthereumChain', () => null)
      expect(await switchNetwork('eip155:31338')).to.equal(false)
      expect($networkSwitch.get().error).to.equal('The wallet is on a different network')
    })

    it('from the Networks view: SwitchNetwork while the wallet asks, then the modal closes', async () => {
      openModal({ view: 'Networks' })
      provider.held.add('wallet_switchEthereumChain')
      const done = chooseNetwork('eip155:31338')
      expect($router.get().view).to.equal('SwitchNetwork')
      expect($router.get().data).to.deep.equal({ caipNetworkId: 'eip155:31338' })
      expect($networkSwitch.get().status).to.equal('switching')
      provider.release('wallet_switchEthereumChain')
      await done
      expect($modal.get().open).to.equal(false)
      expect($network.get().activeNetwork?.caipNetworkId).to.equal('eip155:31338')
    })

    it('from the Networks view opened over Account: back to Account', async () => {
      openModal({ view: 'Account' })
      $router.set({ ...$router.get(), view: 'Networks', history: ['Account', 'Networks'] })
      await chooseNetwork('eip155:56')
      expect($router.get().view).to.equal('Account')
    })

    it('a failed switch stays on SwitchNetwork; Try again asks once more', async () => {
      openModal({ view: 'Networks' })
      provider.failures.set('wallet_switchEthereumChain', new ProviderError(4001, 'no'))
      await chooseNetwork('eip155:31338')
      expect($router.get().view).to.equal('SwitchNetwork')
      provider.failures.delete('wallet_switchEthereumChain')
      await retrySwitch()
      expect($network.get().activeNetwork?.caipNetworkId).to.equal('eip155:31338')
      expect($modal.get().open).to.equal(false)
    })
  })
})
