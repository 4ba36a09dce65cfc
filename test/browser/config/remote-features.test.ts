import { expect } from '@open-wc/testing'
import sinon from 'sinon'
import { setProjectConfigClient } from '../../../src/api/project-config-client.js'
import type { RemoteFeature } from '../../../src/api/schemas/catalog.js'
import { DEFAULT_FEATURES, parseOptions } from '../../../src/config/options.js'
import { DEFAULT_REMOTE_FEATURES, mergeRemoteFeatures } from '../../../src/config/remote-features.js'
import { mainnet } from '../../../src/networks/definitions.js'
import { $onramp, resetOnramp } from '../../../src/stores/onramp/onramp.js'
import { $options, resetOptions, setOptions } from '../../../src/stores/options.js'
import { loadRemoteFeatures } from '../../../src/stores/remote-features.js'
import { createAppKit } from '../../../src/app-kit.js'
import { resetModal } from '../../../src/stores/modal.js'
import { until } from '../connect/support.js'

const remote: RemoteFeature[] = [
  { id: 'swaps', isEnabled: false, config: null },
  { id: 'onramp', isEnabled: true, config: ['meld'] },
  { id: 'email', isEnabled: false },
  { id: 'socials', isEnabled: true, config: ['github', 'google', 'myspace'] },
  { id: 'activity', isEnabled: false },
  { id: 'somethingNew', isEnabled: true }
]

describe('remote features merged with the options (issue 13)', () => {
  it('unset features take the remote value; unknown remote ids and providers are ignored', () => {
    const merged = mergeRemoteFeatures(DEFAULT_FEATURES, new Set(), remote)
    expect(merged.features).to.deep.equal({
      ...DEFAULT_FEATURES,
      swaps: false,
      onramp: true,
      email: false,
      socials: ['github', 'google'],
      history: false
    })
    expect(merged.onrampProviders).to.deep.equal(['meld'])
    expect(merged.swapsProvider).to.equal(undefined)
  })

  it('the app’s explicit options win, feature by feature', () => {
    const features = { ...DEFAULT_FEATURES, swaps: true, email: true, socials: ['x' as const], history: true }
    const merged = mergeRemoteFeatures(features, new Set(['swaps', 'email', 'socials', 'history', 'onramp']), remote)
    expect(merged.features).to.deep.equal(features)
    expect(merged.onrampProviders).to.equal(undefined)
  })

  it('when the call failed, the spec’s default remote features apply', () => {
    const features = { ...DEFAULT_FEATURES, swaps: false, email: false, socials: false as const }
    const merged = mergeRemoteFeatures(features, new Set(), undefined)
    expect(merged.features).to.include({ swaps: true, onramp: true, email: true, history: true })
    expect(merged.features.socials).to.deep.equal([
      'google',
      'x',
      'discord',
      'farcaster',
      'github',
      'apple',
      'facebook'
    ])
    expect(merged.onrampProviders).to.deep.equal(['coinbase', 'meld'])
    expect(merged.swapsProvider).to.equal('1inch')
    expect(DEFAULT_REMOTE_FEATURES.map(feature => feature.id)).to.deep.equal([
      'swaps',
      'onramp',
      'email',
      'socials',
      'activity'
    ])
  })

  it('socials enabled with no known provider, or disabled, is no socials', () => {
    const none = mergeRemoteFeatures(DEFAULT_FEATURES, new Set(), [
      { id: 'socials', isEnabled: true, config: ['myspace'] }
    ])
    expect(none.features.socials).to.equal(false)
    const off = mergeRemoteFeatures(DEFAULT_FEATURES, new Set(), [
      { id: 'socials', isEnabled: false, config: ['google'] }
    ])
    expect(off.features.socials).to.equal(false)
  })
})

describe('loadRemoteFeatures: the options and the Buy flow follow the project', () => {
  let warn: sinon.SinonStub
  beforeEach(() => {
    warn = sinon.stub(console, 'warn')
    resetOnramp()
    setOptions(
      parseOptions({
        projectId: 'p',
        apiUrl: 'http://127.0.0.1:1',
        networks: [mainnet],
        features: { email: true },
        // Meld is offered only with the app's key (test/browser/onramp/providers.test.ts).
        meldPublicKey: 'pk_test_meld'
      })
    )
    resetOnramp()
  })
  afterEach(() => {
    warn.restore()
    setProjectConfigClient(undefined)
    resetOptions()
    resetOnramp()
  })

  it('merges what the backend answers; explicit keys win; the onramp providers become the Buy flow’s', async () => {
    setProjectConfigClient({ features: async () => remote, origins: async () => [] })
    await loadRemoteFeatures(new Set(['email']))
    expect($options.get()?.features).to.include({ swaps: false, email: true, history: false })
    expect($onramp.get().providers.map(provider => provider.name)).to.deep.equal(['meld'])
  })

  it('a failed call keeps the defaults and says why once', async () => {
    setProjectConfigClient({
      features: async () => Promise.reject(new Error('HTTP status code: 500')),
      origins: async () => []
    })
    await loadRemoteFeatures(new Set(['email']))
    expect($options.get()?.features).to.include({ swaps: true, onramp: true, email: true, history: true })
    expect($onramp.get().providers.map(provider => provider.name)).to.deep.equal(['coinbase', 'meld'])
    expect(warn.callCount).to.equal(1)
  })
})

describe('createAppKit reads the remote features once the page is idle', () => {
  afterEach(() => {
    setProjectConfigClient(undefined)
    document.querySelectorAll('w3m-modal').forEach(el => el.remove())
    resetModal()
    resetOnramp()
  })

  it('with a backend: the options follow the project, the app’s own keys stay', async () => {
    let asked = 0
    setProjectConfigClient({
      features: async () => {
        asked++
        return remote
      },
      origins: async () => []
    })
    createAppKit({ projectId: 'p', apiUrl: 'http://127.0.0.1:1', networks: [mainnet], features: { swaps: true } })
    await until(() => $options.get()?.features.email === false, 'the remote features')
    expect(asked).to.equal(1)
    expect($options.get()?.features).to.include({ swaps: true, history: false })
  })

  it('without a backend nothing is asked', async () => {
    let asked = 0
    setProjectConfigClient({
      features: async () => {
        asked++
        return remote
      },
      origins: async () => []
    })
    createAppKit({ projectId: 'p', networks: [mainnet] })
    await new Promise(resolve => setTimeout(resolve, 300))
    expect(asked).to.equal(0)
    expect($options.get()?.features.email).to.equal(true)
  })
})
