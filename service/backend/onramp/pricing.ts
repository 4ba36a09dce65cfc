// Onramp options and quote arithmetic. Money is handled in integer cents (bigint) and token units,
// never floats: the fee is rounded up to the cent, the purchased amount down to the token's unit.
import { CONTRACTS, LOCAL_CHAINS } from '../../../local/chain/deployment.js'
import type {
  OnrampOptionsResponse,
  OnrampQuoteResponse,
  PaymentCurrency,
  PurchaseCurrency
} from '../../../src/api/schemas/index.js'
import { badRequest } from '../http.js'

export type OnrampProvider = 'coinbase' | 'meld'

/** Provider fees in basis points: both within the spec's 1-2 % range. */
export const PROVIDER_FEE_BPS: Record<OnrampProvider, bigint> = { coinbase: 150n, meld: 190n }

/** docs/behaviour.md section 9: the fallback limits for USD and EUR. */
export const PAYMENT_METHOD_LIMITS = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' }
] as const

/** Value of one unit of each payment currency in USD, as a fraction (fixed sandbox rates). */
export const USD_PER_FIAT: Record<string, { num: bigint; den: bigint }> = {
  USD: { num: 1n, den: 1n },
  EUR: { num: 108n, den: 100n }
}

export interface OnrampNetworkInfo {
  name: string
  display_name: string
  chainId: number
  contract_address: string
  /** Whether the sandbox can deliver here (a local chain this backend runs against). */
  deliverable: boolean
}

export interface PurchaseAsset {
  id: string
  name: string
  symbol: string
  decimals: number
  /** USD price of one token, as a fraction (all sandbox purchase assets are dollar tokens). */
  usdPrice: { num: bigint; den: bigint }
  networks: OnrampNetworkInfo[]
}

export const localNetworkName = (chainId: number) =>
  chainId === LOCAL_CHAINS[0].chainId
    ? 'appkit-local-a'
    : chainId === LOCAL_CHAINS[1].chainId
      ? 'appkit-local-b'
      : `local-${chainId}`

/** USDC on Ethereum and Polygon, and the local test dollar (tUSDC) on each local chain that runs. */
export function purchaseAssets(localChainIds: readonly number[]): PurchaseAsset[] {
  const assets: PurchaseAsset[] = [
    {
      id: 'USDC',
      name: 'USD Coin',
      symbol: 'USDC',
      decimals: 6,
      usdPrice: { num: 1n, den: 1n },
      networks: [
        {
          name: 'ethereum',
          display_name: 'Ethereum',
          chainId: 1,
          contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
          deliverable: false
        },
        {
          name: 'polygon',
          display_name: 'Polygon',
          chainId: 137,
          contract_address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
          deliverable: false
        }
      ]
    }
  ]
  const local = LOCAL_CHAINS.filter(chain => localChainIds.includes(chain.chainId))
  if (local.length > 0) {
    assets.push({
      id: 'tUSDC',
      name: 'Test USD Coin',
      symbol: 'tUSDC',
      decimals: 6,
      usdPrice: { num: 1n, den: 1n },
      networks: local.map(chain => ({
        name: localNetworkName(chain.chainId),
        display_name: chain.name,
        chainId: chain.chainId,
        contract_address: CONTRACTS.tUSDC,
        deliverable: true
      }))
    })
  }
  return assets
}

export function onrampOptions(assets: readonly PurchaseAsset[]): OnrampOptionsResponse {
  const purchaseCurrencies: PurchaseCurrency[] = assets.map(asset => ({
    id: asset.id,
    name: asset.name,
    symbol: asset.symbol,
    networks: asset.networks.map(network => ({
      name: network.name,
      display_name: network.display_name,
      chain_id: String(network.chainId),
      contract_address: network.contract_address
    }))
  }))
  const paymentCurrencies: PaymentCurrency[] = Object.keys(USD_PER_FIAT).map(id => ({
    id,
    payment_method_limits: PAYMENT_METHOD_LIMITS.map(limit => ({ ...limit }))
  }))
  return { purchaseCurrencies, paymentCurrencies }
}

