/**
 * The Solana wallet provider the app gets from `getWalletProvider('solana')` and
 * `useAppKitProvider('solana')` (issue 31): the shape Solana dapps already use (the wallet adapters'
 * and AppKit's), over @solana/web3.js's `Transaction` and `VersionedTransaction`. Types only, so the
 * façade, the bridge store and the React hooks can name it without loading web3.js;
 * solana-provider.ts builds it.
 */
import type { Connection, PublicKey, SendOptions, Transaction, VersionedTransaction } from '@solana/web3.js'
import type { Connector } from '../../connectors/types.js'

/** A transaction the provider signs: legacy or versioned (v0); it comes back as the same class. */
export type AnySolanaTransaction = Transaction | VersionedTransaction

/**
 * Options of `signAndSendTransaction`: web3.js's `SendOptions` and the Wallet Standard's
 * `commitment` (the wallet answers once the transaction reached it; 'confirmed' when not given).
 */
export interface SolanaSendOptions {
  readonly skipPreflight?: boolean
  readonly preflightCommitment?: 'processed' | 'confirmed' | 'finalized'
  readonly maxRetries?: number
  readonly minContextSlot?: number
  readonly commitment?: 'processed' | 'confirmed' | 'finalized'
}

/** What the provider's events carry: the kit's view of the connection, as AppKit's Solana provider has it. */
export interface SolanaProviderEventMap {
  /** The account in use changed (in the wallet or in the modal): its public key. */
  accountsChanged: PublicKey
  /** The active Solana network changed: its CAIP-2 id (`solana:<genesis hash>`). */
  chainChanged: string
  /** The connection ended. */
  disconnect: undefined
}

export type SolanaProviderEvent = keyof SolanaProviderEventMap

export type SolanaProviderListener<E extends SolanaProviderEvent> = (payload: SolanaProviderEventMap[E]) => void

/**
 * A failure of the provider: `message` is the wallet's own text when the wallet refused or failed
 * (`code` its code: 4001 when the visitor rejected), or the kit's when it could not ask (`code`
 * 4200: the wallet has no such method; -32603: it answered something unreadable).
 */
export interface SolanaProviderErrorShape extends Error {
  readonly name: 'SolanaProviderError'
  readonly code: number | string | undefined
}

export interface AppKitSolanaProvider {
  /** The connected account (follows `accountsChanged`). */
  readonly publicKey: PublicKey
  /** Signs `message` (any bytes) with the account; resolves with the 64-byte ed25519 signature. */
  signMessage(message: Uint8Array): Promise<Uint8Array>
  /** Has the wallet sign `transaction` without sending it; resolves with a new, signed one of the same class. */
  signTransaction<T extends AnySolanaTransaction>(transaction: T): Promise<T>
  /** Signs each of `transactions` (one approval in the wallet); resolves with them signed, in order. */
  signAllTransactions<T extends AnySolanaTransaction[]>(transactions: T): Promise<T>
  /**
   * Has the wallet sign and send `transaction` on the active Solana network; resolves with its
   * signature in base58 (the transaction id, web3.js's `TransactionSignature`, as the wallet
   * adapters' `sendTransaction` and AppKit's Solana provider answer).
   */
  signAndSendTransaction<T extends AnySolanaTransaction>(transaction: T, options?: SolanaSendOptions): Promise<string>
  /**
   * The wallet adapters' way: has the wallet sign `transaction` (signTransaction), then sends it
   * through the app's own `connection` (its RPC, `sendRawTransaction`); resolves with the base58 signature.
   */
  sendTransaction(
    transaction: AnySolanaTransaction,
    connection: Pick<Connection, 'sendRawTransaction'>,
    options?: SendOptions
  ): Promise<string>
  on<E extends SolanaProviderEvent>(event: E, listener: SolanaProviderListener<E>): void
  removeListener<E extends SolanaProviderEvent>(event: E, listener: SolanaProviderListener<E>): void
}

/** What `createSolanaProvider` (solana-provider.ts) takes: the session's connector, account and network. */
export interface SolanaProviderOptions {
  /** The connected Solana connector (its optional `solanaSignTransactions` / `signMessageBytes` are used). */
  readonly connector: Connector
  /** The account in use (base58); `emit('accountsChanged', next)` moves it. */
  readonly address: string
  /** The active Solana network's CAIP-2 id (`solana:<genesis hash>`); `emit('chainChanged', next)` moves it. */
  readonly chain: string
}

/**
 * What the provider's owner (the kit's bridge store) tells it, to raise its events: the new address
 * (base58; `publicKey` follows it), the new network's CAIP-2 id, or the end of the connection.
 */
export interface SolanaProviderEmitMap {
  accountsChanged: string
  chainChanged: string
  disconnect: undefined
}

/**
 * The provider with what its owner (the kit's bridge store) uses to raise its events: `emit` first
 * moves the provider's own address or network, then calls the app's listeners (an address becomes
 * its PublicKey); an equal value raises nothing.
 */
export interface SolanaProviderHandle extends AppKitSolanaProvider {
  emit<E extends SolanaProviderEvent>(event: E, payload: SolanaProviderEmitMap[E]): void
}
