// What the visitor is asked to approve, as the RPC layer describes it to the approval UI: plain
// data (bytes, addresses, amounts), never markup. The UI turns it into text with DOM calls.
import type { Hex } from 'viem'
import type { EvmCallSummary } from './evm-call-summary.js'
import type { SolanaTransactionSummary } from './solana-instructions.js'

export interface TransactionSummary {
  /** Undefined for a contract creation. */
  readonly to?: string
  readonly value: bigint
  readonly data?: Hex
  /** What the data asks of the contract `to`, in words (service/frame/evm-call-summary.ts). */
  readonly call?: EvmCallSummary
}

export type ApprovalRequest =
  /** personal_sign or solana_signMessage: the bytes to sign. */
  | { readonly kind: 'message'; readonly namespace: 'eip155' | 'solana'; readonly bytes: Uint8Array }
  /** eth_signTypedData_v4. */
  | {
      readonly kind: 'typed-data'
      readonly domainName?: string
      readonly primaryType: string
      readonly message: unknown
    }
  /** eth_sendTransaction (one) or wallet_sendCalls (one or more, approved together). */
  | { readonly kind: 'transactions'; readonly chainId: number; readonly transactions: readonly TransactionSummary[] }
  /**
   * solana_signTransaction, solana_signAllTransactions (signed only) or solana_signAndSendTransaction
   * (`send`: signed and sent to `chainId`).
   */
  | {
      readonly kind: 'solana-transactions'
      readonly send: boolean
      readonly chainId?: string
      readonly transactions: readonly SolanaTransactionSummary[]
    }
  /** wallet_grantPermissions or wallet_revokePermissions (service/frame/permissions.ts): what is granted or revoked, in words. */
  | {
      readonly kind: 'permissions'
      readonly heading: string
      readonly rows: ReadonlyArray<readonly [string, string]>
    }

/** The approval's heading. */
export function approvalHeading(request: ApprovalRequest): string {
  if (request.kind === 'message' || request.kind === 'typed-data') return 'Sign message'
  if (request.kind === 'permissions') return request.heading
  const count = request.transactions.length
  if (request.kind === 'solana-transactions' && !request.send) {
    return count === 1 ? 'Sign transaction' : `Sign ${count} transactions`
  }
  return count === 1 ? 'Approve transaction' : `Approve ${count} transactions`
}

/** Control characters (C0 and C1); tab and line breaks are fine and taken out before the test. */
const CONTROL = /\p{Cc}/u
/** The bidirectional marks and overrides, which can make a text read as another. */
const BIDI = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/u

/** The message as UTF-8 text when it is valid and printable, else undefined (show it as hex). */
export function printableText(bytes: Uint8Array): string | undefined {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return undefined
  }
  return CONTROL.test(text.replace(/[\t\n\r]/g, '')) || BIDI.test(text) ? undefined : text
}

/** What the handlers ask of the approval UI (service/frame/approval.ts's ApprovalView; a stand-in in Node tests). */
export interface Approvals {
  /** Resolves when the visitor approves `request`; rejects when they decline. */
  ask(request: ApprovalRequest): Promise<void>
  /** The app that asks (syncDappData's name). */
  setApp(name: string | undefined): void
  /** Declines everything waiting with `message`. */
  rejectAll(message: string): void
}
