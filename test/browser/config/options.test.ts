import { expect } from '@open-wc/testing'
import {
  AppKitOptionsError,
  DEFAULT_FEATURES,
  parseOptions,
  type AppKitOptionsInput
} from '../../../src/config/options.js'
import { localChainA, localChainB, mainnet } from '../../../src/networks/definitions.js'

const valid = { projectId: 'appkit-local', networks: [localChainA] }

function errorOf(input: unknown): AppKitOptionsError {
  try {
    parseOptions(input)
  } catch (error) {
    if (error instanceof AppKitOptionsError) return error
    throw error
  }
  throw new Error('expected parseOptions to throw')
}

describe('createAppKit options', () => {
  it('fills the spec defaults', () => {
    const options = parseOptions(valid)
    expect(options.features).to.deep.equal(DEFAULT_FEATURES)
    expect(options.features).to.include({
      receive: true,
      send: true,
      analytics: true,
      allWallets: true,
      legalCheckbox: false,
      smartSessions: false,
      pay: false,
      email: true
    })
    expect(options.features.connectMethodsOrder).to.deep.equal(['email', 'social', 'wallet'])
    expect(options.features.walletFeaturesOrder).to.deep.equal(['onramp', 'swaps', 'receive', 'send'])
    expect(options.enableWalletConnect).to.equal(true)
    expect(options.enableInjected).to.equal(true)
    expect(options.manualWCControl).to.equal(false)
    expect(options.allowUnsupportedChain).to.equal(false)
    expect(options.adapters).to.deep.equal([])
  })

  it('keeps given features and defaults the rest', () => {
    const options = parseOptions({ ...valid, features: { email: false, connectMethodsOrder: ['wallet', 'email'] } })
    expect(options.features.email).to.equal(false)
    expect(options.features.connectMethodsOrder).to.deep.equal(['wallet', 'email'])
    expect(options.features.send).to.equal(true)
  })

  it('names a wrong theme mode and what was expected', () => {
    const error = errorOf({ ...valid, themeMode: 'blue' })
    expect(error.option).to.equal('themeMode')
    expect(error.message).to.equal('createAppKit: option "themeMode" is invalid: expected one of "light" | "dark"')
  })

  it('takes tokens per network, and names a token address that is neither EVM nor Solana', () => {
    const tokens = { 'eip155:31337': [{ address: '0x73511669fd4dE447feD18BB79bAFeAC93aB7F31f', symbol: 'tUSDC' }] }
    expect(parseOptions({ ...valid, tokens }).tokens).to.deep.equal(tokens)
    const error = errorOf({ ...valid, tokens: { 'eip155:31337': [{ address: '0x1234' }] } })
    expect(error.option).to.equal('tokens.eip155:31337[0].address')
    expect(error.message).to.contain('a token address')
  })

  it('names a project id that is not a string', () => {
    const error = errorOf({ projectId: 42, networks: [localChainA] })
    expect(error.option).to.equal('projectId')
    expect(error.message).to.contain('expected a string')
  })

  it('takes a missing or empty project id as empty: the kit runs and alerts (issue 13), it does not throw', () => {
    expect(parseOptions({ networks: [localChainA] } as AppKitOptionsInput).projectId).to.equal('')
    expect(parseOptions({ projectId: '', networks: [localChainA] }).projectId).to.equal('')
  })

  it('names an empty network list', () => {
    const error = errorOf({ projectId: 'p', networks: [] })
    expect(error.option).to.equal('networks')
    expect(error.message).to.contain('at least one network')
  })

  it('names the bad field inside a network', () => {
    const error = errorOf({ projectId: 'p', networks: [{ ...localChainA, caipNetworkId: 'nope' }] })
    expect(error.option).to.equal('networks[0].caipNetworkId')
    expect(error.message).to.contain('CAIP-2')
  })

  it('names a nested feature', () => {
    const error = errorOf({ ...valid, features: { email: 'yes' } })
    expect(error.option).to.equal('features.email')
    expect(error.message).to.contain('expected a boolean')
  })

  it('features.onramp: on, off, or the providers to offer; anything else is named with the forms it takes (issue 29)', () => {
    expect(parseOptions({ ...valid, features: { onramp: ['meld'] } }).features.onramp).to.deep.equal(['meld'])
    expect(parseOptions({ ...valid, features: { onramp: false } }).features.onramp).to.equal(false)
    expect(parseOptions(valid).features.onramp).to.equal(true)
    for (const onramp of [['paypal'], 'coinbase', ['coinbase', 3]]) {
      const error = errorOf({ ...valid, features: { onramp } })
      expect(error.option, JSON.stringify(onramp)).to.equal('features.onramp')
      expect(error.message).to.equal(
        'createAppKit: option "features.onramp" is invalid: expected true, false, or a list of "coinbase" | "meld"'
      )
    }
    expect(errorOf({ ...valid, features: { onramp: [] } }).message).to.equal(
      'createAppKit: option "features.onramp" is invalid: expected at least one provider (false turns Buy off)'
    )
  })

  it('meldPublicKey: the deployment’s Meld key, a non-empty string (issue 29)', () => {
    expect(parseOptions({ ...valid, meldPublicKey: 'pk_live_1' }).meldPublicKey).to.equal('pk_live_1')
    expect(parseOptions(valid).meldPublicKey).to.equal(undefined)
    expect(errorOf({ ...valid, meldPublicKey: '' }).message).to.equal(
      'createAppKit: option "meldPublicKey" is invalid: expected a Meld public key'
    )
    expect(errorOf({ ...valid, meldPublicKey: 42 }).option).to.equal('meldPublicKey')
  })

  it('rejects an unknown theme variable', () => {
    const error = errorOf({ ...valid, themeVariables: { '--not-ours': 'red' } })
    expect(error.option).to.contain('themeVariables')
  })

  it('rejects an adapter that is not one', () => {
    const error = errorOf({ ...valid, adapters: [{ namespace: 'cosmos' }] })
    expect(error.option).to.equal('adapters[0]')
    expect(error.message).to.contain('evmAdapter()')
  })

  it('rejects a default network that is not in the list', () => {
    const error = errorOf({ projectId: 'p', networks: [localChainA, localChainB], defaultNetwork: mainnet })
    expect(error.option).to.equal('defaultNetwork')
  })

  it('rejects a malformed apiUrl', () => {
    expect(errorOf({ ...valid, apiUrl: 'not a url' }).option).to.equal('apiUrl')
  })

  it('features.socials: false or a list of providers; anything else names the option (the schema without z.literal, issue 35)', () => {
    expect(parseOptions({ ...valid, features: { socials: false } }).features.socials).to.equal(false)
    expect(parseOptions({ ...valid, features: { socials: ['x'] } }).features.socials).to.deep.equal(['x'])
    for (const socials of [true, 'x', ['myspace']]) {
      expect(errorOf({ ...valid, features: { socials } }).option, JSON.stringify(socials)).to.match(
        /^features\.socials/
      )
    }
  })

  it("a network's decimals: a whole number of at least 0 (a refinement instead of z.int and z.nonnegative, issue 35)", () => {
    const withDecimals = (decimals: number) => ({
      ...valid,
      networks: [{ ...localChainA, nativeCurrency: { ...localChainA.nativeCurrency, decimals } }]
    })
    expect(parseOptions(withDecimals(0)).networks[0]?.nativeCurrency.decimals).to.equal(0)
    for (const decimals of [1.5, -1, Number.NaN]) {
      const error = errorOf(withDecimals(decimals))
      expect(error.option, String(decimals)).to.equal('networks[0].nativeCurrency.decimals')
    }
    expect(errorOf(withDecimals(1.5)).message).to.contain('a whole number of at least 0')
  })

  it('rejects options that are not an object', () => {
    expect(errorOf('hello').message).to.contain('an object')
  })
})
