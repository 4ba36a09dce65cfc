// The RPC methods that need the visitor's approval and that this wallet supports: each one's params
// checked, what the approval shows, and what runs once it is approved (signing with the frame's
// keys). When the page uses the smart account (context.smart), what is asked of it goes through it:
// a transaction or a batch as one sponsored user operation, a signature for ERC-1271 (the account
// deployed first); what is asked of the owner's address is still signed by the EOA. The Solana ones
// are in rpc-approvals-solana.ts. eth_sendUserOperation runs the page's callData as the smart
// account's user operation. The permission methods (smart sessions) are service/frame/permissions.ts,
// loaded by rpc.ts on their first request.
import {
  decodeFunctionData,
  hexToBigInt,
  hexToBytes,
  isAddressEqual,
  isHex,
  type Hex,
  type TypedDataDefinition
} from 'viem'
// The account's execute and executeBatch (data only): to show what its callData does.
import { accountCallsAbi } from '../../src/adapters/evm/smart-account-abi.js'
import * as z from 'zod/mini'
import { frameSendCallsSchema } from '../../src/frame/messages.js'
import type { ApprovalRequest, TransactionSummary } from './approval-request.js'
import { parseChainId } from './chains.js'
import type { Keyring } from './keys.js'
import { SOLANA_APPROVAL_PLANNERS, type SolanaApprovalContext } from './rpc-approvals-solana.js'
import { parseParams as parse } from './rpc-params.js'
import type { ActiveSmartAccount } from './smart-wallet.js'
import { sendTransaction, type CallsBook, type Forward, type TransactionRequest } from './transactions.js'

export interface ApprovalPlan {
  readonly request: ApprovalRequest
  /** Runs once the visitor approved; its result is the RPC's answer. */
  run(): Promise<unknown>
}

export interface ApprovalContext extends SolanaApprovalContext {
  readonly keyring: Keyring
  readonly chainId: number
  readonly forward: Forward
  readonly calls: CallsBook
  /** The smart account in use; undefined: the EOA. */
  readonly smart?: ActiveSmartAccount
}

export const SMART_ACCOUNT_CREATES_NOTHING = 'A smart account’s transaction needs a recipient (to)'
export const USER_OPERATION_NEEDS_SMART_ACCOUNT = 'eth_sendUserOperation needs the smart account: switch to it first'

const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'an address'))
const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'a hex quantity'))
const data = z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/, 'hex bytes'))

/** eth_sendUserOperation's operation: what the frame takes from the page (the rest it fills itself). */
const userOperationSchema = z.object({
  sender: address,
  callData: data
})

const transactionSchema = z.object({
  from: z.optional(address),
  to: z.optional(z.nullable(address)),
  value: z.optional(quantity),
  data: z.optional(data),
  input: z.optional(data),
  gas: z.optional(quantity),
  nonce: z.optional(quantity),
  gasPrice: z.optional(quantity),
  maxFeePerGas: z.optional(quantity),
  maxPriorityFeePerGas: z.optional(quantity),
  chainId: z.optional(z.union([quantity, z.number()]))
})

const typedDataSchema = z.object({
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.string().check(z.minLength(1)),
  domain: z.optional(z.record(z.string(), z.unknown())),
  message: z.record(z.string(), z.unknown())
})

function checkChain(what: string, chainId: string | number | undefined, current: number): void {
  if (chainId === undefined) return
  const asked = parseChainId(chainId)
  if (asked.namespace !== 'eip155' || asked.id !== current) {
    throw new Error(`The ${what} is for chain ${String(chainId)}, the wallet is on chain ${current}`)
  }
}

const sameAddress = (asked: string, ours: string) =>
  isHex(asked) && asked.length === 42 && isAddressEqual(asked, ours as Hex)

function checkAddress(method: string, asked: string, ours: string): void {
  if (!sameAddress(asked, ours)) throw new Error(`${method} asks for ${asked}, which is not this wallet’s address`)
}

