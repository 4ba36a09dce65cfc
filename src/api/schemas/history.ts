import * as z from 'zod/mini'
import {
  accountAddressSchema,
  caip2Schema,
  decimalStringSchema,
  isoDateTimeSchema,
  untrustedUrlSchema
} from './common.js'

/** GET /v1/account/{account}/history: query. `onramp=coinbase` asks for onramp purchases only. */
export const historyQuerySchema = z.object({
  cursor: z.optional(z.string().check(z.minLength(1))),
  onramp: z.optional(z.literal('coinbase')),
  chainId: z.optional(caip2Schema)
})
export type HistoryQuery = z.infer<typeof historyQuerySchema>

export const TRANSACTION_OPERATION_TYPES = [
  'approve',
  'burn',
  'cancel',
  'deploy',
  'deposit',
  'execute',
  'mint',
  'receive',
  'send',
  'trade',
  'withdraw'
] as const
export const TRANSACTION_STATUSES = ['confirmed', 'failed', 'pending'] as const

export const transactionMetadataSchema = z.object({
  /** When the transaction was mined (ISO 8601). */
  minedAt: isoDateTimeSchema,
  /** CAIP-2 chain id, compared with the active network to decide what is shown. */
  chain: caip2Schema,
  operationType: z.enum(TRANSACTION_OPERATION_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  sentFrom: accountAddressSchema,
  sentTo: accountAddressSchema,
  hash: z.optional(z.string()),
  nonce: z.optional(z.number().check(z.int(), z.nonnegative()))
})
export type TransactionMetadata = z.infer<typeof transactionMetadataSchema>

export const fungibleInfoSchema = z.object({
  name: z.optional(z.string()),
  symbol: z.string(),
  icon: z.optional(z.object({ url: untrustedUrlSchema }))
})
export type FungibleInfo = z.infer<typeof fungibleInfoSchema>

export const nftInfoSchema = z.object({
  name: z.string(),
  content: z.optional(
    z.object({
      preview: z.optional(z.object({ url: untrustedUrlSchema, content_type: z.optional(z.string()) }))
    })
  ),
  flags: z.object({ is_spam: z.boolean() })
})
export type NftInfo = z.infer<typeof nftInfoSchema>

/** One movement inside a transaction: a fungible token (with its info) or an NFT. */
export const transactionTransferSchema = z.object({
  fungible_info: z.optional(fungibleInfoSchema),
  nft_info: z.optional(nftInfoSchema),
  direction: z.enum(['in', 'out', 'self']),
  /** Amount in token units as a decimal string ("1.5"); "1" for a single NFT. */
  quantity: z.object({ numeric: decimalStringSchema }),
  /** Value in USD at the time, when known. */
  value: z.optional(z.number()),
  price: z.optional(z.number())
})
export type TransactionTransfer = z.infer<typeof transactionTransferSchema>

export const transactionSchema = z.object({
  id: z.string().check(z.minLength(1)),
  metadata: transactionMetadataSchema,
  transfers: z.array(transactionTransferSchema)
})
export type Transaction = z.infer<typeof transactionSchema>

/** The page of transactions and the cursor of the next page (null on the last page). */
export const historyResponseSchema = z.object({
  data: z.array(transactionSchema),
  next: z.nullable(z.string())
})
export type HistoryResponse = z.infer<typeof historyResponseSchema>

/** A 0x transaction hash of 64 hex digits (docs/behaviour.md section 5). */
export const transactionHashSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/, 'a 0x hash of 64 hex digits'))
