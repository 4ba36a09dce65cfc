// Property-based fuzzing of every value the kit reads back from localStorage (issue 33, point 1;
// spec §3 "Stored locally"): a valid value round-trips;
// whatever another script or an older version left under a key (not JSON, JSON of the wrong shape,
// deep nesting) is dropped and logged once (a console warning naming the key), never thrown; a
// storage that throws on every call behaves as empty; caches expire by their lifetimes (spec §9).
import assert from 'node:assert/strict'
import { after, before, describe } from 'node:test'
import * as fc from 'fast-check'
import { SOCIAL_PROVIDERS, STORAGE_PREFIX } from '../../src/config/constants.js'
import { CHAIN_NAMESPACES } from '../../src/networks/types.js'
import {
  balanceCache,
  identityCache,
  nameCache,
  nativeBalanceCache,
  portfolioCache,
  storedActiveNetworkId,
  storedConnectedSocial,
  storedConnections,
  storedEmail,
  storedEmailLoginUsed,
  storedLastEmailLoginTime,
  storedLastUsedChain,
  storedPendingSocialLogin,
  storedPreferredAccountTypes,
  storedRecentWallets,
  storedSmartAccountEnabledNetworks,
  storedSocialUsername,
  storedWalletConnectPairing,
  storedWalletId,
  storedWalletName,
  type StoredValue
} from '../../src/storage/index.js'
import { announce } from './config.js'
import { fuzz } from './fuzz-test.js'

announce('storage')

/** localStorage as a Map; `failing` makes every call throw, as a privacy mode or a full disk does. */
class MemoryStorage {
  readonly items = new Map<string, string>()
  failing: Error | undefined
  get length(): number {
    this.fail()
    return this.items.size
  }
  key(index: number): string | null {
    this.fail()
    return [...this.items.keys()][index] ?? null
  }
  getItem(key: string): string | null {
    this.fail()
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string): void {
    this.fail()
    this.items.set(key, String(value))
  }
  removeItem(key: string): void {
    this.fail()
    this.items.delete(key)
  }
  private fail(): void {
    if (this.failing) throw this.failing
  }
}

const storage = new MemoryStorage()
const warnings: string[] = []
const consoleWarn = console.warn
before(() => {
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true })
  console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '))
})
after(() => {
  Reflect.deleteProperty(globalThis, 'localStorage')
  console.warn = consoleWarn
})

const number = fc.double({ noNaN: true, noDefaultInfinity: true }).filter(value => !Object.is(value, -0))
const nonEmpty = fc.string({ minLength: 1 })
const caip2 = fc
  .tuple(fc.stringMatching(/^[-a-z0-9]{3,8}$/), fc.stringMatching(/^[-_a-zA-Z0-9]{1,32}$/))
  .map(parts => parts.join(':'))
const caip10 = fc
  .tuple(
    fc.constantFrom(...CHAIN_NAMESPACES),
    fc.stringMatching(/^[a-zA-Z0-9]{1,32}$/),
    fc.stringMatching(/^[a-zA-Z0-9]{1,64}$/)
  )
  .map(parts => parts.join(':'))
const opt = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined })
const clean = (value: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined))
const partialByNamespace = <T>(item: fc.Arbitrary<T>) =>
  fc.record(Object.fromEntries(CHAIN_NAMESPACES.map(ns => [ns, opt(item)]))).map(clean)
const catalogItem = fc
  .record({
    id: nonEmpty,
    name: fc.string(),
    image_id: opt(fc.option(fc.string(), { nil: null })),
    rdns: opt(fc.option(fc.string(), { nil: null })),
    mobile_link: opt(fc.option(fc.webUrl(), { nil: null })),
    desktop_link: opt(fc.option(fc.webUrl(), { nil: null })),
    webapp_link: opt(fc.option(fc.webUrl(), { nil: null })),
    chains: opt(fc.array(fc.constantFrom('eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')))
  })
  .map(clean)
