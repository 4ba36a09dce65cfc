// Property-based fuzzing of the kit's parsers at its boundaries (issue 33, point 1): CAIP-2 and
// CAIP-10 ids, EVM / Solana / Bitcoin addresses, amounts (parse, format, the display's truncation),
// origin patterns, and the wallet catalog's URLs and images. For each: any input gives an answer or
// the kit's typed error, never another throw; valid input round-trips; checks agree with a
// reference implementation where one exists (viem, @scure/btc-signer).
import assert from 'node:assert/strict'
import { describe } from 'node:test'
import { secp256k1 } from '@noble/curves/secp256k1'
import { NETWORK, TEST_NETWORK, p2pkh, p2sh, p2tr, p2wpkh } from '@scure/btc-signer'
import * as fc from 'fast-check'
import { formatUnits as viemFormatUnits, isAddress as viemIsAddress, parseUnits as viemParseUnits } from 'viem'
import * as z from 'zod/mini'
import { toCatalogItem, toCatalogWallet, type CatalogClient } from '../../src/api/catalog-client.js'
import { balanceResponseSchema, walletCatalogItemSchema, type TokenBalance } from '../../src/api/schemas/index.js'
import { CHAIN_NAMESPACES } from '../../src/networks/types.js'
import { parseAmount, tokenBalanceUnits } from '../../src/stores/send/rules.js'
import { isBitcoinAddress, isEvmAddress, isSolanaAddress } from '../../src/utils/address.js'
import { decodeBase58, encodeBase58 } from '../../src/utils/base58.js'
import {
  CaipFormatError,
  formatCaip10,
  formatCaip2,
  isCaip10,
  isCaip2,
  parseCaip10,
  parseCaip2
} from '../../src/utils/caip.js'
import { formatAmount, truncateDecimals } from '../../src/utils/format.js'
import { isOriginAllowed, originMatches, parseOrigin } from '../../src/utils/origin-patterns.js'
import { isSafeImageUrl } from '../../src/utils/safe-image.js'
import { isSafeUrl } from '../../src/utils/safe-url.js'
import { formatUnits } from '../../src/utils/units.js'
import { announce } from './config.js'
import { fuzz, isTypedError } from './fuzz-test.js'

announce('parsers')

/** Strings near the parsers' edges: colons, spaces, unicode, and anything at all. */
const nearCaip = fc.oneof(
  fc.string(),
  fc.string({ unit: fc.constantFrom(':', 'a', '1', ' ', '\n', '0x', '', 'é', 'eip155', 'solana') }),
  fc
    .array(fc.string({ unit: fc.constantFrom('a', '1', ':', '-', '_', '\t') }), { maxLength: 5 })
    .map(parts => parts.join(':'))
)
const namespacePart = fc.stringMatching(/^[-a-z0-9]{3,8}$/)
const referencePart = fc.stringMatching(/^[-_a-zA-Z0-9]{1,32}$/)
const addressPart = fc.stringMatching(/^[-.%a-zA-Z0-9]{1,128}$/)

