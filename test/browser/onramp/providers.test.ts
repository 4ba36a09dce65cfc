// Which onramp providers Buy offers, and where a checkout delivers (issue 29, point 2 and point 15):
// the app's `features.onramp` list and `meldPublicKey` options, the exported setOnrampProviders, and
// the card chains of docs/behaviour.md section 9.
import { expect, fixture, html } from '@open-wc/testing'
import sinon from 'sinon'
import { base } from 'viem/chains'
import '../../../src/elements/views/onramp/w3m-onramp-providers-view.js'
import { setOnrampClient, type OnrampClient } from '../../../src/api/onramp-client.js'
import type { OnrampUrlBody } from '../../../src/api/schemas/onramp.js'
import { AppKitOptionsError, setOnrampProviders } from '../../../src/index.js'
import { connect } from '../../../src/stores/connect/connection.js'
import { loadConnectors } from '../../../src/stores/connect/connectors.js'
import { selectNetwork } from '../../../src/stores/network.js'
import {
  $onramp,
  checkoutUrl,
  loadOnrampOptions,
  resetOnramp,
  selectOnrampProvider,
  setProjectOnrampProviders
} from '../../../src/stores/onramp/onramp.js'
import { loadRemoteFeatures } from '../../../src/stores/remote-features.js'
import { setProjectConfigClient } from '../../../src/api/project-config-client.js'
import { FakeEip1193Provider, announceWallet } from '../../fixtures/eip1193-provider.js'
import { TEST_NETWORKS, setUpConnection, tearDownConnection, track } from '../connect/support.js'
import type { AppKitOptionsInput } from '../../../src/config/options.js'

const MELD_KEY = 'pk_live_meld_app_key'
const names = () => $onramp.get().providers.map(provider => provider.name)
const byTestId = (el: Element, id: string) => el.shadowRoot!.querySelector(`[data-testid="${id}"]`)

/** The options' purchase currencies: tUSDC on the local chain A only. */
function fakeOnramp(): { readonly urls: OnrampUrlBody[] } {
  const urls: OnrampUrlBody[] = []
  const client: OnrampClient = {
    options: async () => ({
      purchaseCurrencies: [
        {
          id: 'tUSDC',
          name: 'Test USD Coin',
          symbol: 'tUSDC',
          networks: [{ name: 'appkit-local-a', display_name: 'A', chain_id: '31337', contract_address: '0x7351' }]
        }
      ],
      paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: '10.00', max: '500.00' }] }]
    }),
    quote: async () => Promise.reject(new Error('no quotes here')),
    checkoutUrl: async body => {
      urls.push(body)
      return 'http://127.0.0.1:8787/onramp/sandbox?order=1'
    }
  }
  setOnrampClient(client)
  return { urls }
}

/** An app with `options`, and the Buy flow's store as it starts for them. */
function app(options: Partial<AppKitOptionsInput> = {}): void {
  setUpConnection(options)
  resetOnramp()
}

async function connectOn(chainId: number): Promise<void> {
  track(announceWallet(new FakeEip1193Provider({ chainId }), { rdns: 'com.example.fake', name: 'Fake Wallet' }))
  await loadConnectors()
  selectNetwork(`eip155:${chainId}`)
  await connect('com.example.fake')
}

