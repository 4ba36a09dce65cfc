import type { PaymentCurrency, PurchaseCurrency } from '../../api/schemas/onramp.js'
import type { OnrampProviderName } from '../../config/constants.js'

/** An onramp provider as the provider list shows it; `url` is where its checkout starts (meld). */
export interface OnrampProvider {
  readonly name: OnrampProviderName
  readonly label: string
  readonly url: string
}

/**
 * The providers the kit knows (docs/behaviour.md section 9: coinbase and meld by default). Coinbase's checkout
 * URL comes from the backend's generator (POST /v1/generators/onrampurl); meld's starts at its site.
 */
export const ONRAMP_PROVIDER_CATALOG: readonly OnrampProvider[] = [
  { name: 'coinbase', label: 'Coinbase', url: '' },
  { name: 'meld', label: 'Meld.io', url: 'https://meldcrypto.com' }
]

// Meld's public key is the app's own (the meldPublicKey option): Meld's checkout refuses any other,
// so without one Meld is not offered (rules.ts, offeredProviders).

/** docs/behaviour.md section 9: the chains Coinbase's card checkout buys on, by the names it takes, and its fallback. */
export const ONRAMP_CARD_CHAINS = [
  'ethereum',
  'arbitrum',
  'polygon',
  'berachain',
  'avalanche',
  'optimism',
  'celo',
  'base'
] as const
/** The card chains by EVM chain id (ours: the spec names the chains only). */
export const ONRAMP_CARD_CHAIN_IDS: Readonly<Record<number, (typeof ONRAMP_CARD_CHAINS)[number]>> = {
  1: 'ethereum',
  42161: 'arbitrum',
  137: 'polygon',
  80094: 'berachain',
  43114: 'avalanche',
  10: 'optimism',
  42220: 'celo',
  8453: 'base'
}
export const ONRAMP_CARD_CHAIN_FALLBACK = 'ethereum'

/** docs/behaviour.md section 3: USD Coin on Ethereum (1) and Polygon (137), when the options call fails. */
export const DEFAULT_PURCHASE_CURRENCIES: readonly PurchaseCurrency[] = [
  {
    id: 'USDC',
    name: 'USD Coin',
    symbol: 'USDC',
    networks: [
      {
        name: 'ethereum',
        display_name: 'Ethereum',
        chain_id: '1',
        contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
      },
      {
        name: 'polygon',
        display_name: 'Polygon',
        chain_id: '137',
        contract_address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359'
      }
    ]
  }
]

/** docs/behaviour.md sections 3 and 9: USD and EUR, card 10.00-7500.00, bank account 10.00-25000.00. */
const FALLBACK_LIMITS = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' }
]
export const DEFAULT_PAYMENT_CURRENCIES: readonly PaymentCurrency[] = [
  { id: 'USD', payment_method_limits: FALLBACK_LIMITS },
  { id: 'EUR', payment_method_limits: FALLBACK_LIMITS }
]

/** The payment method a purchase starts with. */
export const DEFAULT_PAYMENT_METHOD = 'card'