describe('CAIP-2 and CAIP-10 ids (spec §5)', () => {
  fuzz('any input: the parts, or a CaipFormatError with a message', () =>
    fc.property(fc.oneof(nearCaip, fc.anything()), input => {
      for (const [parse, parts, is] of [
        [parseCaip2, 2, isCaip2],
        [parseCaip10, 3, isCaip10]
      ] as const) {
        let parsed: Record<string, string> | undefined
        try {
          parsed = parse(input) as unknown as Record<string, string>
        } catch (error) {
          assert.ok(isTypedError(error, CaipFormatError), String(error))
        }
        assert.equal(is(input), parsed !== undefined)
        if (!parsed) continue
        const values = [parsed.namespace, parsed.reference, parsed.address].slice(0, parts)
        assert.equal(values.join(':'), input)
        assert.ok(values.every(value => value && !/[\s:]/.test(value)))
      }
    })
  )

  fuzz('valid CAIP-2 and CAIP-10 ids round-trip through format and parse', () =>
    fc.property(
      namespacePart,
      referencePart,
      fc.constantFrom(...CHAIN_NAMESPACES),
      addressPart,
      (ns, ref, known, address) => {
        assert.deepEqual(parseCaip2(formatCaip2(ns, ref)), { namespace: ns, reference: ref })
        const caip10 = formatCaip10(`${known}:${ref}`, address)
        assert.deepEqual(parseCaip10(caip10), {
          namespace: known,
          reference: ref,
          address,
          caipNetworkId: `${known}:${ref}`
        })
        assert.ok(isCaip10(caip10))
      }
    )
  )

  fuzz('CAIP-10 refuses an unknown namespace, a missing or extra part (spec §5)', () =>
    fc.property(namespacePart, referencePart, addressPart, (ns, ref, address) => {
      const known = (CHAIN_NAMESPACES as readonly string[]).includes(ns)
      assert.equal(isCaip10(`${ns}:${ref}:${address}`), known)
      assert.equal(isCaip10(`${ns}:${ref}`), false)
      assert.equal(isCaip10(`eip155:${ref}:${address}:${address}`), false)
      assert.equal(isCaip2(`${ns}:${ref}:${address}`), false)
    })
  )
})

const bytes = (length: number) => fc.uint8Array({ minLength: length, maxLength: length })
const hex = (data: Uint8Array) => Array.from(data, byte => byte.toString(16).padStart(2, '0')).join('')
const randomCase = (text: string, flips: boolean[]) =>
  Array.from(text, (char, index) => (flips[index % flips.length] ? char.toUpperCase() : char)).join('')

describe('addresses (spec §5)', () => {
  fuzz('any input: a boolean, never a throw', () =>
    fc.property(fc.oneof(fc.anything(), fc.string(), fc.stringMatching(/^(0x)?[0-9a-fA-FxX]{38,42}$/)), input => {
      for (const check of [isEvmAddress, isSolanaAddress, isBitcoinAddress])
        assert.equal(typeof check(input), 'boolean')
    })
  )

  fuzz('EVM: 20 bytes in hex, any case, with or without 0x, pass; viem agrees on 0x forms', () =>
    fc.property(bytes(20), fc.array(fc.boolean(), { minLength: 1 }), fc.boolean(), (data, flips, prefixed) => {
      const body = randomCase(hex(data), flips)
      assert.ok(isEvmAddress(prefixed ? `0x${body}` : body))
      assert.equal(isEvmAddress(`0x${body}`), viemIsAddress(`0x${body}`, { strict: false }))
      assert.equal(isEvmAddress(`0x${body.slice(1)}`), false)
      assert.equal(isEvmAddress(`0x${body}0`), false)
    })
  )

  fuzz('Solana: any 32-byte key in base58 passes and decodes back to its bytes', () =>
    fc.property(bytes(32), key => {
      const text = encodeBase58(key)
      assert.ok(isSolanaAddress(text), text)
      assert.deepEqual(decodeBase58(text), key)
    })
  )

  fuzz('base58: any bytes round-trip; any text decodes or is refused, never a throw', () =>
    fc.property(fc.uint8Array({ maxLength: 80 }), fc.string(), (data, text) => {
      assert.deepEqual(decodeBase58(encodeBase58(data)), data)
      const decoded = decodeBase58(text)
      if (decoded !== undefined) assert.equal(encodeBase58(decoded), text)
    })
  )

  const REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }
  fuzz(
    'Bitcoin: every address @scure/btc-signer makes (p2pkh, p2sh, p2wpkh, p2tr; main, test, regtest) passes, in either case for bech32',
    () =>
      fc.property(
        fc.bigInt({ min: 1n, max: secp256k1.CURVE.n - 1n }),
        fc.constantFrom(NETWORK, TEST_NETWORK, REGTEST),
        fc.constantFrom('p2pkh', 'p2sh', 'p2wpkh', 'p2tr'),
        (secret, network, kind) => {
          const publicKey = secp256k1.getPublicKey(secret, true)
          const address =
            kind === 'p2pkh'
              ? p2pkh(publicKey, network).address
              : kind === 'p2sh'
                ? p2sh(p2wpkh(publicKey, network), network).address
                : kind === 'p2wpkh'
                  ? p2wpkh(publicKey, network).address
                  : p2tr(publicKey.subarray(1), undefined, network).address
          assert.ok(address && isBitcoinAddress(address), `${kind} ${address}`)
          if (kind === 'p2wpkh' || kind === 'p2tr') assert.ok(isBitcoinAddress(address.toUpperCase()))
          assert.equal(isBitcoinAddress(`${address.slice(0, 3)}0OIl${address.slice(7)}`), false)
        }
      ),
    0.2
  )
})