const tokenBalance = fc
  .record({
    name: fc.string(),
    symbol: fc.string(),
    chainId: fc.constantFrom('eip155:1', 'eip155:8453'),
    address: opt(caip10),
    value: opt(number),
    price: number,
    quantity: fc.record({
      decimals: fc.integer({ min: 0, max: 255 }).map(String),
      numeric: fc.stringMatching(/^\d{1,20}(\.\d{1,20})?$/)
    }),
    iconUrl: fc.string()
  })
  .map(clean)
const email = fc.emailAddress().filter(text => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text))
const pairing = fc
  .tuple(fc.stringMatching(/^[0-9a-f]{64}$/), fc.string(), fc.integer({ min: 1 }))
  .map(([topic, tail, expiresAt]) => ({ topic, uri: `wc:${topic}@2?relay-protocol=irn${tail}`, expiresAt }))

/** Every stored value of src/storage/keys.ts and a generator of its valid values. */
const ENTRIES: ReadonlyArray<readonly [StoredValue<unknown>, fc.Arbitrary<unknown>]> = [
  ...CHAIN_NAMESPACES.map(ns => [storedWalletId(ns), nonEmpty] as const),
  ...CHAIN_NAMESPACES.map(ns => [storedWalletName(ns), fc.string()] as const),
  [storedActiveNetworkId, caip2],
  [
    storedConnections,
    partialByNamespace(
      fc.array(fc.record({ connectorId: nonEmpty, caipAddresses: fc.array(caip10), lastUsedAt: number }))
    )
  ],
  [storedRecentWallets, fc.array(catalogItem, { maxLength: 3 })],
  [storedPreferredAccountTypes, partialByNamespace(fc.constantFrom('eoa', 'smartAccount', 'payment'))],
  [storedConnectedSocial, fc.constantFrom(...SOCIAL_PROVIDERS)],
  [storedSocialUsername, fc.string()],
  [storedPendingSocialLogin, fc.record({ provider: fc.constantFrom(...SOCIAL_PROVIDERS), at: number })],
  [storedEmailLoginUsed, fc.boolean()],
  [storedEmail, email],
  [storedLastEmailLoginTime, number],
  [storedLastUsedChain, fc.oneof(nonEmpty, number)],
  [storedSmartAccountEnabledNetworks, fc.array(number)],
  [storedWalletConnectPairing, pairing]
] as ReadonlyArray<readonly [StoredValue<unknown>, fc.Arbitrary<unknown>]>

const entry = fc.nat({ max: ENTRIES.length - 1 })
const entryWithValue = entry.chain(index => ENTRIES[index]![1].map(value => [index, value] as const))
/** What another script or an older version may have left: text, JSON, valid values of other keys, deep nesting. */
const foreignText = fc.oneof(
  fc.string(),
  fc.json(),
  fc.constantFrom(
    'undefined',
    'NaN',
    '{',
    '[1,',
    '"\\ud800"',
    '{"__proto__":{"x":1}}',
    'null',
    'true',
    '0',
    '[]',
    '{}'
  ),
  entryWithValue.map(([, value]) => JSON.stringify(value)),
  fc.integer({ min: 100, max: 3000 }).map(depth => '['.repeat(depth) + ']'.repeat(depth))
)

/** `value` as JSON gives it back: plain objects (fast-check makes some without a prototype). */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown

function reset(): void {
  storage.items.clear()
  storage.failing = undefined
  warnings.length = 0
}

