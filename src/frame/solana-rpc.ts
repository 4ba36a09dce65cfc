// The Solana transaction methods through the embedded wallet (docs/behaviour.md section 3: "Solana: message
// with pubkey; transaction; transactions list; sign-and-send options"), shared by the page's auth
// connector and the frame. Transactions travel as base64 of their wire format (as WalletConnect's
// Solana methods take them); signatures as base58. The page's connector imports only the types, so
// these schemas load only in the frame.
//   solana_signTransaction         { transaction, pubkey? }                     -> { signature, transaction }
//   solana_signAllTransactions     { transactions, pubkey? }                    -> { transactions }
//   solana_signAndSendTransaction  { transaction, pubkey?, options?, chainId? } -> { signature }
// `chainId` (CAIP-2, solana:<genesis>) names the network to send on; without it the frame sends on
// the Solana network it was last asked about. `options.commitment` makes the frame answer only once
// the transaction reached it (the Wallet Standard's option of the same name).
import * as z from 'zod/mini'

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/
const base64 = z.string().check(z.regex(BASE64, 'base64'))
const commitment = z.enum(['processed', 'confirmed', 'finalized'])

export const solanaSendOptionsSchema = z.object({
  skipPreflight: z.optional(z.boolean()),
  preflightCommitment: z.optional(commitment),
  maxRetries: z.optional(z.number().check(z.int(), z.nonnegative())),
  minContextSlot: z.optional(z.number().check(z.int(), z.nonnegative())),
  commitment: z.optional(commitment)
})
export type SolanaSendOptions = z.infer<typeof solanaSendOptionsSchema>

export const solanaSignTransactionSchema = z.object({ transaction: base64, pubkey: z.optional(z.string()) })

export const solanaSignAllTransactionsSchema = z.object({
  transactions: z.array(base64).check(z.minLength(1)),
  pubkey: z.optional(z.string())
})

export const solanaSignAndSendSchema = z.object({
  transaction: base64,
  pubkey: z.optional(z.string()),
  options: z.optional(solanaSendOptionsSchema),
  chainId: z.optional(z.string().check(z.startsWith('solana:')))
})
export type SolanaSignAndSendParams = z.infer<typeof solanaSignAndSendSchema>