const decimalsArb = fc.integer({ min: 0, max: 36 })
/** Amounts from one smallest unit to far beyond any supply (2^256). */
const unitsArb = fc.oneof(fc.bigInt({ min: 1n, max: 1000n }), fc.bigInt({ min: 1n, max: 2n ** 256n }))
const decimalText = fc
  .tuple(fc.stringMatching(/^(0|[1-9]\d{0,40})$/), fc.option(fc.stringMatching(/^\d{1,40}$/), { nil: undefined }))
  .map(([whole, fraction]) => (fraction === undefined ? whole : `${whole}.${fraction}`))
const LOCALES = ['en-US', 'de-DE', 'fr-FR', 'hi-IN', 'ar', 'ja-JP'] as const

/** A locale's formatted amount back to plain ASCII digits and '.': its digits and decimal sign mapped, grouping dropped. */
function plainDigits(text: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { useGrouping: false })
  const digits = new Map(Array.from({ length: 10 }, (_, digit) => [format.format(digit), String(digit)]))
  const decimal = format.formatToParts(1.5).find(part => part.type === 'decimal')?.value ?? '.'
  let plain = ''
  for (const char of text) {
    if (digits.has(char)) plain += digits.get(char)
    else if (char === decimal) plain += '.'
    else if (char === '-' || char === '\u2212') plain += '-'
  }
  return plain
}

describe('amounts (spec §5: balance display truncates to 3 decimals)', () => {
  fuzz('formatUnits: plain decimal digits (never an exponent), no trailing zeros, the same as viem', () =>
    fc.property(unitsArb, decimalsArb, fc.boolean(), (units, decimals, negative) => {
      const value = negative ? -units : units
      const text = formatUnits(value, decimals)
      assert.match(text, /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/)
      assert.equal(text, viemFormatUnits(value, decimals))
    })
  )

  fuzz('parseAmount(formatUnits(v)) = v, and parseAmount agrees with viem parseUnits', () =>
    fc.property(unitsArb, decimalsArb, fc.constantFrom('.', ','), (units, decimals, separator) => {
      const text = formatUnits(units, decimals)
      assert.equal(parseAmount(text, decimals), units)
      assert.equal(parseAmount(text.replace('.', separator), decimals), units)
      assert.equal(parseAmount(text, decimals), viemParseUnits(text, decimals))
    })
  )

  fuzz('parseAmount of any text: a positive bigint with no more decimals than the token, or undefined', () =>
    fc.property(
      fc.oneof(fc.string(), decimalText, fc.constantFrom('1e18', '1E-7', '-1', '0x10', ' 1.5 ', 'Infinity', 'NaN')),
      decimalsArb,
      (text, decimals) => {
        const value = parseAmount(text, decimals)
        if (value === undefined) return
        assert.ok(value > 0n)
        assert.match(text.trim(), /^(\d+([.,]\d*)?|[.,]\d+)$/)
      }
    )
  )

  fuzz(
    'formatAmount: never an exponent, never rounded up (exactly the first 3 decimals), huge and tiny values, every locale',
    () =>
      fc.property(
        fc.oneof(
          decimalText,
          unitsArb.chain(units => decimalsArb.map(d => formatUnits(units, d)))
        ),
        fc.constantFrom(...LOCALES),
        (value, locale) => {
          const shown = formatAmount(value, locale)
          assert.doesNotMatch(shown, /e/i, `${value} in ${locale}: ${shown}`)
          const expected = truncateDecimals(value, 3)
          assert.equal(plainDigits(shown, locale), expected, `${value} in ${locale}: ${shown}`)
          const [whole = '', fraction = ''] = value.split('.')
          assert.ok(expected === whole || expected === `${whole}.${fraction.slice(0, 3).replace(/0+$/, '')}`)
        }
      ),
    0.5
  )

  fuzz('token balances of any schema-valid response: their smallest units are found, never a throw', () =>
    fc.property(fc.stringMatching(/^\d{1,12}$/), decimalText, (decimals, numeric) => {
      const response = {
        balances: [
          { name: 'T', symbol: 'T', chainId: 'eip155:1', price: 1, quantity: { decimals, numeric }, iconUrl: '' }
        ]
      }
      const parsed = z.safeParse(balanceResponseSchema, response)
      if (!parsed.success) return
      const token = parsed.data.balances[0] as TokenBalance
      // A token's decimals are a uint8 (ERC-20, SPL): every amount is padded to that many digits, so a
      // larger value accepted would hang the page on a BigInt of millions of digits, or throw a RangeError.
      assert.ok(Number(token.quantity.decimals) <= 255, `decimals ${token.quantity.decimals} accepted`)
      const units = tokenBalanceUnits(token)
      assert.equal(typeof units, 'bigint')
      const fraction = numeric.split('.')[1] ?? ''
      if (fraction.length <= Number(decimals)) assert.equal(units, viemParseUnits(numeric, Number(decimals)))
    })
  )
})

