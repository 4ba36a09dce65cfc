// Every chain viem exports is a network createAppKit takes (issue 13): `networks` and
// `defaultNetwork` accept a viem Chain, which becomes eip155:{id} keeping its name, native
// currency, RPC URLs, block explorer and testnet flag. defineNetwork builds a CAIP network for any
// namespace with the same checks, and a bad field is named.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Chain } from 'viem'
import * as viemChains from 'viem/chains'
import { sepolia } from 'viem/chains'
import { defineNetwork } from '../../src/config/network-input.js'
import { AppKitOptionsError, parseOptions } from '../../src/config/options.js'
import { mainnet } from '../../src/networks/definitions.js'

const chains = (Object.entries(viemChains) as [string, unknown][]).filter(
  (entry): entry is [string, Chain] =>
    typeof entry[1] === 'object' && entry[1] !== null && typeof (entry[1] as { id?: unknown }).id === 'number'
)

function thrown(run: () => unknown): AppKitOptionsError {
  try {
    run()
  } catch (error) {
    assert.ok(error instanceof AppKitOptionsError, String(error))
    return error
  }
  assert.fail('expected an AppKitOptionsError')
}

describe('viem chains as networks', () => {
  it(`takes every chain viem exports (${chains.length}), keeping what the kit shows and calls`, () => {
    assert.ok(chains.length > 500, `only ${chains.length} chains found in viem/chains`)
    for (const [name, chain] of chains) {
      const options = parseOptions({ projectId: 'p', networks: [chain], defaultNetwork: chain })
      const [network] = options.networks
      assert.ok(network, name)
      assert.equal(network.caipNetworkId, `eip155:${chain.id}`, name)
      assert.equal(network.chainNamespace, 'eip155', name)
      assert.equal(network.id, chain.id, name)
      assert.equal(network.name, chain.name, name)
      assert.deepEqual(network.nativeCurrency, chain.nativeCurrency, name)
      assert.deepEqual(network.rpcUrls.default.http, [...chain.rpcUrls.default.http], name)
      assert.equal(network.blockExplorers?.default.url, chain.blockExplorers?.default.url, name)
      assert.equal(network.testnet, chain.testnet, name)
      assert.equal(options.defaultNetwork?.caipNetworkId, network.caipNetworkId, name)
    }
  })

  it('mixes with the kit’s own networks', () => {
    const options = parseOptions({ projectId: 'p', networks: [mainnet, sepolia] })
    assert.deepEqual(
      options.networks.map(network => network.caipNetworkId),
      ['eip155:1', 'eip155:11155111']
    )
    assert.equal(options.networks[1]?.testnet, true)
  })

  it('names the exact field when neither shape fits', () => {
    const broken = { ...sepolia, nativeCurrency: { ...sepolia.nativeCurrency, symbol: '' } }
    assert.equal(
      thrown(() => parseOptions({ projectId: 'p', networks: [broken] })).option,
      'networks[0].nativeCurrency.symbol'
    )
    assert.equal(
      thrown(() => parseOptions({ projectId: 'p', networks: [{ id: 'x' }] })).option,
      'networks[0].caipNetworkId'
    )
  })
})

describe('defineNetwork', () => {
  it('builds a CAIP network for any namespace: {namespace}:{id} unless given', () => {
    const polkadot = defineNetwork({
      id: '91b171bb158e2d3848fa23a9f1c25182',
      chainNamespace: 'polkadot',
      name: 'Polkadot',
      nativeCurrency: { name: 'DOT', symbol: 'DOT', decimals: 10 },
      rpcUrls: { default: { http: ['https://rpc.polkadot.io'] } }
    })
    assert.equal(polkadot.caipNetworkId, 'polkadot:91b171bb158e2d3848fa23a9f1c25182')
    const custom = defineNetwork({ ...polkadot, caipNetworkId: 'polkadot:custom' })
    assert.equal(custom.caipNetworkId, 'polkadot:custom')
  })

  it('checks as createAppKit does and names the field', () => {
    const error = thrown(() =>
      defineNetwork({
        id: 7,
        chainNamespace: 'eip155',
        name: 'Seven',
        nativeCurrency: { name: 'S', symbol: 'S', decimals: -1 },
        rpcUrls: { default: { http: [] } }
      })
    )
    assert.equal(error.option, 'network.nativeCurrency.decimals')
    assert.equal(
      thrown(() =>
        defineNetwork({
          id: 1,
          chainNamespace: 'cosmos' as 'eip155',
          name: 'C',
          nativeCurrency: { name: 'A', symbol: 'A', decimals: 6 },
          rpcUrls: { default: { http: [] } }
        })
      ).option,
      'network.caipNetworkId'
    )
  })
})
