// The Dev Wallet's EIP-5792 call batches (local/wallets/dev-wallet/provider.ts hands them over):
// wallet_getCapabilities, wallet_sendCalls (one call after another, or all-or-nothing on a hardhat
// or anvil node with the provider's `atomic` option) and wallet_getCallsStatus.
import { formatEther, isHex, numberToHex, type Hex } from 'viem'
import { isRecord } from '../shared/storage.js'
import { ERROR_CODES, ProviderRpcError, invalidParams } from './errors.js'
import { optionalHex, optionalQuantity, parseChainIdHex, truncate, type TransactionParams } from './params.js'
import type { WalletHost } from './wallet-host.js'

interface CallBatch {
  id: string
  chainId: number
  hashes: Hex[]
  /** Calls that were never sent (an earlier one failed to send). */
  unsent: number
  error?: string
  /** Executed all-or-nothing: the status's `atomic`. */
  atomic: boolean
  /**
   * An atomic batch that was rolled back with evm_revert: its transactions are gone from the chain,
   * so the status is this one for good (400: a call could not be sent or mined, 500: one reverted).
   */
  rolledBack?: 400 | 500
}

/** The fields of an eth_getTransactionReceipt answer that wallet_getCallsStatus reports. */
interface RpcReceipt {
  status: Hex
  logs: { address: Hex; data: Hex; topics: Hex[] }[]
  blockHash: Hex
  blockNumber: Hex
  gasUsed: Hex
  transactionHash: Hex
}

/** How long an atomic batch waits for each call's receipt (hardhat's automine answers at once). */
const RECEIPT_TIMEOUT_MS = 30_000
const RECEIPT_POLL_MS = 100

function randomId(): Hex {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return `0x${Array.from(bytes, b => b.toString(16).padStart(2, '0')).join('')}`
}

/**
 * The hash of a transaction that was mined although eth_sendRawTransaction answered an error:
 * hardhat mines a transaction that reverts, then answers with the revert and `data.txHash`.
 */