/** A host of 1-4 labels, the last a name (all-digit hosts are IPv4 addresses to URL). */
// No '--' in the 3rd and 4th places: 'xn--' labels are punycode, which URL refuses unless valid (IDNA).
const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/).filter(text => text.slice(2, 4) !== '--')
const host = fc
  .tuple(fc.array(label, { maxLength: 3 }), fc.stringMatching(/^[a-z]{2,6}$/))
  .map(([labels, top]) => [...labels, top].join('.'))
const scheme = fc.constantFrom('http', 'https')
const port = fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined })
const originOf = (s: string, h: string, p: number | undefined) => new URL(`${s}://${h}${p ? `:${p}` : ''}`).origin

describe('origin patterns (spec §5, §6: allowlist with wildcards)', () => {
  fuzz('any origin and pattern text: a boolean, never a throw', () =>
    fc.property(
      fc.oneof(fc.string(), fc.webUrl()),
      fc.array(fc.oneof(fc.string(), fc.webUrl(), fc.constant('*.vercel.app'))),
      (origin, patterns) => {
        assert.equal(typeof isOriginAllowed(origin, patterns), 'boolean')
        const parsed = parseOrigin(origin)
        if (parsed) assert.ok(parsed.host.length > 0)
      }
    )
  )

  fuzz('an origin matches itself as a pattern, in any case; a different port or scheme does not', () =>
    fc.property(scheme, host, port, fc.array(fc.boolean(), { minLength: 1 }), (s, h, p, flips) => {
      const origin = originOf(s, h, p)
      assert.ok(originMatches(origin, origin))
      assert.ok(originMatches(origin, randomCase(origin, flips)))
      assert.ok(originMatches(origin, `${s}://${h}:*`))
      assert.equal(originMatches(origin, originOf(s === 'http' ? 'https' : 'http', h, p)), false)
      assert.equal(originMatches(`${origin}/path`, origin), false)
    })
  )

  fuzz('*.domain matches whole labels only: never a label that merely ends with it, nor the domain under another', () =>
    fc.property(scheme, host, label, host, (s, domain, sub, evil) => {
      const pattern = `*.${domain}`
      assert.ok(originMatches(`${s}://${sub}.${domain}`, pattern))
      assert.equal(originMatches(`${s}://${domain}`, pattern), false)
      assert.equal(originMatches(`${s}://${sub}${domain}`, pattern), false)
      assert.equal(originMatches(`${s}://${sub}.${sub}${domain}`, pattern), false)
      if (evil !== domain && !evil.endsWith(`.${domain}`))
        assert.equal(originMatches(`${s}://${domain}.${evil}`, pattern), false)
    })
  )
})

