// Generated SVG images for the catalog's image paths: wallets (by image_id), assets (networks, by
// slug or CAIP-2 id with '-' for ':'), currencies (ISO 4217 codes) and tokens (symbols). Every image
// is derived from its id and name only, so it is stable and cacheable; an unknown id has no image.
import { createHash } from 'node:crypto'
import type { CatalogWallet } from './wallets.js'

export interface ImageSpec {
  /** Accessible name (the SVG's <title>). */
  title: string
  /** Up to 4 characters drawn on the image. */
  label: string
  /** Two colours of the background gradient. */
  colors: [string, string]
  shape: 'square' | 'circle'
}

interface NetworkAsset {
  slug: string
  caip: string
  name: string
  label: string
  color: string
}

export const NETWORK_ASSETS: readonly NetworkAsset[] = [
  { slug: 'ethereum', caip: 'eip155:1', name: 'Ethereum', label: 'ETH', color: '#627eea' },
  { slug: 'arbitrum', caip: 'eip155:42161', name: 'Arbitrum One', label: 'ARB', color: '#28a0f0' },
  { slug: 'optimism', caip: 'eip155:10', name: 'OP Mainnet', label: 'OP', color: '#ff0420' },
  { slug: 'zksync', caip: 'eip155:324', name: 'zkSync Era', label: 'ZK', color: '#4e529a' },
  { slug: 'base', caip: 'eip155:8453', name: 'Base', label: 'B', color: '#0052ff' },
  { slug: 'bsc', caip: 'eip155:56', name: 'BNB Smart Chain', label: 'BNB', color: '#f0b90b' },
  { slug: 'polygon', caip: 'eip155:137', name: 'Polygon', label: 'POL', color: '#8247e5' },
  { slug: 'gnosis', caip: 'eip155:100', name: 'Gnosis', label: 'GNO', color: '#04795b' },
  { slug: 'avalanche', caip: 'eip155:43114', name: 'Avalanche', label: 'AVAX', color: '#e84142' },
  { slug: 'fantom', caip: 'eip155:250', name: 'Fantom', label: 'FTM', color: '#1969ff' },
  { slug: 'kaia', caip: 'eip155:8217', name: 'Kaia', label: 'KAIA', color: '#bff009' },
  { slug: 'aurora', caip: 'eip155:1313161554', name: 'Aurora', label: 'AUR', color: '#70d44b' },
  { slug: 'appkit-local-a', caip: 'eip155:31337', name: 'AppKit Local A', label: 'L-A', color: '#f97316' },
  { slug: 'appkit-local-b', caip: 'eip155:31338', name: 'AppKit Local B', label: 'L-B', color: '#14b8a6' },
  { slug: 'solana', caip: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', name: 'Solana', label: 'SOL', color: '#9945ff' },
  {
    slug: 'solana-devnet',
    caip: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    name: 'Solana Devnet',
    label: 'SOL',
    color: '#14f195'
  },
  {
    slug: 'solana-testnet',
    caip: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
    name: 'Solana Testnet',
    label: 'SOL',
    color: '#19fb9b'
  },
  { slug: 'solana-local', caip: 'solana:localnet', name: 'Solana Local', label: 'SOL', color: '#dc1fff' },
  { slug: 'bitcoin', caip: 'bip122:000000000019d6689c085ae165831e93', name: 'Bitcoin', label: 'BTC', color: '#f7931a' }
]

const CURRENCIES: Record<string, { name: string; label: string }> = {
  USD: { name: 'US Dollar', label: '$' },
  EUR: { name: 'Euro', label: '€' },
  GBP: { name: 'Pound Sterling', label: '£' },
  JPY: { name: 'Japanese Yen', label: '¥' },
  CHF: { name: 'Swiss Franc', label: 'Fr' },
  CAD: { name: 'Canadian Dollar', label: 'C$' },
  AUD: { name: 'Australian Dollar', label: 'A$' },
  BRL: { name: 'Brazilian Real', label: 'R$' },
  INR: { name: 'Indian Rupee', label: '₹' },
  KRW: { name: 'South Korean Won', label: '₩' }
}

const TOKENS: Record<string, { name: string; color: string }> = {
  ETH: { name: 'Ether', color: '#627eea' },
  WETH: { name: 'Wrapped Ether', color: '#ec4899' },
  USDC: { name: 'USD Coin', color: '#2775ca' },
  tUSDC: { name: 'Test USD Coin', color: '#2775ca' },
  TT: { name: 'Test Token', color: '#f97316' },
  USDT: { name: 'Tether USD', color: '#26a17b' },
  DAI: { name: 'Dai', color: '#f5ac37' },
  SOL: { name: 'Solana', color: '#9945ff' },
  BTC: { name: 'Bitcoin', color: '#f7931a' },
  POL: { name: 'Polygon Ecosystem Token', color: '#8247e5' },
  MATIC: { name: 'Polygon', color: '#8247e5' },
  BNB: { name: 'BNB', color: '#f0b90b' },
  AVAX: { name: 'Avalanche', color: '#e84142' },
  ARB: { name: 'Arbitrum', color: '#28a0f0' },
  OP: { name: 'Optimism', color: '#ff0420' },
  XDAI: { name: 'xDai', color: '#04795b' },
  FTM: { name: 'Fantom', color: '#1969ff' },
  KAIA: { name: 'Kaia', color: '#bff009' },
  '1INCH': { name: '1inch', color: '#1b314f' }
}
const TOKENS_BY_LOWER = new Map(
  Object.entries(TOKENS).map(([symbol, token]) => [symbol.toLowerCase(), { symbol, ...token }])
)

function hashColor(text: string, offset: number): string {
  const bytes = createHash('sha256').update(text).digest()
  const hue = Math.round((bytes.readUInt16BE(offset) / 65535) * 360)
  return `hsl(${hue} 70% ${45 + (bytes[offset + 2]! % 15)}%)`
}

function shade(color: string): string {
  // A darker companion for a #rrggbb colour (hsl colours get a hue-shifted partner instead).
  const match = /^#([0-9a-f]{6})$/i.exec(color)
  if (!match) return color
  const value = parseInt(match[1]!, 16)
  const channel = (shift: number) => Math.round(((value >> shift) & 0xff) * 0.6)
  return `#${[16, 8, 0].map(shift => channel(shift).toString(16).padStart(2, '0')).join('')}`
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map(word => word[0]!.toUpperCase())
    .join('')
}

export function walletImage(wallet: Pick<CatalogWallet, 'name' | 'rdns'>): ImageSpec {
  if (wallet.rdns === 'dev.appkit.wallet') {
    return { title: wallet.name, label: 'DEV', colors: ['#f97316', '#7c2d12'], shape: 'square' }
  }
  return {
    title: wallet.name,
    label: initials(wallet.name),
    colors: [hashColor(wallet.name, 0), hashColor(wallet.name, 8)],
    shape: 'square'
  }
}

export function assetImage(id: string): ImageSpec | undefined {
  const key = id.toLowerCase()
  const asset = NETWORK_ASSETS.find(item => item.slug === key || item.caip.replace(':', '-').toLowerCase() === key)
  if (!asset) return undefined
  return { title: asset.name, label: asset.label, colors: [asset.color, shade(asset.color)], shape: 'circle' }
}

export function currencyImage(id: string): ImageSpec | undefined {
  const currency = CURRENCIES[id.toUpperCase()]
  if (!currency) return undefined
  return {
    title: currency.name,
    label: currency.label,
    colors: [hashColor(id.toUpperCase(), 0), hashColor(id.toUpperCase(), 8)],
    shape: 'circle'
  }
}

export function tokenImage(id: string): ImageSpec | undefined {
  const token = TOKENS_BY_LOWER.get(id.toLowerCase())
  if (!token) return undefined
  return {
    title: token.name,
    label: token.symbol.slice(0, 4),
    colors: [token.color, shade(token.color)],
    shape: 'circle'
  }
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, char => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!)

/** A 96×96 SVG: gradient background (rounded square or circle) with a centred label. */
export function renderSvg(spec: ImageSpec): string {
  const fontSize = spec.label.length <= 1 ? 48 : spec.label.length === 2 ? 38 : spec.label.length === 3 ? 30 : 24
  const background =
    spec.shape === 'circle'
      ? '<circle cx="48" cy="48" r="48" fill="url(#g)"/>'
      : '<rect width="96" height="96" rx="24" fill="url(#g)"/>'
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img">',
    `<title>${escapeXml(spec.title)}</title>`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${spec.colors[0]}"/><stop offset="1" stop-color="${spec.colors[1]}"/></linearGradient></defs>`,
    background,
    `<text x="48" y="50" text-anchor="middle" dominant-baseline="middle" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="${fontSize}" font-weight="700" fill="#ffffff">${escapeXml(spec.label)}</text>`,
    '</svg>'
  ].join('')
}
