// A small EVM chain behind the frame's forwarded RPC, for tests: answers what sendTransaction asks
// (chain id, nonce, gas, a latest block with or without a base fee, priority fee, gas price), takes
// signed transactions (parsed and their sender recovered with viem) and answers their receipts;
// eth_call reaches the contracts put in `contracts` (fake-contracts.ts).
import { keccak256, parseTransaction, recoverTransactionAddress, type Hex, type TransactionSerialized } from 'viem'
import { answerCall, type FakeContract } from './fake-contracts.js'

export interface SentTransaction {
  readonly raw: Hex
  readonly hash: Hex
  readonly from: string
  readonly parsed: ReturnType<typeof parseTransaction>
}

export const BASE_FEE = 1_000_000_000n
export const PRIORITY_FEE = 2_000_000_000n
export const GAS_PRICE = 3_000_000_000n
export const ESTIMATED_GAS = 21_000n

export class FakeChain {
  readonly sent: SentTransaction[] = []
  readonly asked: string[] = []
  /** false: a chain without EIP-1559 (its blocks have no base fee). */
  eip1559 = true
  /** Hashes whose receipts say reverted. */
  readonly reverted = new Set<string>()
  /** Hashes with no receipt yet. */
  readonly pending = new Set<string>()
  /** The contracts eth_call reaches, by lower-case address. */
  readonly contracts = new Map<string, FakeContract>()
  /** true: eth_call never answers (a node that hangs). */
  hangCalls = false

  constructor(readonly chainId = 31337) {}

  /** The JSON-RPC answer to `request` (what POST /frame-api/rpc answers). */
  async answer(request: { id?: unknown; method: string; params?: unknown }): Promise<unknown> {
    try {
      return {
        jsonrpc: '2.0',
        id: request.id,
        result: await this.#result(request.method, (request.params ?? []) as unknown[])
      }
    } catch (error) {
      return { jsonrpc: '2.0', id: request.id, error: { code: -32000, message: (error as Error).message } }
    }
  }

  async #result(method: string, params: unknown[]): Promise<unknown> {
    this.asked.push(method)
    const hex = (value: bigint | number) => `0x${value.toString(16)}`
    switch (method) {
      case 'eth_chainId':
        return hex(this.chainId)
      case 'eth_getTransactionCount':
        return hex(this.sent.filter(sent => sent.from.toLowerCase() === String(params[0]).toLowerCase()).length)
      case 'eth_estimateGas':
        return hex(ESTIMATED_GAS)
      case 'eth_getBlockByNumber':
        return { number: '0x10', ...(this.eip1559 ? { baseFeePerGas: hex(BASE_FEE) } : {}) }
      case 'eth_maxPriorityFeePerGas':
        return hex(PRIORITY_FEE)
      case 'eth_gasPrice':
        return hex(GAS_PRICE)
      case 'eth_call':
        if (this.hangCalls) return new Promise<never>(() => {})
        return answerCall(this.contracts, params[0] as { to?: string; data?: Hex })
      case 'eth_getBalance':
        return hex(10n ** 18n)
      case 'eth_sendRawTransaction': {
        const raw = params[0] as Hex
        const from = await recoverTransactionAddress({ serializedTransaction: raw as TransactionSerialized })
        const hash = keccak256(raw)
        this.sent.push({ raw, hash, from, parsed: parseTransaction(raw) })
        return hash
      }
      case 'eth_getTransactionReceipt': {
        const sent = this.sent.find(transaction => transaction.hash === params[0])
        if (!sent || this.pending.has(sent.hash)) return null
        return {
          transactionHash: sent.hash,
          status: this.reverted.has(sent.hash) ? '0x0' : '0x1',
          blockHash: `0x${'11'.repeat(32)}`,
          blockNumber: '0x11',
          gasUsed: hex(ESTIMATED_GAS),
          logs: []
        }
      }
      default:
        throw new Error(`the method ${method} does not exist/is not available`)
    }
  }
}
