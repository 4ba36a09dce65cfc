import type { PaymentCurrency, PaymentMethodLimit, PurchaseCurrency } from '../../api/schemas/onramp.js'
import type { ChainNamespace } from '../../networks/types.js'
import {
  ONRAMP_CARD_CHAIN_FALLBACK,
  ONRAMP_CARD_CHAIN_IDS,
  ONRAMP_CARD_CHAINS,
  ONRAMP_PROVIDER_CATALOG,
  type OnrampProvider
} from './defaults.js'

/** The namespaces the kit buys for (docs/behaviour.md section 9: onramp on eip155 and solana). */
export const ONRAMP_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana']

/**
 * The providers to offer (docs/behaviour.md section 4): only the known ones `input` names, in the kit's
 * order; none when `input` is not an array of strings.
 */
export function providersFrom(input: unknown): OnrampProvider[] {
  if (!Array.isArray(input) || !input.every(entry => typeof entry === 'string')) return []
  return ONRAMP_PROVIDER_CATALOG.filter(provider => input.includes(provider.name))
}

/**
 * The providers Buy offers: those `input` names (providersFrom), without Meld when the app gave no
 * Meld public key (its checkout refuses any other key).
 */
export function offeredProviders(input: unknown, meldPublicKey: string | undefined): OnrampProvider[] {
  return providersFrom(input).filter(provider => provider.name !== 'meld' || Boolean(meldPublicKey))
}

/**
 * Meld's checkout URL (docs/behaviour.md section 4): its URL with publicKey (the app's meldPublicKey),
 * destinationCurrencyCode (SOL on Solana, else USDC), walletAddress and externalCustomerId (the
 * project id).
 */
export function meldUrl(
  provider: OnrampProvider,
  context: {
    readonly namespace: ChainNamespace | undefined
    readonly address: string
    readonly projectId: string
    readonly publicKey: string
  }
): string {
  const url = new URL(provider.url)
  url.searchParams.set('publicKey', context.publicKey)
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

/**
 * Where Coinbase's checkout delivers, by the network names it takes: the purchase currency's network
 * on the active chain when the options list one; otherwise the card chains (docs/behaviour.md section 9), the
 * active chain's first, else ethereum.
 */
export function checkoutNetworks(
  currency: PurchaseCurrency,
  chainReference: string | number | undefined
): { readonly blockchains: string[]; readonly defaultNetwork: string } {
  const onChain = currency.networks.find(network => network.chain_id === String(chainReference))
  if (onChain) return { blockchains: [onChain.name], defaultNetwork: onChain.name }
  return {
    blockchains: [...ONRAMP_CARD_CHAINS],
    defaultNetwork: ONRAMP_CARD_CHAIN_IDS[Number(chainReference)] ?? ONRAMP_CARD_CHAIN_FALLBACK
  }
}
