import type { PaymentCurrency, PaymentMethodLimit, PurchaseCurrency } from '../../api/schemas/onramp.js'
import type { ChainNamespace } from '../../networks/types.js'
import { MELD_PUBLIC_KEY, ONRAMP_PROVIDER_CATALOG, type OnrampProvider } from './defaults.js'

/** The namespaces the kit buys for (spec.md section 9: onramp on eip155 and solana). */
export const ONRAMP_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana']

/**
 * The providers to offer (spec.md section 4): only the known ones `input` names, in the kit's
 * order; none when `input` is not an array of strings.
 */
export function providersFrom(input: unknown): OnrampProvider[] {
  if (!Array.isArray(input) || !input.every(entry => typeof entry === 'string')) return []
  return ONRAMP_PROVIDER_CATALOG.filter(provider => input.includes(provider.name))
}

/**
 * Meld's checkout URL (spec.md section 4): its URL with publicKey, destinationCurrencyCode (SOL on
 * Solana, else USDC), walletAddress and externalCustomerId (the project id).
 */
export function meldUrl(
  provider: OnrampProvider,
  context: { readonly namespace: ChainNamespace | undefined; readonly address: string; readonly projectId: string }
): string {
  const url = new URL(provider.url)
  url.searchParams.set('publicKey', MELD_PUBLIC_KEY)
  url.searchParams.set('destinationCurrencyCode', context.namespace === 'solana' ? 'SOL' : 'USDC')
  url.searchParams.set('walletAddress', context.address)
  url.searchParams.set('externalCustomerId', context.projectId)
  return url.toString()
}

/** "25", "25.5" or "25.50" in cents; undefined for anything else (negative, more than 2 decimals, text). */
export function toCents(text: string): bigint | undefined {
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(text.trim())
  if (!match) return undefined
  return BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'))
}

/** The payment method's limits in `currency` (the options' payment_method_limits). */
export function limitOf(currency: PaymentCurrency | undefined, method: string): PaymentMethodLimit | undefined {
  return currency?.payment_method_limits.find(limit => limit.id === method)
}

/** Whether `amount` is a money amount within the limit's min and max, both included. */
export function withinLimits(amount: string, limit: PaymentMethodLimit | undefined): boolean {
  const cents = toCents(amount)
  if (cents === undefined || cents === 0n || !limit) return false
  const min = toCents(limit.min)
  const max = toCents(limit.max)
  return min !== undefined && max !== undefined && cents >= min && cents <= max
}

/** The purchase currency offered first: one available on the active chain, else the first. */
export function purchaseCurrencyFor(
  currencies: readonly PurchaseCurrency[],
  chainReference: string | number | undefined
): PurchaseCurrency | undefined {
  const onChain = currencies.find(currency =>
    currency.networks.some(network => network.chain_id === String(chainReference))
  )
  return onChain ?? currencies[0]
}

/** The purchase currency's network on the active chain (its name is what the checkout takes), else its first. */
export function purchaseNetworkFor(currency: PurchaseCurrency, chainReference: string | number | undefined) {
  return currency.networks.find(network => network.chain_id === String(chainReference)) ?? currency.networks[0]
}
