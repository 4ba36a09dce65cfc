/**
 * Solana signing over the JSON-RPC methods WalletConnect's wallets and the embedded wallet's frame
 * share (src/frame/solana-rpc.ts): transactions travel as base64 of their wire format, messages and
 * signatures as base58. Every answer is parsed; an unreadable one is a SolanaProviderError (-32603).
 *   solana_signTransaction      { transaction, pubkey }  -> { signature, transaction? }
 *   solana_signAllTransactions  { transactions, pubkey } -> { transactions }
 *   solana_signMessage          { message, pubkey }      -> { signature }
 */
import * as z from 'zod/mini'
import { SolanaProviderError, UNREADABLE_ANSWER } from '../errors/solana-provider-error.js'
import { decodeBase58, encodeBase58, fromBase64, toBase64 } from '../utils/base58.js'
import { withSignature } from '../utils/solana-wire.js'

/** One request to the wallet: WalletConnect's session request on a chain, or the frame's rpc. */
export type SolanaRpc = (method: string, params: Readonly<Record<string, unknown>>) => Promise<unknown>

const signedSchema = z.object({ signature: z.string(), transaction: z.optional(z.string()) })
const signedAllSchema = z.object({ transactions: z.array(z.string()) })
const signatureSchema = z.object({ signature: z.string() })

const unreadable = (wallet: string, method: string) =>
  new SolanaProviderError(`${wallet} answered ${method} with no signed transaction or signature`, UNREADABLE_ANSWER)

const signatureOf = (text: string): Uint8Array | undefined => {
  const bytes = decodeBase58(text)
  return bytes?.length === 64 ? bytes : undefined
}

/**
 * Has the wallet sign `transactions` as `pubkey` without sending: one with solana_signTransaction
 * (a wallet that answers only the signature gets it put in `pubkey`'s signer slot), more with
 * solana_signAllTransactions (one approval). Resolves with them signed, in order, in wire format.
 */
export async function signSolanaTransactions(
  rpc: SolanaRpc,
  wallet: string,
  transactions: readonly Uint8Array[],
  pubkey: string
): Promise<Uint8Array[]> {
  const [only] = transactions
  if (!only) return []
  if (transactions.length === 1) {
    const method = 'solana_signTransaction'
    const answer = signedSchema.safeParse(await rpc(method, { transaction: toBase64(only), pubkey }))
    if (!answer.success) throw unreadable(wallet, method)
    const { transaction, signature } = answer.data
    const signatureBytes = signatureOf(signature)
    const signed =
      transaction === undefined
        ? signatureBytes && withSignature(only, pubkey, signatureBytes)
        : fromBase64(transaction)
    if (!signed) throw unreadable(wallet, method)
    return [signed]
  }
  const method = 'solana_signAllTransactions'
  const answer = signedAllSchema.safeParse(await rpc(method, { transactions: transactions.map(toBase64), pubkey }))
  const signed = answer.success ? answer.data.transactions.map(fromBase64) : []
  if (signed.length !== transactions.length) throw unreadable(wallet, method)
  return signed.map(bytes => {
    if (!bytes) throw unreadable(wallet, method)
    return bytes
  })
}

/** Has the wallet sign `message` (any bytes) as `pubkey` with solana_signMessage; resolves with the 64-byte signature. */
export async function signSolanaMessage(
  rpc: SolanaRpc,
  wallet: string,
  message: Uint8Array,
  pubkey: string
): Promise<Uint8Array> {
  const method = 'solana_signMessage'
  const answer = signatureSchema.safeParse(await rpc(method, { message: encodeBase58(message), pubkey }))
  const signature = answer.success ? signatureOf(answer.data.signature) : undefined
  if (!signature) throw unreadable(wallet, method)
  return signature
}
