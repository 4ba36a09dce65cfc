// What the Dev Wallet's signing, transaction and batch modules (signing.ts, transactions.ts,
// batches.ts) use of its provider (provider.ts): the account, the chains, the approvals, the RPC.
import type { Hex, PrivateKeyAccount } from 'viem'
import type { ApprovalRequest } from '../shared/approval-panel.js'
import type { DevWalletChain } from './provider.js'
import type { TransactionParams } from './params.js'

export interface WalletHost {
  readonly account: PrivateKeyAccount
  /** Whether wallet_sendCalls batches go all-or-nothing (the provider's `atomic` option). */
  readonly atomic: boolean
  /** The current chain. */
  chainId(): number
  chains(): readonly DevWalletChain[]
  /** Whether `chainId` is one of the wallet's chains. */
  knows(chainId: number): boolean
  /** `<name> (<id>)`, as the approval panel shows a chain. */
  chainLabel(chainId: number): string
  /** Throws unless this page's origin is connected (and `address`, when given, is the account). */
  requireConnected(address?: unknown): void
  /** Resolves once the user approved; throws userRejected otherwise. */
  ask(request: ApprovalRequest): Promise<void>
  /** One JSON-RPC call to a chain; node errors come back as ProviderRpcError with the node's code. */
  rpc(chainId: number, method: string, params?: readonly unknown[]): Promise<unknown>
  /** Fills, signs and sends a transaction; no approval. */
  send(tx: TransactionParams, chainId: number): Promise<Hex>
  /** Runs `send` after the chain's earlier sends (atomic mode only). */
  inLine<T>(chainId: number, send: () => Promise<T>): Promise<T>
}
