// The frame's RPC policy (docs/behaviour.md sections 6 and 9, src/frame/rpc-methods.ts):
//   eth_chainId                        answered here, from the stored last chain (0x hex)
//   eth_accounts, eth_requestAccounts  the account's address (the smart account's first when it is
//                                      the active one, service/frame/smart-wallet.ts)
//   wallet_getCapabilities             answered here: an EOA's batches run one call at a time, not
//                                      atomically; a smart account's run as one sponsored user operation
//   wallet_getCallsStatus              answered here for a batch this frame ran
//   wallet_getAssets                   answered here from the backend's balances (service/frame/assets.ts)
//   other SAFE_METHODS                 forwarded to the chain (POST /frame-api/rpc?chainId=eip155:N)
//   solana_signAndSendTransaction      sent to its Solana network (POST /frame-api/rpc?chainId=solana:…)
//   wallet_grantPermissions,           smart sessions (service/frame/permissions.ts, loaded on first use):
//   wallet_revokePermissions           refused unless the app turned them on (syncDappData), then
//                                      as the other APPROVAL_METHODS
//   APPROVAL_METHODS                   shown to the visitor once the backend says the session still
//                                      holds ('Session Expired' otherwise), an EVM contract call in
//                                      words (service/frame/evm-call-summary.ts); run only once approved;
//                                      at most 99 waiting; those this wallet cannot do are refused
//   anything else                      'Requested RPC call is not allowed'
import type { Hex } from 'viem'
import type { FrameParams } from '../../src/frame/messages.js'
import {
  isSafeMethod,
  needsApproval,
  PENDING_TRANSACTIONS_LIMIT,
  PERMISSION_METHODS,
  RPC_NOT_ALLOWED,
  SMART_SESSIONS_OFF
} from '../../src/frame/rpc-methods.js'
import type { ApprovalRequest } from './approval-request.js'
import type { Backend } from './backend.js'
import { toHexChainId } from './chains.js'
import { APPROVAL_PLANNERS, type Planner } from './rpc-approvals.js'
import type { SolanaForward } from './solana-send.js'
import type { ActiveSmartAccount } from './smart-wallet.js'
import { CallsBook, type Forward } from './transactions.js'
import type { Account } from './wallet.js'

export const TOO_MANY_PENDING = `Too many requests are waiting for approval (at most ${PENDING_TRANSACTIONS_LIMIT})`
export const NO_LONGER_CONNECTED = 'The wallet signed out before the request was approved'

export const notSupported = (method: string): string => `${method} is not supported by this wallet yet`

/** An error the chain answered (JSON-RPC `error`): its message, and its code. */
export class ChainRpcError extends Error {
  constructor(
    message: string,
    readonly code: number | undefined
  ) {
    super(message)
    this.name = 'ChainRpcError'
  }
}

export interface RpcContext {
  /** The logged-in account, restored if need be; throws when there is none. */
  account(): Promise<Account>
  /** Whether `account` is still the logged-in one (a sign-out while the visitor decided ends it). */
  isCurrent(account: Account): boolean
  /** Checks with the backend that the login still holds; throws 'Session Expired' when it ended. */
  confirmSession?(): Promise<void>
  /** The wallet's EVM chain (the stored last chain). */
  chainId(): number
  /** The Solana network last asked about (CAIP-2), where sign-and-send goes when none is named. */
  solanaChainId?(): string | undefined
  readonly backend: Pick<Backend, 'rpc'>
  /** Asks the visitor; resolves when approved, rejects ('User rejected the request') otherwise. */
  approve(request: ApprovalRequest): Promise<void>
  /** The most approvals that may wait at once (PENDING_TRANSACTIONS_LIMIT). */
  readonly limit?: number
  /** The smart account in use, when it is one (service/frame/handlers.ts decides); undefined: the EOA. */
  smartAccount?(account: Account): Promise<ActiveSmartAccount | undefined>
  /** The backend's token balances of one of the wallet's addresses (wallet_getAssets); without it, not supported. */
  balances?(address: string): ReturnType<Backend['balance']>
  /** How long an approval waits for what the chain says of the contracts it calls (CONTRACT_READ_TIMEOUT_MS). */
  readonly contractReadTimeoutMs?: number
  /** Whether the app turned smart sessions on (syncDappData's smartSessions); without it, off. */
  smartSessions?(): boolean
}

export type RpcRequest = FrameParams<'rpcRequest'>

function chainAnswer(method: string, answer: unknown): unknown {
  if (typeof answer !== 'object' || answer === null) throw new Error(`The chain answered ${method} unexpectedly`)
  const { error, result } = answer as { error?: unknown; result?: unknown }
  if (error !== undefined && error !== null) {
    const { message, code } = error as { message?: unknown; code?: unknown }
    throw new ChainRpcError(
      typeof message === 'string' && message ? message : `The chain refused ${method}`,
      typeof code === 'number' ? code : undefined
    )
  }
  if (!('result' in answer)) throw new Error(`The chain answered ${method} unexpectedly`)
  return result
}

