// The RPC methods that need the visitor's approval and that this wallet supports: each one's params
// checked, what the approval shows, and what runs once it is approved (signing with the frame's
// keys). The Solana ones are in rpc-approvals-solana.ts. The approval methods missing here
// (permissions, user operations: smart accounts) are refused by rpc.ts as not supported yet,
// never faked.
import { hexToBigInt, hexToBytes, isAddressEqual, isHex, type Hex } from 'viem'
import * as z from 'zod/mini'
import { frameSendCallsSchema } from '../src/frame/messages.js'
import type { ApprovalRequest, TransactionSummary } from './approval-request.js'
import { parseChainId } from './chains.js'
import type { Keyring } from './keys.js'
import { SOLANA_APPROVAL_PLANNERS, type SolanaApprovalContext } from './rpc-approvals-solana.js'
import { parseParams as parse } from './rpc-params.js'
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
}

const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'an address'))
const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'a hex quantity'))
const data = z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/, 'hex bytes'))

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

function checkAddress(method: string, asked: string, ours: string): void {
  if (!isHex(asked) || asked.length !== 42 || !isAddressEqual(asked, ours as Hex)) {
    throw new Error(`${method} asks for ${asked}, which is not this wallet’s address`)
  }
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

type Planner = (params: unknown, context: ApprovalContext) => ApprovalPlan

export const APPROVAL_PLANNERS: Partial<Record<string, Planner>> = {
  personal_sign(params, { keyring }) {
    const [message, signer] = parse('personal_sign', z.tuple([z.string(), z.string()], z.unknown()), params)
    checkAddress('personal_sign', signer, keyring.address)
    const bytes = isHex(message) ? hexToBytes(message) : new TextEncoder().encode(message)
    return {
      request: { kind: 'message', namespace: 'eip155', bytes },
      run: () => keyring.account.signMessage({ message: { raw: bytes } })
    }
  },

  eth_signTypedData_v4(params, { keyring, chainId }) {
    const [signer, json] = parse('eth_signTypedData_v4', z.tuple([z.string(), z.unknown()]), params)
    checkAddress('eth_signTypedData_v4', signer, keyring.address)
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
      run: () => keyring.account.signTypedData(typed as Parameters<typeof keyring.account.signTypedData>[0])
    }
  },

  eth_sendTransaction(params, { keyring, chainId, forward }) {
    const [transaction] = parse('eth_sendTransaction', z.tuple([transactionSchema], z.unknown()), params)
    checkChain('transaction', transaction.chainId, chainId)
    if (transaction.from) checkAddress('eth_sendTransaction', transaction.from, keyring.address)
    const request = toRequest(transaction)
    return {
      request: { kind: 'transactions', chainId, transactions: [summary(request)] },
      run: () => sendTransaction(forward, keyring.account, request)
    }
  },

  wallet_sendCalls(params, { keyring, chainId, forward, calls }) {
    const [batch] = parse('wallet_sendCalls', z.tuple([frameSendCallsSchema], z.unknown()), params)
    checkChain('batch', batch.chainId, chainId)
    if (batch.from) checkAddress('wallet_sendCalls', batch.from, keyring.address)
    if (batch.calls.length === 0) throw new Error('wallet_sendCalls got no calls')
    const requests = batch.calls.map(call => {
      const to = parse('wallet_sendCalls', address, call.to) as Hex
      return { to, value: big(call.value), data: call.data as Hex | undefined }
    })
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

  ...SOLANA_APPROVAL_PLANNERS
}