const API = 'http://127.0.0.1:8787/api'
const catalogClient: CatalogClient = {
  getWallets: () => Promise.reject(new Error('not used')),
  walletImageUrl: id => {
    if (!/^[-_a-zA-Z0-9]{1,128}$/.test(id)) throw new Error('not an image id')
    return `${API}/getWalletImage/${id}?projectId=p`
  },
  trustedOrigins: [API]
}
const untrustedUrl = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.constantFrom(
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:x',
    'file:///etc/passwd',
    'http://evil.example/x',
    'https://user:pass@wallet.example/',
    'metamask://',
    'trust://wc',
    '//evil.example',
    `${API}/x`,
    ''
  ),
  fc.string()
)
const catalogItem = fc.record(
  {
    id: fc.string({ minLength: 1 }),
    name: fc.string(),
    image_id: fc.option(fc.oneof(fc.stringMatching(/^[-_a-zA-Z0-9]{1,20}$/), fc.string(), fc.constant('../../x')), {
      nil: null
    }),
    rdns: fc.option(fc.string(), { nil: null }),
    mobile_link: fc.option(untrustedUrl, { nil: null }),
    desktop_link: fc.option(untrustedUrl, { nil: null }),
    webapp_link: fc.option(untrustedUrl, { nil: null }),
    chains: fc.array(fc.constantFrom('eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'))
  },
  { requiredKeys: ['id', 'name'] }
)
const BLOCKED = /^\s*(javascript|data|vbscript|file|blob|about):/i

describe("the wallet catalog's URLs and images (spec §3, §7)", () => {
  fuzz(
    'any catalog entry: kept links are safe (https, the API origin, or a wallet scheme), images only from the API',
    () =>
      fc.property(catalogItem, item => {
        const wallet = toCatalogWallet(walletCatalogItemSchema.parse(item), catalogClient)
        for (const link of [wallet.mobileLink, wallet.desktopLink, wallet.webappLink, wallet.imageUrl]) {
          if (link === undefined) continue
          assert.doesNotMatch(link, BLOCKED, link)
          if (/^http:/i.test(link)) assert.equal(new URL(link).origin, new URL(API).origin, link)
        }
        if (wallet.webappLink) assert.ok(isSafeUrl(wallet.webappLink, [API]))
        if (wallet.imageUrl) {
          // The image id is one plain path segment: never a way out of the image path ('../', '%2F', '?').
          assert.match(new URL(wallet.imageUrl).pathname, /^\/api\/getWalletImage\/[-_a-zA-Z0-9]{1,128}$/)
          assert.ok(isSafeImageUrl(wallet.imageUrl, [API]))
        }
        assert.ok(wallet.name.length > 0)
      })
  )

  fuzz('a kept wallet round-trips through its stored (wire) form', () =>
    fc.property(catalogItem, item => {
      const wallet = toCatalogWallet(walletCatalogItemSchema.parse(item), catalogClient)
      const stored = walletCatalogItemSchema.parse(JSON.parse(JSON.stringify(toCatalogItem(wallet))))
      assert.deepEqual(toCatalogWallet(stored, catalogClient), wallet)
    })
  )

  fuzz('image URLs: any text is a safe image or refused, never a throw; data: only for images', () =>
    fc.property(
      fc.oneof(
        untrustedUrl,
        fc.anything(),
        fc.string().map(text => `data:${text}`)
      ),
      url => {
        const safe = isSafeImageUrl(url, [API])
        if (safe && /^\s*data:/i.test(String(url))) assert.match(String(url), /^data:image\//i)
        if (safe) assert.doesNotMatch(String(url), /^\s*(javascript|vbscript):/i)
      }
    )
  )
})