function minedHash(error: unknown): Hex | undefined {
  if (!(error instanceof ProviderRpcError) || !isRecord(error.data)) return undefined
  const { txHash } = error.data
  return typeof txHash === 'string' && isHex(txHash) ? txHash : undefined
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export class CallBatches {
  readonly #host: WalletHost
  #batches = new Map<string, CallBatch>()

  constructor(host: WalletHost) {
    this.#host = host
  }

  getCapabilities(params: readonly unknown[]): Record<Hex, Record<string, unknown>> {
    const [address, chainIds] = params
    this.#host.requireConnected(address ?? this.#host.account.address)
    const wanted = Array.isArray(chainIds) ? new Set(chainIds.map(id => parseChainIdHex(id))) : undefined
    const result: Record<Hex, Record<string, unknown>> = {}
    for (const chain of this.#host.chains()) {
      if (wanted && !wanted.has(chain.chainId)) continue
      result[numberToHex(chain.chainId)] = { atomic: { status: this.#host.atomic ? 'supported' : 'unsupported' } }
    }
    return result
  }

  async sendCalls(params: readonly unknown[]): Promise<{ id: string }> {
    const request = params[0]
    if (!isRecord(request) || !Array.isArray(request.calls) || request.calls.length === 0) {
      throw invalidParams('wallet_sendCalls expects [{ version, chainId, calls: [...] }]')
    }
    this.#host.requireConnected(request.from ?? this.#host.account.address)
    const chainId = parseChainIdHex(request.chainId)
    if (!this.#host.knows(chainId)) {
      throw new ProviderRpcError(ERROR_CODES.unsupportedChain, `Unsupported chain id: ${numberToHex(chainId)}`)
    }
    if (request.atomicRequired === true && !this.#host.atomic) {
      throw new ProviderRpcError(
        ERROR_CODES.atomicityUnsupported,
        'The Dev Wallet sends calls one after another: atomic execution is not supported.'
      )
    }
    const required = [
      request.capabilities,
      ...request.calls.map(call => (isRecord(call) ? call.capabilities : undefined))
    ]
      .filter(isRecord)
      .flatMap(capabilities => Object.entries(capabilities))
      .filter(([, value]) => !(isRecord(value) && value.optional === true))
    if (required.length > 0) {
      throw new ProviderRpcError(
        ERROR_CODES.unsupportedCapability,
        `Unsupported non-optional capability: ${required.map(([name]) => name).join(', ')}`
      )
    }
    const id = typeof request.id === 'string' && request.id ? request.id : randomId()
    if (this.#batches.has(id))
      throw new ProviderRpcError(ERROR_CODES.duplicateId, `A batch with id ${id} was already sent.`)
    const calls = request.calls.map((call, index) => {
      if (!isRecord(call)) throw invalidParams(`call ${index} is not an object`)
      return { to: call.to, data: call.data, value: call.value } satisfies TransactionParams
    })
    await this.#host.ask({
      method: 'wallet_sendCalls',
      title: `Send ${calls.length} call${calls.length === 1 ? '' : 's'}`,
      details: [
        ['From', this.#host.account.address],
        ['Network', this.#host.chainLabel(chainId)],
        ...(this.#host.atomic ? ([['Execution', 'atomic: every call or none']] as [string, string][]) : []),
        ...calls.map((call, index): [string, string] => {
          const value = optionalQuantity(call.value, 'value') ?? 0n
          const data = optionalHex(call.data, 'data') ?? '0x'
          return [
            `Call ${index + 1}`,
            `to ${String(call.to ?? '(new contract)')}\nvalue ${formatEther(value)} ETH${data !== '0x' ? `\ndata ${truncate(data, 74)}` : ''}`
          ]
        })
      ]
    })
    const batch = this.#host.atomic
      ? await this.#host.inLine(chainId, () =>
          this.#sendAtomically(id, chainId, calls, request.atomicRequired === true)
        )
      : await this.#sendOneAfterAnother(id, chainId, calls)
    this.#batches.set(id, batch)
    return { id }
  }

  /** The calls in order; the first that fails to send ends the batch (the earlier ones stay sent). */
  async #sendOneAfterAnother(id: string, chainId: number, calls: readonly TransactionParams[]): Promise<CallBatch> {
    const batch: CallBatch = { id, chainId, hashes: [], unsent: 0, atomic: false }
    for (const [index, call] of calls.entries()) {
      try {
        batch.hashes.push(await this.#host.send(call, chainId))
      } catch (error) {
        if (batch.hashes.length === 0) throw error
        batch.unsent = calls.length - index
        batch.error = errorMessage(error)
        break
      }
    }
    return batch
  }

  /**
   * All-or-nothing on a hardhat (or anvil) node: a snapshot, then the calls one after another, each
   * mined before the next is sent; if one cannot be sent, is not mined or reverts, the chain goes
   * back to the snapshot, so none of the batch's effects (nor its gas) remain.
   */
  async #sendAtomically(
    id: string,
    chainId: number,
    calls: readonly TransactionParams[],
    required: boolean
  ): Promise<CallBatch> {
    const snapshot = await this.#snapshot(chainId)
    if (snapshot === undefined) {
      // EIP-5792: with atomicRequired the wallet must refuse what it cannot make atomic; without it,
      // it may send the calls one after another (and says atomic: false in the status).
      if (!required) return this.#sendOneAfterAnother(id, chainId, calls)
      throw new ProviderRpcError(
        ERROR_CODES.atomicityUnsupported,
        `${this.#host.chainLabel(chainId)} does not answer evm_snapshot: the Dev Wallet cannot undo a failed batch there, so it cannot send one atomically.`
      )
    }
    const hashes: Hex[] = []
    const fail = (status: 400 | 500, error: string) =>
      this.#rollBack(
        { id, chainId, hashes, unsent: calls.length - hashes.length, atomic: true, error },
        snapshot,
        status
      )
    for (const [index, call] of calls.entries()) {
      const sent = await this.#host.send(call, chainId).then(
        hash => ({ hash, error: undefined as unknown }),
        (error: unknown) => ({ hash: minedHash(error), error })
      )
      if (sent.hash === undefined) {
        // Nothing was sent yet: nothing to undo, and the app gets the node's error, as without the option.
        if (hashes.length === 0) throw sent.error
        return fail(400, `call ${index} could not be sent: ${errorMessage(sent.error)}`)
      }
      hashes.push(sent.hash)
      const receipt = await this.#waitForReceipt(chainId, sent.hash).catch(() => null)
      if (receipt?.status === '0x1') continue
      return receipt
        ? fail(500, `call ${index} reverted onchain (${sent.hash})`)
        : fail(400, `call ${index} (${sent.hash}) has no receipt`)
    }
    return { id, chainId, hashes, unsent: 0, atomic: true }
  }

  /** hardhat's (and anvil's) evm_snapshot id; undefined when the chain's RPC has no such method. */
  async #snapshot(chainId: number): Promise<Hex | undefined> {
    try {
      const id = await this.#host.rpc(chainId, 'evm_snapshot')
      return typeof id === 'string' && isHex(id) ? id : undefined
    } catch (error) {
      // An unreachable chain is not a chain without snapshots: that error goes to the app as it is.
      if (error instanceof ProviderRpcError && error.code === ERROR_CODES.chainDisconnected) throw error
      return undefined
    }
  }

  /** The call's receipt once mined; null when it is not mined in time. */
  async #waitForReceipt(chainId: number, hash: Hex): Promise<RpcReceipt | null> {
    const end = Date.now() + RECEIPT_TIMEOUT_MS
    for (;;) {
      const receipt = (await this.#host.rpc(chainId, 'eth_getTransactionReceipt', [hash])) as RpcReceipt | null
      if (receipt || Date.now() > end) return receipt
      await new Promise(resolve => setTimeout(resolve, RECEIPT_POLL_MS))
    }
  }

  /**
   * Goes back to the batch's snapshot. Should the node refuse, what was mined stays on chain, and the
   * batch is reported as it is there: from its receipts, and not as atomic.
   */
  async #rollBack(batch: CallBatch, snapshot: Hex, status: 400 | 500): Promise<CallBatch> {
    const reverted = await this.#host.rpc(batch.chainId, 'evm_revert', [snapshot]).then(
      result => result === true,
      () => false
    )
    if (reverted) return { ...batch, hashes: [], unsent: 0, rolledBack: status }
    return {
      ...batch,
      atomic: false,
      error: `${batch.error ?? 'the batch failed'}; evm_revert to ${snapshot} failed, so its mined calls remain`
    }
  }

  async getCallsStatus(params: readonly unknown[]) {
    const id = params[0]
    const batch = typeof id === 'string' ? this.#batches.get(id) : undefined
    if (!batch) throw new ProviderRpcError(ERROR_CODES.unknownBundle, `Unknown bundle id: ${String(id)}`)
    const receipts = (await Promise.all(
      batch.hashes.map(hash => this.#host.rpc(batch.chainId, 'eth_getTransactionReceipt', [hash]))
    )) as (RpcReceipt | null)[]
    const mined = receipts.filter(receipt => receipt !== null)
    const succeeded = mined.filter(receipt => receipt.status === '0x1').length
    let status: number
    // A rolled-back batch has no transactions left on chain, so no receipts either.
    if (batch.rolledBack) status = batch.rolledBack
    else if (mined.length < receipts.length) status = 100
    else if (succeeded === receipts.length && batch.unsent === 0) status = 200
    else if (succeeded === 0) status = 500
    else status = 600
    return {
      version: '2.0.0',
      id: batch.id,
      chainId: numberToHex(batch.chainId),
      atomic: batch.atomic,
      status,
      receipts: mined.map(receipt => ({
        logs: receipt.logs.map(log => ({ address: log.address, data: log.data, topics: log.topics })),
        status: receipt.status,
        blockHash: receipt.blockHash,
        blockNumber: receipt.blockNumber,
        gasUsed: receipt.gasUsed,
        transactionHash: receipt.transactionHash
      }))
    }
  }
}
