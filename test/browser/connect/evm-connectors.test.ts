import { expect } from '@open-wc/testing'
import { parseEvmChainId, safeParseEvmChainId, toHexChainId } from '../../../src/adapters/evm/chain-id.js'
import { loadEvmConnectors, resetEvmDiscovery, watchEvmConnectors } from '../../../src/adapters/evm/connectors.js'
import { addEthereumChainParameters, createEip1193Connector } from '../../../src/adapters/evm/eip1193-connector.js'
import { evmAdapter } from '../../../src/adapters/evm/index.js'
import type { Connector } from '../../../src/connectors/types.js'
import { localChainB, mainnet } from '../../../src/networks/definitions.js'
import { formatUnits } from '../../../src/utils/units.js'
import { FAKE_ADDRESS, FakeEip1193Provider, ProviderError, announceWallet } from '../../fixtures/eip1193-provider.js'

function connectorOver(provider: FakeEip1193Provider): Connector {
  return createEip1193Connector({ id: 'fake', name: 'Fake', type: 'announced', namespace: 'eip155', provider })
}

describe('EVM connectors', () => {
  const uninstall: (() => void)[] = []
  beforeEach(() => resetEvmDiscovery())
  afterEach(() => {
    for (const stop of uninstall.splice(0)) stop()
    delete (window as { ethereum?: unknown }).ethereum
    resetEvmDiscovery()
  })

  describe('discovery', () => {
    it('finds EIP-6963 wallets that announced before (by asking) and after (by listening)', async () => {
      uninstall.push(announceWallet(new FakeEip1193Provider(), { rdns: 'com.example.first', name: 'First' }).uninstall)
      const first = await loadEvmConnectors()
      expect(first.map(c => [c.id, c.name, c.type, c.rdns])).to.deep.equal([
        ['com.example.first', 'First', 'announced', 'com.example.first']
      ])
      expect(first[0]!.imageUrl).to.match(/^data:image\/svg\+xml;base64,/)
      const seen: string[][] = []
      uninstall.push(watchEvmConnectors(list => seen.push(list.map(c => c.id))))
      uninstall.push(announceWallet(new FakeEip1193Provider(), { rdns: 'com.example.second' }).uninstall)
      // The watcher hears the current list at once (a wallet may announce between load and watch), then each change.
      expect(seen).to.deep.equal([['com.example.first'], ['com.example.first', 'com.example.second']])
    })

    it('the same wallet announcing again is one connector; a new provider under the same rdns replaces it', async () => {
      const provider = new FakeEip1193Provider()
      const wallet = announceWallet(provider, { rdns: 'com.example.same' })
      uninstall.push(wallet.uninstall)
      const [before] = await loadEvmConnectors()
      window.dispatchEvent(new Event('eip6963:requestProvider'))
      const [again] = await loadEvmConnectors()
      expect(again).to.equal(before)
    })

    it('drops announcements that do not parse, and icons that are not safe images', async () => {
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', { detail: { info: { rdns: 'x' }, provider: {} } })
      )
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: { info: { uuid: '1', name: 'No provider', icon: '', rdns: 'a.b' }, provider: { request: 'nope' } }
        })
      )
      uninstall.push(
        announceWallet(new FakeEip1193Provider(), {
          rdns: 'com.example.icon',
          name: '  <b>Bold</b>  ',
          icon: 'javascript:alert(1)'
        }).uninstall
      )
      const list = await loadEvmConnectors()
      expect(list.map(c => c.id)).to.deep.equal(['com.example.icon'])
      expect(list[0]!.name).to.equal('<b>Bold</b>')
      expect(list[0]!.imageUrl).to.equal(undefined)
    })

    it('uses the legacy window.ethereum only when nothing announces', async () => {
      ;(window as { ethereum?: unknown }).ethereum = new FakeEip1193Provider()
      const legacy = await loadEvmConnectors()
      expect(legacy.map(c => [c.id, c.type, c.name])).to.deep.equal([['injected', 'injected', 'Browser Wallet']])
      uninstall.push(announceWallet(new FakeEip1193Provider(), { rdns: 'com.example.announced' }).uninstall)
      expect((await loadEvmConnectors()).map(c => c.id)).to.deep.equal(['com.example.announced'])
    })

    it('the adapter loads them on first use', async () => {
      uninstall.push(announceWallet(new FakeEip1193Provider(), { rdns: 'com.example.adapter' }).uninstall)
      const adapter = evmAdapter()
      expect((await adapter.loadConnectors()).map(c => c.id)).to.deep.equal(['com.example.adapter'])
    })
  })

  describe('an EIP-1193 connector', () => {
    it('connect asks for accounts, then the chain, and moves the wallet to the chain asked for', async () => {
      const provider = new FakeEip1193Provider({ chainId: 1 })
      const result = await connectorOver(provider).connect({ chainId: 'eip155:56' })
      expect(result).to.deep.equal({ address: FAKE_ADDRESS, chainId: 56, accounts: [FAKE_ADDRESS] })
      expect(provider.methods()).to.deep.equal([
        'eth_requestAccounts',
        'eth_chainId',
        'wallet_switchEthereumChain',
        'eth_chainId'
      ])
    })

    it('connect keeps the wallet on its chain when it will not switch', async () => {
      const provider = new FakeEip1193Provider({ chainId: 1 })
      provider.failures.set('wallet_switchEthereumChain', new ProviderError(4001, 'no'))
      expect((await connectorOver(provider).connect({ chainId: 56 })).chainId).to.equal(1)
    })

    it('reconnect uses eth_accounts only, and gives nothing when the site is not approved', async () => {
      const provider = new FakeEip1193Provider({ authorized: false })
      const connector = connectorOver(provider)
      expect(await connector.reconnect()).to.equal(undefined)
      provider.authorized = true
      expect(await connector.reconnect()).to.deep.equal({ address: FAKE_ADDRESS, chainId: 1, accounts: [FAKE_ADDRESS] })
      expect(provider.methods()).to.not.include('eth_requestAccounts')
    })

    it('switchNetwork: wallet_switchEthereumChain with the hex id', async () => {
      const provider = new FakeEip1193Provider()
      await connectorOver(provider).switchNetwork(localChainB)
      expect(provider.requests.at(-1)).to.deep.equal({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: '0x7a6a' }]
      })
      expect(provider.chainId).to.equal(31338)
    })

    it('switchNetwork on 4902 adds the chain with its RPC and currency, then switches', async () => {
      const provider = new FakeEip1193Provider({ chains: [1] })
      await connectorOver(provider).switchNetwork(localChainB)
      expect(provider.methods()).to.deep.equal([
        'wallet_switchEthereumChain',
        'wallet_addEthereumChain',
        'wallet_switchEthereumChain'
      ])
      expect(provider.requests[1]!.params).to.deep.equal([
        {
          chainId: '0x7a6a',
          chainName: 'Local Chain B',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: ['http://127.0.0.1:8546']
        }
      ])
      expect(provider.chainId).to.equal(31338)
    })

    it('switchNetwork sees 4902 wrapped in -32603 (data.originalError) too', async () => {
      const provider = new FakeEip1193Provider({ chains: [1] })
      const wrapped = Object.assign(new ProviderError(-32603, 'internal'), { data: { originalError: { code: 4902 } } })
      let first = true
      provider.failures.set('wallet_switchEthereumChain', () => {
        if (first) {
          first = false
          throw wrapped
        }
        return null
      })
      await connectorOver(provider).switchNetwork(mainnet)
      expect(provider.methods()).to.include('wallet_addEthereumChain')
    })

    it('other switch errors reach the caller', async () => {
      const provider = new FakeEip1193Provider()
      provider.failures.set('wallet_switchEthereumChain', new ProviderError(4001, 'declined'))
      let caught: unknown
      await connectorOver(provider)
        .switchNetwork(localChainB)
        .catch(error => (caught = error))
      expect((caught as ProviderError).code).to.equal(4001)
    })

    it('events: payloads are parsed, bad ones dropped; the returned function stops listening', () => {
      const provider = new FakeEip1193Provider()
      const connector = connectorOver(provider)
      const chains: (number | string)[] = []
      const accounts: (readonly string[])[] = []
      let disconnects = 0
      const stops = [
        connector.on('chainChanged', id => chains.push(id)),
        connector.on('accountsChanged', list => accounts.push(list)),
        connector.on('disconnect', () => disconnects++)
      ]
      provider.emit('chainChanged', '0x89')
      provider.emit('chainChanged', 'eip155:10')
      provider.emit('chainChanged', { id: 1 })
      provider.emit('accountsChanged', [FAKE_ADDRESS])
      provider.emit('accountsChanged', 'nope')
      provider.emit('disconnect', { code: 1013 })
      provider.emit('disconnect', { code: 4900 })
      expect(chains).to.deep.equal([137, 10])
      expect(accounts).to.deep.equal([[FAKE_ADDRESS]])
      expect(disconnects).to.equal(1)
      for (const stop of stops) stop()
      expect(provider.listenerCount('chainChanged')).to.equal(0)
    })

    it('getBalance parses the hex quantity', async () => {
      const provider = new FakeEip1193Provider({ balance: 10n ** 18n })
      expect(await connectorOver(provider).getBalance(FAKE_ADDRESS)).to.equal(10n ** 18n)
      provider.failures.set('eth_getBalance', () => 'lots')
      let caught: unknown
      await connectorOver(provider)
        .getBalance(FAKE_ADDRESS)
        .catch(error => (caught = error))
      expect((caught as Error).name).to.equal('WalletResponseError')
    })
  })

  describe('chain ids (docs/behaviour.md section 5: a string or a number)', () => {
    it('accepts numbers, decimal and hex strings and CAIP-2', () => {
      expect([1, '1', '0x1', 'eip155:1', 'eip155:0x1'].map(parseEvmChainId)).to.deep.equal([1, 1, 1, 1, 1])
      expect(toHexChainId(31337)).to.equal('0x7a69')
      expect(toHexChainId('31338')).to.equal('0x7a6a')
    })

    it('refuses anything else', () => {
      for (const bad of [0, -1, 1.5, '', 'abc', '0x', 'solana:1', null, {}])
        expect(safeParseEvmChainId(bad), String(bad)).to.equal(undefined)
      expect(() => parseEvmChainId('abc')).to.throw(/Invalid EVM chain id "abc"/)
    })

    it('addEthereumChainParameters names the explorer when the network has one', () => {
      expect(addEthereumChainParameters(mainnet).blockExplorerUrls).to.deep.equal(['https://etherscan.io'])
    })
  })

  it('formatUnits is exact and trims trailing zeros', () => {
    expect(formatUnits(1_500_000_000_000_000_000n, 18)).to.equal('1.5')
    expect(formatUnits(1n, 18)).to.equal('0.000000000000000001')
    expect(formatUnits(10_000n * 10n ** 18n, 18)).to.equal('10000')
    expect(formatUnits(123n, 0)).to.equal('123')
    expect(formatUnits(-25n, 1)).to.equal('-2.5')
  })
})
