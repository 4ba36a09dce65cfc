import * as z from 'zod/mini'
import { caip2Schema, untrustedUrlSchema } from './common.js'

/**
 * GET /v1/account/{account}/nfts: the NFTs the account holds (not in docs/behaviour.md section 7: the kit
 * the spec describes dropped its NFTs tab; ours keeps it, issue 10). `chainId` limits the answer
 * to one network.
 */
export const nftsQuerySchema = z.object({
  chainId: z.optional(caip2Schema)
})
export type NftsQuery = z.infer<typeof nftsQuerySchema>

export const nftSchema = z.object({
  /** CAIP-2 chain id. */
  chainId: caip2Schema,
  /** The collection's contract (EVM: a checksummed 0x address; Solana: the mint). */
  contract: z.string().check(z.minLength(1)),
  /** The token id, a decimal string (a uint256 fits). */
  tokenId: z.string().check(z.regex(/^\d{1,78}$/, 'a decimal token id')),
  name: z.string(),
  description: z.optional(z.string()),
  image: z.optional(z.object({ url: untrustedUrlSchema, content_type: z.optional(z.string()) })),
  collection: z.object({ name: z.string(), symbol: z.string() }),
  flags: z.object({ is_spam: z.boolean() })
})
export type Nft = z.infer<typeof nftSchema>

export const nftsResponseSchema = z.object({ data: z.array(nftSchema) })
export type NftsResponse = z.infer<typeof nftsResponseSchema>
