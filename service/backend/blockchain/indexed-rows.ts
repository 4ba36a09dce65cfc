// What the indexer (service/backend/blockchain/indexer.ts) stores of one transaction: its row in
// chain_transactions and its events in chain_events, decoded from the transaction and its receipt's
// logs.
import {
  decodeFunctionData,
  hexToBigInt,
  toEventSelector,
  type Hex,
  type Log,
  type Transaction,
  type TransactionReceipt
} from 'viem'
import { swapRouterAbi } from '../../../local/chain/abis.js'
import { sameAddress, type ChainSetup } from './setup.js'

export const TOPICS = {
  transfer: toEventSelector('Transfer(address,address,uint256)'),
  approval: toEventSelector('Approval(address,address,uint256)'),
  approvalForAll: toEventSelector('ApprovalForAll(address,address,bool)'),
  swap: toEventSelector('Swap(address,uint256,uint256,uint256,uint256,address)'),
  sync: toEventSelector('Sync(uint256,uint256)'),
  withdrawal: toEventSelector('Withdrawal(address,uint256)')
} as const

export interface EventRow {
  hash: string
  logIndex: number
  kind: 'native' | 'erc20' | 'erc721' | 'approval' | 'approval721' | 'approval_all' | 'swap'
  contract: string | null
  from: string | null
  to: string | null
  amount: bigint | null
  tokenId: bigint | null
  extra: Record<string, string | boolean> | null
}

export interface TxRow {
  hash: string
  blockNumber: bigint
  txIndex: number
  blockTime: bigint
  from: string
  to: string | null
  created: string | null
  value: bigint
  nonce: number
  status: 'confirmed' | 'failed'
  selector: string | null
}

const lower = (value: string | null | undefined) => (value ? value.toLowerCase() : null)
const topicAddress = (topic: Hex | undefined) => (topic ? `0x${topic.slice(26)}`.toLowerCase() : null)
const wordAt = (data: Hex, index: number) => hexToBigInt(`0x${data.slice(2 + index * 64, 2 + (index + 1) * 64) || '0'}`)

/** A transaction's row (chain_transactions). */
export function transactionRow(tx: Transaction, receipt: TransactionReceipt, blockTime: bigint): TxRow {
  return {
    hash: tx.hash.toLowerCase(),
    blockNumber: tx.blockNumber!,
    txIndex: tx.transactionIndex ?? 0,
    blockTime,
    from: tx.from.toLowerCase(),
    to: lower(tx.to),
    created: lower(receipt.contractAddress),
    value: tx.value,
    nonce: tx.nonce,
    status: receipt.status === 'success' ? 'confirmed' : 'failed',
    selector: tx.input && tx.input.length >= 10 ? tx.input.slice(0, 10).toLowerCase() : null
  }
}

/**
 * A confirmed transaction's events (chain_events): its native value, the ERC-20 and ERC-721
 * transfers and approvals, pool swaps, and the native a router pays out after unwrapping.
 */
export function eventsOf(
  tx: Transaction,
  receipt: TransactionReceipt,
  row: TxRow,
  { router, wrappedNative }: Pick<ChainSetup, 'router' | 'wrappedNative'>
): EventRow[] {
  const events: EventRow[] = []
  const hash = row.hash
  if (row.status !== 'confirmed') return events
  if (tx.value > 0n) {
    events.push({
      hash,
      logIndex: -1,
      kind: 'native',
      contract: null,
      from: row.from,
      to: row.to ?? row.created,
      amount: tx.value,
      tokenId: null,
      extra: null
    })
  }
  for (const log of receipt.logs as Log[]) {
    const [topic0, topic1, topic2, topic3] = log.topics
    const contract = log.address.toLowerCase()
    const logIndex = log.logIndex ?? 0
    const base = { hash, logIndex, contract }
    if (topic0 === TOPICS.transfer && log.topics.length === 3) {
      events.push({
        ...base,
        kind: 'erc20',
        from: topicAddress(topic1),
        to: topicAddress(topic2),
        amount: wordAt(log.data, 0),
        tokenId: null,
        extra: null
      })
    } else if (topic0 === TOPICS.transfer && log.topics.length === 4) {
      events.push({
        ...base,
        kind: 'erc721',
        from: topicAddress(topic1),
        to: topicAddress(topic2),
        amount: 1n,
        tokenId: hexToBigInt(topic3!),
        extra: null
      })
    } else if (topic0 === TOPICS.approval && log.topics.length === 3) {
      events.push({
        ...base,
        kind: 'approval',
        from: topicAddress(topic1),
        to: topicAddress(topic2),
        amount: wordAt(log.data, 0),
        tokenId: null,
        extra: null
      })
    } else if (topic0 === TOPICS.approval && log.topics.length === 4) {
      events.push({
        ...base,
        kind: 'approval721',
        from: topicAddress(topic1),
        to: topicAddress(topic2),
        amount: null,
        tokenId: hexToBigInt(topic3!),
        extra: null
      })
    } else if (topic0 === TOPICS.approvalForAll && log.topics.length === 3) {
      events.push({
        ...base,
        kind: 'approval_all',
        from: topicAddress(topic1),
        to: topicAddress(topic2),
        amount: null,
        tokenId: null,
        extra: { approved: wordAt(log.data, 0) !== 0n }
      })
    } else if (topic0 === TOPICS.swap && log.topics.length === 3) {
      events.push({
        ...base,
        kind: 'swap',
        from: topicAddress(topic1),
        to: topicAddress(topic2),
        amount: null,
        tokenId: null,
        extra: {
          amount0In: wordAt(log.data, 0).toString(),
          amount1In: wordAt(log.data, 1).toString(),
          amount0Out: wordAt(log.data, 2).toString(),
          amount1Out: wordAt(log.data, 3).toString()
        }
      })
    } else if (
      topic0 === TOPICS.withdrawal &&
      router &&
      wrappedNative &&
      sameAddress(log.address, wrappedNative) &&
      sameAddress(topicAddress(topic1), router) &&
      sameAddress(tx.to, router)
    ) {
      // The router unwrapped to pay native out (swapExactTokensForETH): an internal transfer that
      // no log shows, so it is read from the call's recipient and the amount unwrapped.
      const recipient = routerNativeRecipient(tx.input)
      if (recipient) {
        events.push({
          hash,
          logIndex: -2 - logIndex,
          kind: 'native',
          contract: null,
          from: router.toLowerCase(),
          to: recipient.toLowerCase(),
          amount: wordAt(log.data, 0),
          tokenId: null,
          extra: null
        })
      }
    }
  }
  return events
}

function routerNativeRecipient(input: Hex): string | undefined {
  try {
    const call = decodeFunctionData({ abi: swapRouterAbi, data: input })
    if (call.functionName === 'swapExactTokensForETH') return call.args[3]
  } catch {
    // not a router call we know
  }
  return undefined
}
