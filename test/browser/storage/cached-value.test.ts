import { expect } from '@open-wc/testing'
import sinon from 'sinon'
import * as z from 'zod/mini'
import { createCachedValue } from '../../../src/storage/cached-value.js'
import {
  balanceCache,
  clearCaches,
  identityCache,
  nameCache,
  nativeBalanceCache,
  portfolioCache
} from '../../../src/storage/caches.js'

const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678'

describe('a cached value', () => {
  let clock: sinon.SinonFakeTimers

  beforeEach(() => {
    localStorage.clear()
    clock = sinon.useFakeTimers({ now: 1_700_000_000_000 })
  })
  afterEach(() => {
    clock.restore()
    sinon.restore()
    localStorage.clear()
  })

  it('stores { value, timestamp } under the prefix', () => {
    const cache = createCachedValue('greeting', z.string(), 1000)
    cache.set('hello')
    expect(JSON.parse(localStorage.getItem('@appkit-wallet/greeting')!)).to.deep.equal({
      value: 'hello',
      timestamp: 1_700_000_000_000
    })
    expect(cache.getEntry()).to.deep.equal({ value: 'hello', timestamp: 1_700_000_000_000 })
  })

  it('is fresh until its lifetime has passed, then gone and removed', () => {
    const cache = createCachedValue('greeting', z.string(), 1000)
    cache.set('hello')
    clock.tick(999)
    expect(cache.get()).to.equal('hello')
    clock.tick(1)
    expect(cache.get()).to.equal(undefined)
    expect(localStorage.getItem('@appkit-wallet/greeting')).to.equal(null)
  })

  it('a read may ask for a younger value (maxAgeMs): an older one is not given, and stays for other reads', () => {
    const cache = createCachedValue('greeting', z.string(), 1000)
    cache.set('hello')
    clock.tick(299)
    expect(cache.get(300)).to.equal('hello')
    clock.tick(1)
    expect(cache.get(300)).to.equal(undefined)
    expect(cache.getEntry(300)).to.equal(undefined)
    expect(cache.get()).to.equal('hello')
    expect(cache.get(5000), 'never past its lifetime').to.equal('hello')
    clock.tick(700)
    expect(cache.get(5000)).to.equal(undefined)
  })

  it('a new set restarts the lifetime', () => {
    const cache = createCachedValue('greeting', z.string(), 1000)
    cache.set('hello')
    clock.tick(800)
    cache.set('again')
    clock.tick(800)
    expect(cache.get()).to.equal('again')
  })

  it('treats an entry stamped in the future as stale', () => {
    localStorage.setItem('@appkit-wallet/greeting', JSON.stringify({ value: 'hi', timestamp: Date.now() + 60_000 }))
    expect(createCachedValue('greeting', z.string(), 1000).get()).to.equal(undefined)
  })

  it('drops an entry without a timestamp, warning', () => {
    const warn = sinon.stub(console, 'warn')
    localStorage.setItem('@appkit-wallet/greeting', JSON.stringify({ value: 'hi' }))
    expect(createCachedValue('greeting', z.string(), 1000).get()).to.equal(undefined)
    expect(localStorage.getItem('@appkit-wallet/greeting')).to.equal(null)
    expect(warn.callCount).to.equal(1)
  })

  it('takes an injected clock', () => {
    let now = 0
    const cache = createCachedValue('greeting', z.string(), 1000, { now: () => now })
    cache.set('hello')
    now = 1000
    expect(cache.get()).to.equal(undefined)
  })

  it('keys the spec caches by chain and address', () => {
    expect(balanceCache('eip155:1', ADDRESS).key).to.equal(`@appkit-wallet/balance_cache/eip155:1:${ADDRESS}`)
    expect(portfolioCache('eip155:1', ADDRESS).key).to.equal(`@appkit-wallet/portfolio_cache/eip155:1:${ADDRESS}`)
    expect(nativeBalanceCache('eip155:1', ADDRESS).key).to.equal(
      `@appkit-wallet/native_balance_cache/eip155:1:${ADDRESS}`
    )
    expect(nameCache('eip155:1', ADDRESS).key).to.equal(`@appkit-wallet/name_cache/eip155:1:${ADDRESS}`)
    expect(identityCache('eip155:1', ADDRESS).key).to.equal(`@appkit-wallet/identity_cache/eip155:1:${ADDRESS}`)
    nativeBalanceCache('eip155:1', ADDRESS).set({ balance: '1.5', symbol: 'ETH' })
    expect(nativeBalanceCache('eip155:10', ADDRESS).get()).to.equal(undefined)
    expect(nativeBalanceCache('eip155:1', ADDRESS).get()).to.deep.equal({ balance: '1.5', symbol: 'ETH' })
  })

  it('portfolio, native balance and balance last 30 s', () => {
    portfolioCache('eip155:1', ADDRESS).set([])
    nativeBalanceCache('eip155:1', ADDRESS).set({ balance: '1', symbol: 'ETH' })
    balanceCache('eip155:1', ADDRESS).set({ balance: '1', symbol: 'ETH' })
    clock.tick(29_999)
    expect(portfolioCache('eip155:1', ADDRESS).get()).to.deep.equal([])
    expect(nativeBalanceCache('eip155:1', ADDRESS).get()).to.not.equal(undefined)
    expect(balanceCache('eip155:1', ADDRESS).get()).to.not.equal(undefined)
    clock.tick(1)
    expect(portfolioCache('eip155:1', ADDRESS).get()).to.equal(undefined)
    expect(nativeBalanceCache('eip155:1', ADDRESS).get()).to.equal(undefined)
    expect(balanceCache('eip155:1', ADDRESS).get()).to.equal(undefined)
  })

  it('name and identity last 5 min; a cached "no name" is null', () => {
    nameCache('eip155:1', ADDRESS).set(null)
    identityCache('eip155:1', ADDRESS).set({ name: 'vitalik.eth', avatar: null })
    clock.tick(5 * 60_000 - 1)
    expect(nameCache('eip155:1', ADDRESS).get()).to.equal(null)
    expect(identityCache('eip155:1', ADDRESS).get()).to.deep.equal({ name: 'vitalik.eth', avatar: null })
    clock.tick(1)
    expect(nameCache('eip155:1', ADDRESS).get()).to.equal(undefined)
    expect(identityCache('eip155:1', ADDRESS).get()).to.equal(undefined)
  })

  it('clearCaches removes every cache entry and nothing else', () => {
    nameCache('eip155:1', ADDRESS).set('alice.eth')
    portfolioCache('solana:devnet', 'So11111111111111111111111111111111111111112').set([])
    localStorage.setItem('@appkit-wallet/email', '"a@b.co"')
    clearCaches()
    expect(nameCache('eip155:1', ADDRESS).get()).to.equal(undefined)
    expect(Object.keys(localStorage)).to.deep.equal(['@appkit-wallet/email'])
  })
})