/** The smart account when `asked` (the signer or sender; none: the active account) names it; undefined: the EOA, checked. */
function signerOf(method: string, asked: string | undefined, context: ApprovalContext): ActiveSmartAccount | undefined {
  const { smart, keyring } = context
  if (smart && (asked === undefined || sameAddress(asked, smart.address))) return smart
  if (asked !== undefined) checkAddress(method, asked, keyring.address)
  return undefined
}

const big = (value: string | undefined): bigint | undefined =>
  value === undefined ? undefined : hexToBigInt(value as Hex)

function toRequest(transaction: z.infer<typeof transactionSchema>): TransactionRequest {
  const nonce = big(transaction.nonce)
  return {
    from: transaction.from,
    to: (transaction.to ?? undefined) as Hex | undefined,
    value: big(transaction.value),
    data: (transaction.data ?? transaction.input) as Hex | undefined,
    gas: big(transaction.gas),
    nonce: nonce === undefined ? undefined : Number(nonce),
    gasPrice: big(transaction.gasPrice),
    maxFeePerGas: big(transaction.maxFeePerGas),
    maxPriorityFeePerGas: big(transaction.maxPriorityFeePerGas)
  }
}

const summary = (request: TransactionRequest): TransactionSummary => ({
  to: request.to,
  value: request.value ?? 0n,
  data: request.data
})

export type Planner = (params: unknown, context: ApprovalContext) => ApprovalPlan | Promise<ApprovalPlan>

