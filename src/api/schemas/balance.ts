import * as z from 'zod/mini'
import {
  caip2Schema,
  decimalStringSchema,
  hexSchema,
  queryBooleanSchema,
  TOKEN_DECIMALS_MAX,
  tokenDecimalsSchema,
  untrustedUrlSchema
} from './common.js'

/** GET /v1/account/{address}/balance: query. `forceUpdate` bypasses the backend's cache. */
export const balanceQuerySchema = z.object({
  currency: z.literal('usd'),
  chainId: z.optional(caip2Schema),
  forceUpdate: z.optional(queryBooleanSchema)
})
export type BalanceQuery = z.output<typeof balanceQuerySchema>

/**
 * A token balance (docs/behaviour.md section 3). `quantity.decimals` is the token's decimals as a string
 * ("18"); `quantity.numeric` the amount in token units as a decimal string ("1.5"), so the exact
 * bigint is `parseUnits(numeric, Number(decimals))`. `value` and `price` are in USD.
 * `address` is the token contract as a CAIP-10 id ("eip155:1:0x..."; absent for the native token);
 * `chainId` is CAIP-2.
 */
export const tokenBalanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: caip2Schema,
  address: z.optional(z.string()),
  value: z.optional(z.number()),
  price: z.number(),
  quantity: z.object({
    decimals: z.string().check(
      z.regex(/^\d{1,3}$/, 'the token decimals as a decimal string'),
      z.refine(value => Number(value) <= TOKEN_DECIMALS_MAX, 'the token decimals, at most 255')
    ),
    numeric: decimalStringSchema
  }),
  iconUrl: untrustedUrlSchema
})
export type TokenBalance = z.infer<typeof tokenBalanceSchema>

export const balanceResponseSchema = z.object({ balances: z.array(tokenBalanceSchema) })
export type BalanceResponse = z.infer<typeof balanceResponseSchema>

/** One entry of a wallet_getAssets answer (docs/behaviour.md section 3): balance in hex smallest units. */
export const walletAssetSchema = z.object({
  address: z.string(),
  balance: hexSchema,
  type: z.enum(['ERC20', 'NATIVE']),
  metadata: z.object({
    name: z.string(),
    symbol: z.string(),
    decimals: tokenDecimalsSchema,
    value: z.optional(z.number()),
    price: z.optional(z.number()),
    iconUrl: z.optional(untrustedUrlSchema)
  })
})
export type WalletAsset = z.infer<typeof walletAssetSchema>
