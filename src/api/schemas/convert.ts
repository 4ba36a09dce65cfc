import * as z from 'zod/mini'
import {
  caip10Schema,
  caip2Schema,
  decimalStringSchema,
  hexAddressSchema,
  hexSchema,
  tokenDecimalsSchema,
  uintStringSchema
} from './common.js'

/**
 * The swap ("convert") endpoints. Token ids are CAIP-10 (`eip155:1:0xToken`), the native token
 * being `eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`; user addresses are CAIP-10 too.
 * Amounts are smallest units as decimal strings (bigints).
 */

/** GET /v1/convert/tokens?chainId= */
export const convertTokensQuerySchema = z.object({ chainId: caip2Schema })
export type ConvertTokensQuery = z.infer<typeof convertTokensQuerySchema>

export const swapTokenSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  address: caip10Schema,
  decimals: tokenDecimalsSchema,
  logoUri: z.string(),
  eip2612: z.optional(z.boolean())
})
export type SwapToken = z.infer<typeof swapTokenSchema>

export const convertTokensResponseSchema = z.object({ tokens: z.array(swapTokenSchema) })
export type ConvertTokensResponse = z.infer<typeof convertTokensResponseSchema>

/** GET /v1/convert/quotes */
export const convertQuotesQuerySchema = z.object({
  amount: uintStringSchema,
  userAddress: caip10Schema,
  from: caip10Schema,
  to: caip10Schema,
  /** Gas price in wei, as from gas-price. */
  gasPrice: uintStringSchema
})
export type ConvertQuotesQuery = z.infer<typeof convertQuotesQuerySchema>

export const swapQuoteSchema = z.object({
  id: z.nullable(z.string()),
  fromAddress: caip10Schema,
  toAddress: caip10Schema,
  fromAmount: uintStringSchema,
  toAmount: uintStringSchema
})
export type SwapQuote = z.infer<typeof swapQuoteSchema>

export const convertQuotesResponseSchema = z.object({ quotes: z.array(swapQuoteSchema) })
export type ConvertQuotesResponse = z.infer<typeof convertQuotesResponseSchema>

/** GET /v1/convert/allowance: how much of tokenAddress the router may spend for userAddress. */
export const convertAllowanceQuerySchema = z.object({ tokenAddress: caip10Schema, userAddress: caip10Schema })
export type ConvertAllowanceQuery = z.infer<typeof convertAllowanceQuerySchema>

export const convertAllowanceResponseSchema = z.object({ allowance: uintStringSchema })
export type ConvertAllowanceResponse = z.infer<typeof convertAllowanceResponseSchema>

/** GET /v1/convert/gas-price?chainId= (response shape ours: spec says "not shown"). Wei, decimal strings. */
export const gasPriceQuerySchema = z.object({ chainId: caip2Schema })
export type GasPriceQuery = z.infer<typeof gasPriceQuerySchema>

export const gasPriceResponseSchema = z.object({
  standard: uintStringSchema,
  fast: uintStringSchema,
  instant: uintStringSchema
})
export type GasPriceResponse = z.infer<typeof gasPriceResponseSchema>

/** An unsigned EVM transaction as the backend builds it; value, gas and gasPrice are wei strings. */
export const unsignedTransactionSchema = z.object({
  from: hexAddressSchema,
  to: hexAddressSchema,
  data: hexSchema,
  value: uintStringSchema,
  gas: z.optional(uintStringSchema),
  gasPrice: z.optional(uintStringSchema)
})
export type UnsignedTransaction = z.infer<typeof unsignedTransactionSchema>

/**
 * GET /v1/convert/build-approve: an ERC-20 approve of `from` (the token) for the router.
 * `amount` absent means the maximum. Response shape ours: { from, to, data, value }.
 */
export const buildApproveQuerySchema = z.object({
  userAddress: caip10Schema,
  from: caip10Schema,
  to: caip10Schema,
  amount: z.optional(uintStringSchema)
})
export type BuildApproveQuery = z.infer<typeof buildApproveQuerySchema>

export const buildApproveResponseSchema = z.object({
  from: hexAddressSchema,
  to: hexAddressSchema,
  data: hexSchema,
  value: uintStringSchema
})
export type BuildApproveResponse = z.infer<typeof buildApproveResponseSchema>

/** POST /v1/convert/build-transaction. Slippage in percent ("1" = 1 %). Response ours: { tx }. */
export const buildTransactionBodySchema = z.object({
  projectId: z.string().check(z.minLength(1)),
  amount: uintStringSchema,
  eip155: z.object({ slippage: decimalStringSchema }),
  from: caip10Schema,
  to: caip10Schema,
  userAddress: caip10Schema,
  disableEstimate: z.optional(z.boolean())
})
export type BuildTransactionBody = z.infer<typeof buildTransactionBodySchema>

export const buildTransactionResponseSchema = z.object({ tx: unsignedTransactionSchema })
export type BuildTransactionResponse = z.infer<typeof buildTransactionResponseSchema>
