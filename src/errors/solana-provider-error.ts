/**
 * The error of a Solana signing request (the app's Solana provider, issue 31, and the connectors'
 * Solana signing): `message` and `code` are the wallet's own when the wallet refused or failed
 * (4001 when the visitor rejected), the kit's when it could not ask or could not read the answer.
 */

/** The wallet has no such method (EIP-1193's "Unsupported Method", which Solana wallets use too). */
export const UNSUPPORTED_METHOD = 4200
/** The wallet answered something the kit cannot read (JSON-RPC's internal error). */
export const UNREADABLE_ANSWER = -32603

export class SolanaProviderError extends Error {
  override readonly name = 'SolanaProviderError'
  constructor(
    message: string,
    readonly code: number | string | undefined,
    options?: { cause?: unknown }
  ) {
    super(message, options)
  }

  /** `error` as thrown by a wallet (an Error, or a JSON-RPC `{ code, message }` object), its code and message kept. */
  static from(error: unknown): SolanaProviderError {
    if (error instanceof SolanaProviderError) return error
    const record = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {}
    const message = typeof record.message === 'string' && record.message ? record.message : String(error)
    const code = typeof record.code === 'number' || typeof record.code === 'string' ? record.code : undefined
    return new SolanaProviderError(message, code, { cause: error })
  }
}
