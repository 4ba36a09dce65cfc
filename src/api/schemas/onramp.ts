import * as z from 'zod/mini'
import { ONRAMP_PROVIDERS } from '../../config/constants.js'
import { decimalStringSchema, hexSchema, isoDateTimeSchema, untrustedUrlSchema } from './common.js'

/** Onramp (docs/behaviour.md sections 3 and 7). Money amounts are decimal strings in the named currency. */

export const onrampNetworkSchema = z.object({
  name: z.string(),
  display_name: z.string(),
  chain_id: z.string(),
  contract_address: z.string()
})
export type OnrampNetwork = z.infer<typeof onrampNetworkSchema>

export const purchaseCurrencySchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  symbol: z.string(),
  networks: z.array(onrampNetworkSchema)
})
export type PurchaseCurrency = z.infer<typeof purchaseCurrencySchema>

export const paymentMethodLimitSchema = z.object({
  /** card, ach_bank_account, ... */
  id: z.string().check(z.minLength(1)),
  min: decimalStringSchema,
  max: decimalStringSchema
})
export type PaymentMethodLimit = z.infer<typeof paymentMethodLimitSchema>

export const paymentCurrencySchema = z.object({
  /** An ISO 4217 code: USD, EUR. */
  id: z.string().check(z.minLength(1)),
  payment_method_limits: z.array(paymentMethodLimitSchema)
})
export type PaymentCurrency = z.infer<typeof paymentCurrencySchema>

/** GET /v1/onramp/options: no request. */
export const onrampOptionsResponseSchema = z.object({
  purchaseCurrencies: z.array(purchaseCurrencySchema),
  paymentCurrencies: z.array(paymentCurrencySchema)
})
export type OnrampOptionsResponse = z.infer<typeof onrampOptionsResponseSchema>

/** The onramp providers (docs/behaviour.md section 9: default remote providers coinbase and meld). */
export { ONRAMP_PROVIDERS }

/**
 * POST /v1/onramp/quote: currencies by id; `network` is the purchase currency's symbol; `amount` is
 * what the visitor pays, in the payment currency. Ours, optional: `paymentMethod` (an id of the
 * payment currency's payment_method_limits, default 'card') whose min and max the amount must
 * respect, and `provider` (default 'coinbase').
 */
export const onrampQuoteBodySchema = z.object({
  purchaseCurrency: z.string().check(z.minLength(1)),
  paymentCurrency: z.string().check(z.minLength(1)),
  amount: decimalStringSchema,
  network: z.string().check(z.minLength(1)),
  paymentMethod: z.optional(z.string().check(z.minLength(1))),
  provider: z.optional(z.enum(ONRAMP_PROVIDERS))
})
export type OnrampQuoteBody = z.infer<typeof onrampQuoteBodySchema>

export const moneySchema = z.object({ amount: decimalStringSchema, currency: z.string() })
export type Money = z.infer<typeof moneySchema>

/** A fee line: `type` such as "provider" or "network". */
export const onrampFeeSchema = z.object({ type: z.string(), amount: decimalStringSchema, currency: z.string() })
export type OnrampFee = z.infer<typeof onrampFeeSchema>

export const onrampQuoteResponseSchema = z.object({
  quoteId: z.string().check(z.minLength(1)),
  fees: z.array(onrampFeeSchema),
  paymentSubtotal: moneySchema,
  paymentTotal: moneySchema,
  purchaseAmount: moneySchema
})
export type OnrampQuoteResponse = z.infer<typeof onrampQuoteResponseSchema>

/** POST /v1/generators/onrampurl */
export const onrampDestinationWalletSchema = z.object({
  address: z.string().check(z.minLength(1)),
  /** Network names as in onrampNetworkSchema.name ("ethereum", "polygon"). */
  blockchains: z.array(z.string()),
  /** Purchase currency symbols ("USDC"). */
  assets: z.optional(z.array(z.string()))
})
export type OnrampDestinationWallet = z.infer<typeof onrampDestinationWalletSchema>

export const onrampUrlBodySchema = z.object({
  destinationWallets: z.array(onrampDestinationWalletSchema).check(z.minLength(1)),
  defaultNetwork: z.optional(z.string()),
  partnerUserId: z.string().check(z.minLength(1)),
  defaultExperience: z.literal('buy'),
  presetCryptoAmount: z.optional(z.number().check(z.positive())),
  presetFiatAmount: z.optional(z.number().check(z.positive()))
})
export type OnrampUrlBody = z.infer<typeof onrampUrlBodySchema>

export const onrampUrlResponseSchema = z.object({ url: untrustedUrlSchema })
export type OnrampUrlResponse = z.infer<typeof onrampUrlResponseSchema>

/**
 * The sandbox onramp of the reference backend (ours, not in the spec): the order behind a URL from
 * POST /v1/generators/onrampurl. GET /onramp/sandbox/orders/{id} answers it; POST
 * /onramp/sandbox/orders/{id}/pay (onrampPayBodySchema) pays it and the test tokens are sent.
 */
export const ONRAMP_ORDER_STATUSES = ['created', 'processing', 'completed', 'failed'] as const

export const onrampOrderSchema = z.object({
  id: z.string().check(z.minLength(1)),
  status: z.enum(ONRAMP_ORDER_STATUSES),
  /** Network name as in onrampNetworkSchema.name, and its CAIP-2 id. */
  network: z.string(),
  caipNetworkId: z.string(),
  destination: z.string(),
  /** Purchase currency symbol and token contract. */
  asset: z.string(),
  tokenAddress: z.nullable(z.string()),
  cryptoAmount: decimalStringSchema,
  fiatAmount: decimalStringSchema,
  fiatCurrency: z.string(),
  feeAmount: decimalStringSchema,
  provider: z.enum(ONRAMP_PROVIDERS),
  txHash: z.nullable(hexSchema),
  error: z.nullable(z.string()),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema
})
export type OnrampOrder = z.infer<typeof onrampOrderSchema>

/** The pay button: the amount the visitor pays (payment currency), when changed on the page. */
export const onrampPayBodySchema = z.object({ fiatAmount: z.optional(decimalStringSchema) })
export type OnrampPayBody = z.infer<typeof onrampPayBodySchema>
