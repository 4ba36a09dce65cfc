import * as z from 'zod/mini'
import { caip10Schema, untrustedUrlSchema } from './common.js'

/** POST /v1/fungible/price: prices of tokens given as CAIP-10 ids, in `currency`. */
export const fungiblePriceBodySchema = z.object({
  projectId: z.string().check(z.minLength(1)),
  currency: z.literal('usd'),
  addresses: z.array(caip10Schema).check(z.minLength(1, 'at least one token address'))
})
export type FungiblePriceBody = z.infer<typeof fungiblePriceBodySchema>

export const fungiblePriceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  /** The CAIP-10 id asked for, so answers can be matched to requests. */
  address: z.optional(caip10Schema),
  iconUrl: untrustedUrlSchema,
  price: z.number()
})
export type FungiblePrice = z.infer<typeof fungiblePriceSchema>

export const fungiblePriceResponseSchema = z.object({ fungibles: z.array(fungiblePriceSchema) })
export type FungiblePriceResponse = z.infer<typeof fungiblePriceResponseSchema>