/** "10.5" → 1050n cents; a 400 naming `field` for more than two decimals. */
export function parseCents(value: string, field: string): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value)
  if (!match) throw badRequest(`Invalid ${field}: expected a decimal amount such as "10.00", got '${value}'`)
  const fraction = match[2] ?? ''
  if (fraction.replace(/0+$/, '').length > 2) {
    throw badRequest(`Invalid ${field}: expected at most 2 decimals, got '${value}'`)
  }
  return BigInt(match[1]!) * 100n + BigInt((fraction + '00').slice(0, 2))
}

export const formatCents = (cents: bigint) => `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`

export function formatUnitsFixed(units: bigint, decimals: number): string {
  if (decimals === 0) return units.toString()
  const base = 10n ** BigInt(decimals)
  return `${units / base}.${(units % base).toString().padStart(decimals, '0')}`
}

/** 400 unless `cents` is within the payment method's limits for `currency`. */
export function checkLimits(cents: bigint, currency: string, methodId: string): void {
  const method = PAYMENT_METHOD_LIMITS.find(limit => limit.id === methodId)
  if (!method) {
    throw badRequest(
      `Invalid body field 'paymentMethod': expected one of ${PAYMENT_METHOD_LIMITS.map(limit => `'${limit.id}'`).join(', ')}, got '${methodId}'`
    )
  }
  const min = parseCents(method.min, 'limit')
  const max = parseCents(method.max, 'limit')
  if (cents < min) {
    throw badRequest(
      `Amount ${formatCents(cents)} ${currency} is below the ${methodId} minimum of ${method.min} ${currency}`
    )
  }
  if (cents > max) {
    throw badRequest(
      `Amount ${formatCents(cents)} ${currency} is above the ${methodId} maximum of ${method.max} ${currency}`
    )
  }
}

export interface Priced {
  totalCents: bigint
  feeCents: bigint
  subtotalCents: bigint
  /** Token units bought with the subtotal. */
  units: bigint
}

/** What `totalCents` of `currency` buys of `asset` through `provider`, after the provider fee. */
export function price(totalCents: bigint, currency: string, asset: PurchaseAsset, provider: OnrampProvider): Priced {
  const rate = USD_PER_FIAT[currency]
  if (!rate)
    throw badRequest(`Unknown payment currency '${currency}' (expected one of ${Object.keys(USD_PER_FIAT).join(', ')})`)
  const bps = PROVIDER_FEE_BPS[provider]
  const feeCents = (totalCents * bps + 9_999n) / 10_000n
  const subtotalCents = totalCents - feeCents
  // units = subtotal (cents) / 100 × usdPerFiat / usdPrice × 10^decimals, rounded down.
  const units =
    (subtotalCents * rate.num * asset.usdPrice.den * 10n ** BigInt(asset.decimals)) /
    (100n * rate.den * asset.usdPrice.num)
  return { totalCents, feeCents, subtotalCents, units }
}

/** The fiat total (cents, rounded up) that buys at least `units` of `asset` after the fee. */
export function fiatForUnits(units: bigint, currency: string, asset: PurchaseAsset, provider: OnrampProvider): bigint {
  const rate = USD_PER_FIAT[currency]!
  const bps = PROVIDER_FEE_BPS[provider]
  const subtotal = ceilDiv(
    units * 100n * rate.den * asset.usdPrice.num,
    rate.num * asset.usdPrice.den * 10n ** BigInt(asset.decimals)
  )
  let total = ceilDiv(subtotal * 10_000n, 10_000n - bps)
  // The fee is rounded up on its own; step up a cent until the subtotal covers the units.
  while (price(total, currency, asset, provider).units < units) total += 1n
  return total
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b

export function quoteResponse(
  quoteId: string,
  priced: Priced,
  currency: string,
  asset: PurchaseAsset
): OnrampQuoteResponse {
  return {
    quoteId,
    fees: [{ type: 'provider', amount: formatCents(priced.feeCents), currency }],
    paymentSubtotal: { amount: formatCents(priced.subtotalCents), currency },
    paymentTotal: { amount: formatCents(priced.totalCents), currency },
    purchaseAmount: { amount: formatUnitsFixed(priced.units, asset.decimals), currency: asset.symbol }
  }
}
