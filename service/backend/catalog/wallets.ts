// The wallet catalog behind GET /getWallets: generated, deterministic for a seed (the same ids,
// names and order on every start and on every backend over the same configuration), so nothing
// is stored and several backends agree. The local test wallets come first: the "AppKit Dev
// Wallet" (EIP-6963, rdns dev.appkit.wallet) heads the recommended list.
import { createHash } from 'node:crypto'
import { LOCAL_CHAIN_IDS } from '../../../local/chain/deployment.js'
import type { GetWalletsQuery, WalletCatalogItem } from '../../../src/api/schemas/index.js'

export const DEV_WALLET = { name: 'AppKit Dev Wallet', rdns: 'dev.appkit.wallet' } as const
export const SOLANA_TEST_WALLET = { name: 'AppKit Solana Test Wallet' } as const

/** A catalog entry with what the API filters on but does not send. */
export interface CatalogWallet extends WalletCatalogItem {
  id: string
  image_id: string
  chains: string[]
  certified: boolean
}

const EVM_CHAINS = [1, 137, 42161, 10, 8453, 56, 324, 100, 43114, 250, 8217, 1313161554].map(id => `eip155:${id}`)
const LOCAL_EVM_CHAINS = LOCAL_CHAIN_IDS.map(id => `eip155:${id}`)
const SOLANA_CHAINS = [
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'
]
const BITCOIN_CHAINS = ['bip122:000000000019d6689c085ae165831e93']

const FIRST_WORDS = [
  'Aurora',
  'Beacon',
  'Cobalt',
  'Drift',
  'Ember',
  'Fathom',
  'Glacier',
  'Harbor',
  'Ion',
  'Jade',
  'Kestrel',
  'Lumen',
  'Meridian',
  'Nimbus',
  'Onyx',
  'Pylon',
  'Quartz',
  'Ripple',
  'Summit',
  'Tundra',
  'Umbra',
  'Vertex',
  'Willow',
  'Xenon',
  'Yonder',
  'Zephyr',
  'Atlas',
  'Birch',
  'Cipher',
  'Delta',
  'Echo',
  'Flux',
  'Granite',
  'Helix',
  'Iris',
  'Juniper',
  'Krypton',
  'Lattice',
  'Mosaic',
  'Nova',
  'Orbit',
  'Prism',
  'Quill',
  'Raven',
  'Sable',
  'Tidal',
  'Unity',
  'Velvet',
  'Wren',
  'Yarrow',
  'Zenith',
  'Amber',
  'Basalt',
  'Cedar',
  'Dune',
  'Falcon',
  'Garnet',
  'Horizon',
  'Indigo',
  'Kite'
]
const SECOND_WORDS = [
  'Wallet',
  'Vault',
  'Keys',
  'Pay',
  'Pocket',
  'Safe',
  'Hub',
  'Link',
  'Pass',
  'Purse',
  'Signer',
  'Wallet Pro'
]
const TLDS = ['app', 'io', 'com', 'xyz', 'finance', 'money']

/** Deterministic bytes for (seed, parts). */
function digest(seed: string, ...parts: Array<string | number>): Buffer {
  return createHash('sha256')
    .update([seed, ...parts].join('\u0000'))
    .digest()
}

/** A uniform number in [0, 1) from a digest and a byte offset. */
function unit(bytes: Buffer, offset: number): number {
  return bytes.readUInt32BE(offset % 28) / 0x1_0000_0000
}

/** A UUID-shaped image id (the catalog's image ids look like the hosted catalog's). */
function uuidFrom(bytes: Buffer): string {
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '')
}

