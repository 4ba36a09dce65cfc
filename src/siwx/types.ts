import type { SiwxMessageData, SiwxSession } from '../api/schemas/siwx.js'

export type { SiwxMessageData, SiwxSession, Cacao } from '../api/schemas/siwx.js'

/** A sign-in message: its data and, as `toString()`, the exact text the wallet signs. */
export interface SiwxMessage extends SiwxMessageData {
  toString(): string
}

/** What the kit asks a message for: the connected account and its network (CAIP-2). */
export interface SiwxMessageInput {
  readonly accountAddress: string
  readonly chainId: string
}

/**
 * A sign-in with X implementation (CAIP-122), given to createAppKit as `siwx`. The kit asks it for
 * a message, has the wallet sign it, and hands it the session; it decides where sessions live and
 * how they are verified. `createLocalSiwx()` and `createBackendSiwx()` ship with the kit; an app may
 * write its own.
 */
export interface SiwxConfig {
  /** A message for the account to sign (with a fresh nonce). */
  createMessage(input: SiwxMessageInput): Promise<SiwxMessage>
  /** Verifies and keeps a signed session; rejects when the signature or the data is not valid. */
  addSession(session: SiwxSession): Promise<void>
  /** The account's sessions on `chainId` that are in force now (none expired or not yet valid). */
  getSessions(chainId: string, address: string): Promise<SiwxSession[]>
  /** Ends the account's sessions on `chainId`. */
  revokeSession(chainId: string, address: string): Promise<void>
  /** Replaces every kept session with `sessions` (an empty list signs everyone out). */
  setSessions(sessions: SiwxSession[]): Promise<void>
  /** Whether the visitor must sign in: the modal then cannot be closed unsigned, and Cancel disconnects. */
  getRequired?(): boolean
  /** The sentence the sign-in view shows and the message carries. */
  readonly statement?: string
}
