// What an order of the sandbox onramp costs and buys (service/backend/routes/onramp.ts creates orders,
// service/backend/routes/onramp-sandbox.ts pays them): the amounts from a preset fiat or crypto amount, and
// exact token units from a decimal text.
import { badRequest } from '../http.js'
import {
  checkLimits,
  fiatForUnits,
  formatCents,
  formatUnitsFixed,
  parseCents,
  price,
  type PurchaseAsset
} from './pricing.js'

/** The default purchase when the URL request presets no amount. */
const DEFAULT_FIAT_CENTS = 100_00n
export const SANDBOX_PROVIDER = 'coinbase' as const
export const SANDBOX_CURRENCY = 'USD'

/**
 * The amounts of an order: a preset fiat amount (limits checked), else a preset crypto amount (the
 * fiat total that buys it), else the default purchase.
 */
export function orderAmounts(
  asset: PurchaseAsset,
  presetFiat: number | undefined,
  presetCrypto: number | undefined,
  fiatText?: string
): { crypto_amount: string; fiat_amount: string; fee_amount: string } {
  let totalCents: bigint
  let units: bigint | undefined
  if (presetFiat !== undefined) {
    totalCents =
      fiatText !== undefined ? parseCents(fiatText, "body field 'fiatAmount'") : BigInt(Math.round(presetFiat * 100))
  } else if (presetCrypto !== undefined) {
    units = parseUnitsExact(presetCrypto.toFixed(asset.decimals), asset.decimals)
    totalCents = fiatForUnits(units, SANDBOX_CURRENCY, asset, SANDBOX_PROVIDER)
  } else {
    totalCents = DEFAULT_FIAT_CENTS
  }
  checkLimits(totalCents, SANDBOX_CURRENCY, 'card')
  const priced = price(totalCents, SANDBOX_CURRENCY, asset, SANDBOX_PROVIDER)
  return {
    crypto_amount: formatUnitsFixed(units ?? priced.units, asset.decimals),
    fiat_amount: formatCents(totalCents),
    fee_amount: formatCents(priced.feeCents)
  }
}

export function parseUnitsExact(text: string, decimals: number): bigint {
  const [whole, fraction = ''] = text.split('.')
  if (fraction.length > decimals && /[1-9]/.test(fraction.slice(decimals))) {
    throw badRequest(`Amount ${text} has more than ${decimals} decimals`)
  }
  return BigInt(whole!) * 10n ** BigInt(decimals) + BigInt((fraction + '0'.repeat(decimals)).slice(0, decimals) || '0')
}