describe('stored values read back (spec §3; docs/behaviour.md: corrupt values dropped and logged, not thrown)', () => {
  fuzz('a valid value round-trips through storage as JSON under @appkit-wallet/', () =>
    fc.property(entryWithValue, ([index, value]) => {
      reset()
      const [stored] = ENTRIES[index]!
      assert.ok(stored.key.startsWith(STORAGE_PREFIX))
      assert.equal(stored.set(value), true, warnings.join('\n'))
      assert.deepEqual(JSON.parse(storage.items.get(stored.key)!), plain(value))
      assert.deepEqual(stored.get(), plain(value))
      assert.deepEqual(warnings, [])
    })
  )

  fuzz('whatever else is under the key: a valid value, or dropped with one warning naming the key; never a throw', () =>
    fc.property(entry, foreignText, (index, text) => {
      reset()
      const [stored] = ENTRIES[index]!
      storage.items.set(stored.key, text)
      const value = stored.get()
      if (value !== undefined) {
        assert.ok(storage.items.has(stored.key))
        assert.deepEqual(warnings, [])
        return
      }
      assert.equal(storage.items.has(stored.key), false, 'a corrupt value stays stored')
      assert.equal(warnings.length, 1)
      assert.ok(warnings[0]!.includes(stored.key), warnings[0])
      assert.equal(stored.get(), undefined)
      assert.equal(warnings.length, 1, 'logged again')
    })
  )

  fuzz(
    'a storage that throws on every call (privacy mode, quota) reads as empty and refuses writes with a warning',
    () =>
      fc.property(entryWithValue, fc.constantFrom('SecurityError', 'QuotaExceededError'), ([index, value], name) => {
        reset()
        const [stored] = ENTRIES[index]!
        storage.failing = Object.assign(new Error(`${name}: the operation is insecure or the quota is full`), { name })
        assert.equal(stored.get(), undefined)
        assert.equal(stored.set(value), false)
        assert.ok(
          warnings.some(warning => warning.includes(stored.key) && warning.includes(name)),
          warnings.join('\n')
        )
        stored.remove()
      })
  )
})

const CACHES = [
  [balanceCache, fc.record({ balance: fc.stringMatching(/^\d{1,30}(\.\d{1,30})?$/), symbol: fc.string() })],
  [nativeBalanceCache, fc.record({ balance: fc.stringMatching(/^\d{1,30}(\.\d{1,30})?$/), symbol: fc.string() })],
  [portfolioCache, fc.array(tokenBalance, { maxLength: 3 })],
  [nameCache, fc.option(fc.string(), { nil: null })],
  [
    identityCache,
    fc.record({ name: fc.option(fc.string(), { nil: null }), avatar: fc.option(fc.webUrl(), { nil: null }) })
  ]
] as const

describe('caches read back (spec §9: 30 s balances, 5 min names and identities)', () => {
  fuzz('fresh values are read back until their lifetime ends, then dropped; a future timestamp is dropped', () =>
    fc.property(
      fc
        .nat({ max: CACHES.length - 1 })
        .chain(index => (CACHES[index]![1] as fc.Arbitrary<unknown>).map(value => [index, value] as const)),
      caip2,
      caip10,
      fc.integer({ min: 0, max: 2_000_000_000_000 }),
      fc.double({ min: 0, max: 2, noNaN: true }),
      ([index, value], network, address, start, fraction) => {
        reset()
        let now = start
        const clock = { now: () => now }
        const make = CACHES[index]![0] as (
          network: string,
          address: string,
          clock: { now(): number }
        ) => {
          set(value: unknown): boolean
          get(): unknown
          ttlMs: number
          key: string
        }
        const cache = make(network, address, clock)
        assert.equal(cache.set(value), true)
        now = start + Math.floor(cache.ttlMs * fraction)
        if (now - start < cache.ttlMs) assert.deepEqual(cache.get(), plain(value))
        else {
          assert.equal(cache.get(), undefined)
          assert.equal(storage.items.has(cache.key), false)
        }
        cache.set(value)
        now = start - 1
        assert.equal(cache.get(), undefined)
      }
    )
  )

  fuzz('a cache entry of the wrong shape is dropped and logged, never thrown', () =>
    fc.property(fc.nat({ max: CACHES.length - 1 }), foreignText, fc.anything(), (index, text, value) => {
      reset()
      const make = CACHES[index]![0] as (network: string, address: string) => { get(): unknown; key: string }
      const cache = make('eip155:1', '0xabc')
      for (const raw of [text, JSON.stringify({ value, timestamp: Date.now() }) ?? 'undefined']) {
        storage.items.set(cache.key, raw)
        const read = cache.get()
        if (read === undefined) assert.equal(storage.items.has(cache.key), false)
      }
    })
  )
})