describe('Buy: the providers the app chooses (issue 29, point 2; docs/behaviour.md section 4)', () => {
  afterEach(() => {
    sinon.restore()
    setProjectConfigClient(undefined)
    setOnrampClient(undefined)
    resetOnramp()
    tearDownConnection()
  })

  it('Meld is offered only with the app’s meldPublicKey: its checkout refuses any other key', () => {
    app()
    expect(names()).to.deep.equal(['coinbase'])
    app({ meldPublicKey: MELD_KEY })
    expect(names()).to.deep.equal(['coinbase', 'meld'])
  })

  it('the key reaches the Meld URL the kit opens', async () => {
    app({ meldPublicKey: MELD_KEY })
    await connectOn(31337)
    selectOnrampProvider('meld')
    const opened = new URL((await checkoutUrl())!)
    expect(opened.origin).to.equal('https://meldcrypto.com')
    expect(opened.searchParams.get('publicKey')).to.equal(MELD_KEY)
    expect(opened.searchParams.get('externalCustomerId')).to.equal('test-project')
  })

  it('features.onramp’s list limits the providers, in the list and in the view', async () => {
    app({ meldPublicKey: MELD_KEY, features: { onramp: ['meld'] } })
    fakeOnramp()
    expect(names()).to.deep.equal(['meld'])
    const el = await fixture(html`<w3m-onramp-providers-view></w3m-onramp-providers-view>`)
    expect(byTestId(el, 'onramp-provider-meld')).to.not.equal(null)
    expect(byTestId(el, 'onramp-provider-coinbase')).to.equal(null)
    app({ features: { onramp: ['coinbase'] } })
    expect(names()).to.deep.equal(['coinbase'])
  })

  it('the exported setOnrampProviders chooses them, and wins over the project’s remote list', async () => {
    app({ meldPublicKey: MELD_KEY, apiUrl: 'http://127.0.0.1:1' })
    await setOnrampProviders(['meld'])
    expect(names()).to.deep.equal(['meld'])
    // The project's list (remote features, read once the page is idle) comes later: the app's stands.
    setProjectConfigClient({
      features: async () => [{ id: 'onramp', isEnabled: true, config: ['coinbase'] }],
      origins: async () => []
    })
    await loadRemoteFeatures(new Set())
    expect(names()).to.deep.equal(['meld'])
    await setOnrampProviders(['coinbase', 'meld'])
    expect(names()).to.deep.equal(['coinbase', 'meld'])
    // Without the app's choice, the project's list applies.
    resetOnramp()
    setProjectOnrampProviders(['coinbase'])
    expect(names()).to.deep.equal(['coinbase'])
  })

  it('setOnrampProviders names a wrong input with what it takes, and changes nothing', async () => {
    app({ meldPublicKey: MELD_KEY })
    for (const input of [['paypal'], 'coinbase', [1], undefined]) {
      const error = await setOnrampProviders(input as never).then(
        () => undefined,
        (thrown: unknown) => thrown
      )
      expect(error, JSON.stringify(input)).to.be.instanceOf(AppKitOptionsError)
      expect((error as Error).message).to.equal(
        'createAppKit: option "setOnrampProviders" is invalid: expected a list of "coinbase" | "meld"'
      )
    }
    expect(names()).to.deep.equal(['coinbase', 'meld'])
  })
})

describe('Buy: where Coinbase’s checkout delivers (issue 29, point 15; docs/behaviour.md section 9 card chains)', () => {
  afterEach(() => {
    setOnrampClient(undefined)
    resetOnramp()
    tearDownConnection()
  })

  it('on a chain the options list: that network alone', async () => {
    app()
    const { urls } = fakeOnramp()
    await connectOn(31337)
    await loadOnrampOptions()
    selectOnrampProvider('coinbase')
    await checkoutUrl()
    expect(urls[0]).to.include({ defaultNetwork: 'appkit-local-a' })
    expect(urls[0]!.destinationWallets[0]!.blockchains).to.deep.equal(['appkit-local-a'])
  })

  it('elsewhere: the card chains, the active one first in defaultNetwork (Base)', async () => {
    app({ networks: [...TEST_NETWORKS, base] })
    const { urls } = fakeOnramp()
    await connectOn(8453)
    await loadOnrampOptions()
    selectOnrampProvider('coinbase')
    await checkoutUrl()
    expect(urls[0]).to.include({ defaultNetwork: 'base' })
    expect(urls[0]!.destinationWallets[0]!.blockchains).to.deep.equal([
      'ethereum',
      'arbitrum',
      'polygon',
      'berachain',
      'avalanche',
      'optimism',
      'celo',
      'base'
    ])
  })

  it('on a chain that is not a card chain (BNB): the fallback, ethereum', async () => {
    app()
    const { urls } = fakeOnramp()
    await connectOn(56)
    await loadOnrampOptions()
    selectOnrampProvider('coinbase')
    await checkoutUrl()
    expect(urls[0]).to.include({ defaultNetwork: 'ethereum' })
    expect(urls[0]!.destinationWallets[0]!.blockchains).to.have.length(8)
  })
})