export function generateCatalog(size: number, seed: string): CatalogWallet[] {
  const wallets: CatalogWallet[] = [
    {
      id: digest(seed, 'wallet', DEV_WALLET.rdns).toString('hex'),
      name: DEV_WALLET.name,
      image_id: uuidFrom(digest(seed, 'image', DEV_WALLET.rdns)),
      rdns: DEV_WALLET.rdns,
      mobile_link: null,
      desktop_link: null,
      webapp_link: null,
      chains: [...LOCAL_EVM_CHAINS, ...EVM_CHAINS],
      certified: true
    },
    {
      id: digest(seed, 'wallet', 'solana-test-wallet').toString('hex'),
      name: SOLANA_TEST_WALLET.name,
      image_id: uuidFrom(digest(seed, 'image', 'solana-test-wallet')),
      rdns: null,
      mobile_link: null,
      desktop_link: null,
      webapp_link: null,
      chains: ['solana:localnet', ...SOLANA_CHAINS],
      certified: true
    }
  ]
  // Every name once, in a seeded order (a Fisher-Yates shuffle driven by the seed).
  const names = FIRST_WORDS.flatMap(first => SECOND_WORDS.map(second => `${first} ${second}`))
  for (let i = names.length - 1; i > 0; i--) {
    const j = Math.floor(unit(digest(seed, 'shuffle', i), 0) * (i + 1))
    ;[names[i], names[j]] = [names[j]!, names[i]!]
  }
  const count = Math.min(size, names.length + wallets.length)
  for (let index = 0; wallets.length < count; index++) {
    const name = names[index]!
    const bytes = digest(seed, 'wallet', name)
    const domain = `${slug(name)}.${TLDS[bytes[0]! % TLDS.length]}`
    const rdns = domain.split('.').reverse().join('.')
    const kind = unit(bytes, 4)
    // Most wallets are EVM wallets on a share of the networks; some add Solana or Bitcoin; a few are Solana-only.
    const evm = EVM_CHAINS.filter((_, i) => i === 0 || unit(bytes, 8 + i) < 0.55)
    const chains =
      kind < 0.08
        ? [...SOLANA_CHAINS]
        : kind < 0.3
          ? [...evm, ...SOLANA_CHAINS]
          : kind < 0.36
            ? [...evm, ...SOLANA_CHAINS, ...BITCOIN_CHAINS]
            : kind < 0.4
              ? [...evm, ...BITCOIN_CHAINS]
              : evm
    wallets.push({
      id: bytes.toString('hex'),
      name,
      image_id: uuidFrom(digest(seed, 'image', name)),
      rdns: unit(bytes, 1) < 0.7 ? rdns : null,
      mobile_link: unit(bytes, 2) < 0.85 ? `https://${domain}/wc` : null,
      desktop_link: unit(bytes, 3) < 0.3 ? `https://desktop.${domain}/wc` : null,
      webapp_link: unit(bytes, 5) < 0.25 ? `https://app.${domain}` : null,
      chains,
      certified: unit(bytes, 6) < 0.35
    })
  }
  return wallets
}

/** The wire form of an entry (no filter-only fields). */
export function toWire(wallet: CatalogWallet): WalletCatalogItem {
  const { certified: _certified, ...item } = wallet
  return item
}

/** Filters and pages the catalog as GET /getWallets does; `count` is the number of matches in all pages. */
export function queryCatalog(
  catalog: readonly CatalogWallet[],
  query: GetWalletsQuery
): { data: WalletCatalogItem[]; count: number } {
  const include = query.include && query.include.length > 0 ? new Set(query.include) : undefined
  const exclude = new Set(query.exclude ?? [])
  const chains = query.chains && query.chains.length > 0 ? new Set(query.chains) : undefined
  const search = query.search?.trim().toLowerCase()
  let matches = catalog.filter(
    wallet =>
      (!include || include.has(wallet.id)) &&
      !exclude.has(wallet.id) &&
      (query.badge_type !== 'certified' || wallet.certified) &&
      (!chains || wallet.chains.some(chain => chains.has(chain)))
  )
  if (search) {
    // Names that start with the search first, then names containing it, then rdns matches.
    const rank = (wallet: CatalogWallet) => {
      const name = wallet.name.toLowerCase()
      if (name.startsWith(search)) return 0
      if (name.split(' ').some(word => word.startsWith(search))) return 1
      if (name.includes(search)) return 2
      if (wallet.rdns?.toLowerCase().includes(search)) return 3
      return -1
    }
    const ranked = matches
      .map((wallet, order) => ({ wallet, order, rank: rank(wallet) }))
      .filter(item => item.rank >= 0)
    ranked.sort((a, b) => a.rank - b.rank || a.order - b.order)
    matches = ranked.map(item => item.wallet)
  }
  const start = (query.page - 1) * query.entries
  return { data: matches.slice(start, start + query.entries).map(toWire), count: matches.length }
}