export const APPROVAL_PLANNERS: Partial<Record<string, Planner>> = {
  personal_sign(params, context) {
    const { keyring } = context
    const [message, signer] = parse('personal_sign', z.tuple([z.string(), z.string()], z.unknown()), params)
    const smart = signerOf('personal_sign', signer, context)
    const bytes = isHex(message) ? hexToBytes(message) : new TextEncoder().encode(message)
    return {
      request: { kind: 'message', namespace: 'eip155', bytes },
      run: () =>
        smart
          ? smart.wallet.signMessage(keyring.account, smart.chainId, { raw: bytes })
          : keyring.account.signMessage({ message: { raw: bytes } })
    }
  },

  eth_signTypedData_v4(params, context) {
    const { keyring, chainId } = context
    const [signer, json] = parse('eth_signTypedData_v4', z.tuple([z.string(), z.unknown()]), params)
    const smart = signerOf('eth_signTypedData_v4', signer, context)
    let raw: unknown = json
    if (typeof json === 'string') {
      try {
        raw = JSON.parse(json)
      } catch {
        throw new Error('eth_signTypedData_v4 got typed data that is not JSON')
      }
    }
    const typed = parse('eth_signTypedData_v4', typedDataSchema, raw)
    const domainChain = typed.domain?.chainId
    if (typeof domainChain === 'string' || typeof domainChain === 'number')
      checkChain('typed data', domainChain, chainId)
    const domainName = typeof typed.domain?.name === 'string' ? typed.domain.name : undefined
    return {
      request: { kind: 'typed-data', domainName, primaryType: typed.primaryType, message: typed.message },
      run: () => {
        const definition = typed as Parameters<typeof keyring.account.signTypedData>[0]
        return smart
          ? smart.wallet.signTypedData(keyring.account, smart.chainId, definition as TypedDataDefinition)
          : keyring.account.signTypedData(definition)
      }
    }
  },

  eth_sendTransaction(params, context) {
    const { keyring, chainId, forward } = context
    const [transaction] = parse('eth_sendTransaction', z.tuple([transactionSchema], z.unknown()), params)
    checkChain('transaction', transaction.chainId, chainId)
    const smart = signerOf('eth_sendTransaction', transaction.from, context)
    const request = toRequest(transaction)
    if (smart) {
      const to = request.to
      if (!to) throw new Error(SMART_ACCOUNT_CREATES_NOTHING)
      return {
        request: { kind: 'transactions', chainId, transactions: [summary(request)] },
        // The answer is the hash of the transaction that carried the user operation, once mined.
        async run() {
          const operation = await smart.wallet.send(keyring.account, smart.chainId, [
            { to, value: request.value ?? 0n, data: request.data ?? '0x' }
          ])
          const { receipt } = await smart.wallet.waitForReceipt(smart.chainId, operation)
          return receipt.transactionHash
        }
      }
    }
    return {
      request: { kind: 'transactions', chainId, transactions: [summary(request)] },
      run: () => sendTransaction(forward, keyring.account, request)
    }
  },

  wallet_sendCalls(params, context) {
    const { keyring, chainId, forward, calls } = context
    const [batch] = parse('wallet_sendCalls', z.tuple([frameSendCallsSchema], z.unknown()), params)
    checkChain('batch', batch.chainId, chainId)
    const smart = signerOf('wallet_sendCalls', batch.from, context)
    if (batch.calls.length === 0) throw new Error('wallet_sendCalls got no calls')
    const requests = batch.calls.map(call => {
      const to = parse('wallet_sendCalls', address, call.to) as Hex
      return { to, value: big(call.value), data: call.data as Hex | undefined }
    })
    if (smart) {
      return {
        request: { kind: 'transactions', chainId, transactions: requests.map(summary) },
        async run() {
          const operation = await smart.wallet.send(keyring.account, smart.chainId, requests)
          return { id: calls.add({ chainId: smart.chainId, userOperation: operation, wallet: smart.wallet }) }
        }
      }
    }
    return {
      request: { kind: 'transactions', chainId, transactions: requests.map(summary) },
      async run() {
        const hashes: Hex[] = []
        for (const [index, request] of requests.entries()) {
          try {
            hashes.push(await sendTransaction(forward, keyring.account, request))
          } catch (error) {
            const reason = error instanceof Error ? error.message : String(error)
            throw new Error(`Call ${index + 1} of ${requests.length} failed (${hashes.length} sent): ${reason}`, {
              cause: error
            })
          }
        }
        return { id: calls.add({ chainId, hashes }) }
      }
    }
  },

  /**
   * A user operation the page built for the smart account ([userOperation, entryPoint]): its sender
   * and callData are the page's; the nonce, gas, paymaster (sponsored) and signature the frame
   * fills. The approval shows the calls the callData makes (execute / executeBatch), or the raw call
   * to the account. Answers the user operation's hash.
   */
  eth_sendUserOperation(params, context) {
    const { smart, keyring, chainId } = context
    const [operation, entryPoint] = parse(
      'eth_sendUserOperation',
      z.tuple([userOperationSchema, address], z.unknown()),
      params
    )
    if (!smart) throw new Error(USER_OPERATION_NEEDS_SMART_ACCOUNT)
    checkAddress('eth_sendUserOperation', operation.sender, smart.address)
    if (!isAddressEqual(entryPoint as Hex, smart.entryPoint)) {
      throw new Error(`eth_sendUserOperation names EntryPoint ${entryPoint}; this wallet’s is ${smart.entryPoint}`)
    }
    const callData = operation.callData as Hex
    return {
      request: { kind: 'transactions', chainId, transactions: accountCalls(smart.address, callData) },
      run: () => smart.wallet.sendCallData(keyring.account, smart.chainId, callData)
    }
  },

  ...SOLANA_APPROVAL_PLANNERS
}

/** What a smart account's callData does: the calls of execute / executeBatch, or itself as one call to the account. */
function accountCalls(account: Hex, callData: Hex): TransactionSummary[] {
  try {
    const decoded = decodeFunctionData({ abi: accountCallsAbi, data: callData })
    if (decoded.functionName === 'execute') {
      const [to, value, inner] = decoded.args
      return [{ to, value, data: inner }]
    }
    if (decoded.functionName === 'executeBatch') {
      const [targets, values, datas] = decoded.args
      return targets.map((to, index) => ({ to, value: values[index] ?? 0n, data: datas[index] }))
    }
  } catch {
    // Not a call this account decodes: shown as the raw call below.
  }
  return [{ to: account, value: 0n, data: callData }]
}
