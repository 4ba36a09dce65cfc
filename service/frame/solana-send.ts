// Sending a signed Solana transaction through the backend's forwarded RPC (POST /frame-api/rpc to
// the Solana network): sendTransaction in base64 with the caller's options, then, when a commitment
// is asked, getSignatureStatuses until the transaction reaches it (or fails, or the wait ends).
import * as z from 'zod/mini'
import { encodeBase58, toBase64 } from '../../src/utils/base58.js'
import type { SolanaSendOptions } from '../../src/frame/solana-rpc.js'

/** A JSON-RPC call to a Solana network (its CAIP-2 id) through the backend; resolves with its result. */
export type SolanaForward = (chainId: string, method: string, params: readonly unknown[]) => Promise<unknown>

/** How long a sent transaction may take to reach the asked commitment. */
export const CONFIRM_TIMEOUT_MS = 30_000
const POLL_MS = 250
const RANK = { processed: 0, confirmed: 1, finalized: 2 } as const

const statusesSchema = z.object({
  value: z.array(
    z.nullable(
      z.object({
        err: z.optional(z.unknown()),
        confirmationStatus: z.optional(z.nullable(z.enum(['processed', 'confirmed', 'finalized'])))
      })
    )
  )
})

export interface SendSolanaOptions {
  readonly forward: SolanaForward
  readonly chainId: string
  /** The signed transaction's wire bytes. */
  readonly transaction: Uint8Array
  /** Its first signature: the transaction's id. */
  readonly signature: Uint8Array
  readonly options?: SolanaSendOptions
  readonly timeoutMs?: number
  readonly sleep?: (ms: number) => Promise<void>
}

/** Sends the transaction; resolves with its signature (base58) once it reached `options.commitment`, if any. */
export async function sendSolanaTransaction(send: SendSolanaOptions): Promise<string> {
  const { forward, chainId, options = {} } = send
  const signature = encodeBase58(send.signature)
  const config: Record<string, unknown> = { encoding: 'base64' }
  if (options.skipPreflight !== undefined) config.skipPreflight = options.skipPreflight
  if (options.preflightCommitment) config.preflightCommitment = options.preflightCommitment
  if (options.maxRetries !== undefined) config.maxRetries = options.maxRetries
  if (options.minContextSlot !== undefined) config.minContextSlot = options.minContextSlot
  const answered = await forward(chainId, 'sendTransaction', [toBase64(send.transaction), config])
  if (answered !== signature) {
    throw new Error('The network answered sendTransaction with another signature than the transaction’s')
  }
  if (!options.commitment) return signature

  const wanted = RANK[options.commitment]
  const timeoutMs = send.timeoutMs ?? CONFIRM_TIMEOUT_MS
  const sleep = send.sleep ?? (ms => new Promise<void>(resolve => setTimeout(resolve, ms)))
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const parsed = statusesSchema.safeParse(await forward(chainId, 'getSignatureStatuses', [[signature]]))
    if (!parsed.success) throw new Error('The network answered getSignatureStatuses unexpectedly')
    const status = parsed.data.value[0]
    if (status?.err) throw new Error(`The transaction ${signature} failed: ${JSON.stringify(status.err)}`)
    if (status && RANK[status.confirmationStatus ?? 'processed'] >= wanted) return signature
    if (Date.now() >= deadline) {
      throw new Error(
        `The transaction ${signature} was sent but not ${options.commitment} within ${timeoutMs / 1000} s`
      )
    }
    await sleep(POLL_MS)
  }
}
