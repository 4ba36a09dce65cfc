// Sending a transaction from the frame's key (eth_sendTransaction, wallet_sendCalls): what the
// request leaves out is filled through the forwarded RPC (chain id, nonce, gas by eth_estimateGas,
// EIP-1559 fees from the latest block's base fee and eth_maxPriorityFeePerGas, or a legacy gas
// price on a chain without a base fee), signed here, and sent with eth_sendRawTransaction.
// A wallet_sendCalls batch runs its calls one by one (not atomically) and is remembered under a
// random id, whose status (EIP-5792 wallet_getCallsStatus) is read from the receipts. A smart
// account's batch is one user operation (atomic): its status is read from the bundler's receipt.
import { bytesToHex, hexToBigInt, isAddressEqual, type Hex } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import * as z from 'zod/mini'
import { toHexChainId } from './chains.js'
import type { SmartWallet } from './smart-wallet.js'

/** A JSON-RPC call through the backend to the wallet's current chain, or to `chainId`. */
export type Forward = (method: string, params: readonly unknown[], chainId?: number) => Promise<unknown>

export interface TransactionRequest {
  readonly from?: string
  readonly to?: Hex
  readonly value?: bigint
  readonly data?: Hex
  readonly gas?: bigint
  readonly nonce?: number
  readonly gasPrice?: bigint
  readonly maxFeePerGas?: bigint
  readonly maxPriorityFeePerGas?: bigint
}

/** Used when a chain answers no eth_maxPriorityFeePerGas: 1 gwei. */
export const FALLBACK_PRIORITY_FEE = 1_000_000_000n

const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'a hex quantity'))
const hash = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/, 'a transaction hash'))
const blockSchema = z.object({ baseFeePerGas: z.optional(z.nullable(quantity)) })

async function readQuantity(forward: Forward, method: string, params: readonly unknown[]): Promise<bigint> {
  const answer = quantity.safeParse(await forward(method, params))
  if (!answer.success) throw new Error(`The chain answered ${method} with no number`)
  return hexToBigInt(answer.data as Hex)
}

type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { gasPrice: bigint }

async function fees(forward: Forward, request: TransactionRequest): Promise<Fees> {
  if (request.gasPrice !== undefined) return { gasPrice: request.gasPrice }
  const block = blockSchema.safeParse(await forward('eth_getBlockByNumber', ['latest', false]))
  const baseFee = block.success ? block.data.baseFeePerGas : undefined
  if (!baseFee) return { gasPrice: await readQuantity(forward, 'eth_gasPrice', []) }
  const priority =
    request.maxPriorityFeePerGas ??
    (await readQuantity(forward, 'eth_maxPriorityFeePerGas', []).catch(() => FALLBACK_PRIORITY_FEE))
  const maxFeePerGas = request.maxFeePerGas ?? hexToBigInt(baseFee as Hex) * 2n + priority
  return { maxFeePerGas, maxPriorityFeePerGas: priority > maxFeePerGas ? maxFeePerGas : priority }
}

/** Fills, signs and sends `request` from `account`; resolves with the transaction's hash. */
export async function sendTransaction(
  forward: Forward,
  account: PrivateKeyAccount,
  request: TransactionRequest
): Promise<Hex> {
  if (request.from && !isAddressEqual(request.from as Hex, account.address)) {
    throw new Error(`The transaction is from ${request.from}, not from this wallet (${account.address})`)
  }
  const chainId = Number(await readQuantity(forward, 'eth_chainId', []))
  const value = request.value ?? 0n
  const data = request.data ?? '0x'
  const nonce =
    request.nonce ?? Number(await readQuantity(forward, 'eth_getTransactionCount', [account.address, 'pending']))
  const gas =
    request.gas ??
    (await readQuantity(forward, 'eth_estimateGas', [
      { from: account.address, ...(request.to ? { to: request.to } : {}), value: `0x${value.toString(16)}`, data }
    ]))
  const fee = await fees(forward, request)
  const base = { chainId, nonce, gas, value, data, ...(request.to ? { to: request.to } : {}) }
  const signed =
    'gasPrice' in fee
      ? await account.signTransaction({ ...base, type: 'legacy', gasPrice: fee.gasPrice })
      : await account.signTransaction({ ...base, type: 'eip1559', ...fee })
  const sent = hash.safeParse(await forward('eth_sendRawTransaction', [signed]))
  if (!sent.success) throw new Error('The chain answered eth_sendRawTransaction with no transaction hash')
  return sent.data as Hex
}

const receiptSchema = z.object({
  status: z.optional(z.nullable(z.string())),
  blockHash: z.optional(z.nullable(z.string())),
  blockNumber: z.optional(z.nullable(z.string())),
  gasUsed: z.optional(z.nullable(z.string())),
  transactionHash: z.string(),
  logs: z.optional(z.array(z.unknown()))
})

type Batch =
  | { readonly chainId: number; readonly hashes: readonly Hex[] }
  | { readonly chainId: number; readonly userOperation: Hex; readonly wallet: Pick<SmartWallet, 'receipt'> }

type Receipt = z.infer<typeof receiptSchema>

const statusReceipt = (receipt: Receipt) => ({
  logs: receipt.logs ?? [],
  status: receipt.status,
  blockHash: receipt.blockHash,
  blockNumber: receipt.blockNumber,
  gasUsed: receipt.gasUsed,
  transactionHash: receipt.transactionHash
})

const hexOf = (value: bigint | number) => `0x${value.toString(16)}`

/** The batches wallet_sendCalls ran, by id, and their EIP-5792 status. */
export class CallsBook {
  readonly #batches = new Map<string, Batch>()

  /** Remembers a batch; its new id (32 random bytes, hex). */
  add(batch: Batch): string {
    const id = bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
    this.#batches.set(id, batch)
    return id
  }

  has(id: unknown): id is string {
    return typeof id === 'string' && this.#batches.has(id)
  }

  /**
   * wallet_getCallsStatus of a batch this frame ran: 100 while a receipt is missing, then 200 when
   * every call succeeded, 500 when every call reverted, 600 when some did.
   */
  async status(forward: Forward, id: string): Promise<unknown> {
    const batch = this.#batches.get(id)
    if (!batch) throw new Error(`Unknown batch ${id}`)
    const common = { version: '2.0.0', id, chainId: toHexChainId(batch.chainId) }
    if ('userOperation' in batch) {
      const answer = await batch.wallet.receipt(batch.chainId, batch.userOperation)
      if (!answer) return { ...common, status: 100, atomic: true, receipts: [] }
      const { receipt } = answer
      return {
        ...common,
        status: answer.success ? 200 : 500,
        atomic: true,
        receipts: [
          statusReceipt({
            logs: receipt.logs,
            status: receipt.status === 'success' ? '0x1' : '0x0',
            blockHash: receipt.blockHash,
            blockNumber: hexOf(receipt.blockNumber),
            gasUsed: hexOf(receipt.gasUsed),
            transactionHash: receipt.transactionHash
          })
        ]
      }
    }
    const receipts = await Promise.all(
      batch.hashes.map(async transaction => {
        const answer = await forward('eth_getTransactionReceipt', [transaction], batch.chainId)
        return answer === null ? undefined : receiptSchema.parse(answer)
      })
    )
    const done = receipts.filter(receipt => receipt !== undefined)
    const succeeded = done.filter(receipt => receipt.status === '0x1').length
    const status = done.length < receipts.length ? 100 : succeeded === done.length ? 200 : succeeded === 0 ? 500 : 600
    return { ...common, status, atomic: false, receipts: done.map(statusReceipt) }
  }
}