let nextRequestId = 1

/** Planners whose code loads with their first request: smart sessions (service/frame/permissions.ts), when the app turned them on. */
const LAZY_PLANNERS: Partial<Record<string, () => Promise<Planner>>> = {
  wallet_grantPermissions: async () => (await import('./permissions.js')).grantPermissions,
  wallet_revokePermissions: async () => (await import('./permissions.js')).revokePermissions
}

/** A JSON-RPC call to an EVM chain through the backend: the chain's result, or its error thrown (ChainRpcError). */
export function createChainForward(backend: Pick<Backend, 'rpc'>) {
  return async (method: string, params: readonly unknown[], chainId: number): Promise<unknown> => {
    const request = { jsonrpc: '2.0', id: nextRequestId++, method, params }
    return chainAnswer(method, await backend.rpc(`eip155:${chainId}`, request))
  }
}

/** The frame's rpcRequest handler. */
export function createRpc(context: RpcContext): (request: RpcRequest) => Promise<unknown> {
  const limit = context.limit ?? PENDING_TRANSACTIONS_LIMIT
  const calls = new CallsBook()
  let nextId = 1
  let waiting = 0

  const toChain = createChainForward(context.backend)
  const forward: Forward = (method, params, chainId = context.chainId()) => toChain(method, params, chainId)

  const forwardSolana: SolanaForward = async (chainId, method, params) => {
    const request = { jsonrpc: '2.0', id: nextId++, method, params }
    return chainAnswer(method, await context.backend.rpc(chainId, request))
  }

  /**
   * What the approval shows: an EVM contract call in words, the chain naming its tokens within a
   * time limit (service/frame/evm-call-summary.ts, a chunk loaded with the first transaction to approve).
   */
  async function described(request: ApprovalRequest, wallet: Hex, timeoutMs?: number): Promise<ApprovalRequest> {
    if (request.kind !== 'transactions') return request
    const { describeForApproval } = await import('./evm-call-summary.js')
    return describeForApproval(request, forward, wallet, timeoutMs)
  }

  async function approved(method: string, params: unknown): Promise<unknown> {
    const planner = APPROVAL_PLANNERS[method] ?? (await LAZY_PLANNERS[method]?.())
    if (!planner) throw new Error(notSupported(method))
    if (waiting >= limit) throw new Error(TOO_MANY_PENDING)
    waiting++
    try {
      const account = await context.account()
      // A session that ended (expired, signed out elsewhere) approves nothing more.
      await context.confirmSession?.()
      const solanaChainId = context.solanaChainId?.()
      const smart = await context.smartAccount?.(account)
      const plan = await planner(params, {
        keyring: account.keyring,
        chainId: context.chainId(),
        forward,
        calls,
        forwardSolana,
        ...(solanaChainId ? { solanaChainId } : {}),
        ...(smart ? { smart } : {})
      })
      const wallet = smart ? smart.address : account.keyring.address
      await context.approve(await described(plan.request, wallet, context.contractReadTimeoutMs))
      if (!context.isCurrent(account)) throw new Error(NO_LONGER_CONNECTED)
      return await plan.run()
    } finally {
      waiting--
    }
  }

  return async ({ method, params }) => {
    const list = Array.isArray(params) ? (params as unknown[]) : params === undefined ? [] : [params]
    switch (method) {
      case 'eth_chainId':
        return toHexChainId(context.chainId())
      case 'eth_accounts':
      case 'eth_requestAccounts': {
        const account = await context.account()
        const smart = await context.smartAccount?.(account)
        return smart ? [smart.address, account.keyring.address] : [account.keyring.address]
      }
      case 'wallet_getCapabilities': {
        const current = toHexChainId(context.chainId())
        const asked = Array.isArray(list[1]) ? list[1].map(String) : [current]
        const smart = await context.smartAccount?.(await context.account())
        const sponsored = { atomic: { status: 'supported' }, paymasterService: { supported: true } }
        return Object.fromEntries(
          asked.map(chain => [chain, smart && chain === current ? sponsored : { atomic: { status: 'unsupported' } }])
        )
      }
      case 'wallet_getCallsStatus':
        if (calls.has(list[0])) return calls.status(forward, list[0])
        break
      case 'wallet_getAssets': {
        const { balances } = context
        if (!balances) throw new Error(notSupported(method))
        const account = await context.account()
        const smart = await context.smartAccount?.(account)
        const accounts = smart ? [smart.address, account.keyring.address] : [account.keyring.address]
        // Its code and schemas load on the first wallet_getAssets (the frame's first load stays as it was).
        return (await import('./assets.js')).walletAssets(list, { accounts, balances })
      }
    }
    if (isSafeMethod(method)) return forward(method, list)
    if (PERMISSION_METHODS.includes(method) && !context.smartSessions?.()) throw new Error(SMART_SESSIONS_OFF)
    if (needsApproval(method)) return approved(method, params)
    throw new Error(RPC_NOT_ALLOWED)
  }
}
