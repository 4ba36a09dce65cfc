// Follows each chain's blocks and logs into the database: every transaction (with its receipt's
// status), native transfers (the transactions' value, and the native a router pays out after
// unwrapping), ERC-20 and ERC-721 Transfer events, Approval / ApprovalForAll events and pool Swap
// events, plus which addresses each transaction concerns (account_activity, what history pages
// read). It catches up from the stored progress on start, then polls for new blocks (every second
// by default), so a restart resumes where it stopped. A chain whose block at the stored height has
// another hash than the one recorded was reset (the local chains start empty every time) or
// reorganised: its rows are dropped and it is indexed again from the start.
//
// Writes are idempotent (ON CONFLICT DO NOTHING) and progress is saved after the rows, so a crash
// between the two only repeats work. Over PostgreSQL, a lease in chain_index_state lets one of
// several backends index a chain while the others only serve.
import { randomUUID } from 'node:crypto'
import { EventEmitter } from 'node:events'
import {
  decodeFunctionData,
  getAddress,
  hexToBigInt,
  toEventSelector,
  type Hex,
  type Log,
  type Transaction,
  type TransactionReceipt
} from 'viem'
import { swapRouterAbi } from '../../chain/abis.js'
import type { Database } from '../db/database.js'
import type { ChainReader } from './reader.js'
import { sameAddress, ZERO_ADDRESS } from './setup.js'

export const TOPICS = {
  transfer: toEventSelector('Transfer(address,address,uint256)'),
  approval: toEventSelector('Approval(address,address,uint256)'),
  approvalForAll: toEventSelector('ApprovalForAll(address,address,bool)'),
  swap: toEventSelector('Swap(address,uint256,uint256,uint256,uint256,address)'),
  sync: toEventSelector('Sync(uint256,uint256)'),
  withdrawal: toEventSelector('Withdrawal(address,uint256)')
} as const

export interface IndexerOptions {
  /** Milliseconds between polls for new blocks; APPKIT_INDEXER_POLL_MS or 1000. */
  pollMs?: number
  /** Blocks read per round trip while catching up. */
  batchBlocks?: number
  /** The first block to index on a fresh database (default 0: the deployment is history too). */
  startBlock?: bigint
  /** Lease length over PostgreSQL. */
  leaseMs?: number
  /** Logs problems (default console.error with a prefix). */
  log?: (message: string) => void
}

/** What one indexed batch touched: the balance cache and the price cache listen to it. */
export interface IndexedBatch {
  chainId: string
  fromBlock: bigint
  toBlock: bigint
  /** Lower-case addresses concerned by the batch's transactions. */
  addresses: Set<string>
  /** A pool traded or its reserves changed. */
  poolsChanged: boolean
  /** The chain was reset: everything about it was dropped. */
  reset?: boolean
}

interface EventRow {
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

interface TxRow {
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

/** Indexes one chain. */
export class ChainIndexer extends EventEmitter {
  private readonly owner = randomUUID()
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private stopped = true
  private nextBlock: bigint | undefined
  private head: bigint | undefined
  private failing = false
  /** Rows written since the tables' statistics were last refreshed. */
  private rowsSinceAnalyze = 0
  private readonly pollMs: number
  private readonly batchBlocks: number
  private readonly startBlock: bigint
  private readonly leaseMs: number
  private readonly log: (message: string) => void

  constructor(
    private readonly db: Database,
    readonly reader: ChainReader,
    options: IndexerOptions = {}
  ) {
    super()
    this.setMaxListeners(100)
    this.pollMs = options.pollMs ?? (Number(process.env.APPKIT_INDEXER_POLL_MS) || 1000)
    this.batchBlocks = options.batchBlocks ?? 50
    this.startBlock = options.startBlock ?? 0n
    this.leaseMs = options.leaseMs ?? 15_000
    this.log = options.log ?? (message => console.error(`[indexer ${reader.caip}] ${message}`))
  }

  get chainId(): string {
    return this.reader.caip
  }

  /** The last block indexed (undefined before the first round). */
  get indexedBlock(): bigint | undefined {
    return this.nextBlock === undefined ? undefined : this.nextBlock - 1n
  }

  get status() {
    return { chainId: this.chainId, indexedBlock: this.indexedBlock, head: this.head }
  }

  /** Starts following the chain: the first round (the catch-up) begins at once. */
  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.schedule(0)
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    await this.running?.catch(() => undefined)
    if (this.db.kind === 'postgres') {
      await this.db
        .query('UPDATE chain_index_state SET lease_until = NULL WHERE chain_id = $1 AND lease_owner = $2', [
          this.chainId,
          this.owner
        ])
        .catch(() => undefined)
    }
    this.emit('stopped')
  }

  /** Resolves once block `blockNumber` is indexed; rejects after `timeoutMs`. */
  waitForBlock(blockNumber: bigint, timeoutMs = 15_000): Promise<void> {
    if (this.indexedBlock !== undefined && this.indexedBlock >= blockNumber) return Promise.resolve()
    return new Promise((resolve, reject) => {
      const onBatch = () => {
        if (this.indexedBlock !== undefined && this.indexedBlock >= blockNumber) finish()
      }
      const timer = setTimeout(() => {
        this.off('indexed', onBatch)
        reject(
          new Error(
            `${this.chainId}: block ${blockNumber} not indexed within ${timeoutMs} ms (at ${this.indexedBlock})`
          )
        )
      }, timeoutMs)
      const finish = () => {
        clearTimeout(timer)
        this.off('indexed', onBatch)
        resolve()
      }
      this.on('indexed', onBatch)
    })
  }

  /** Resolves once the indexer has reached the chain's head as it is now. */
  async waitForHead(timeoutMs = 15_000): Promise<void> {
    const head = await this.reader.client.getBlockNumber({ cacheTime: 0 })
    await this.waitForBlock(head, timeoutMs)
  }

  private schedule(delay: number): void {
    if (this.stopped) return
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.running = this.round()
        .then(
          () => {
            if (this.failing) this.log('reading the chain again')
            this.failing = false
          },
          (error: unknown) => {
            if (!this.failing && !this.stopped) this.log(`indexing failed, retrying: ${(error as Error).message}`)
            this.failing = true
          }
        )
        .finally(() => {
          this.running = undefined
          this.schedule(this.pollMs)
        })
    }, delay)
  }

  /** One round: take (or renew) the lease, check for a reset, then index up to the head. */
  async round(): Promise<void> {
    const state = await this.claim()
    if (!state) return // another backend holds the lease
    let { nextBlock, lastHash } = state
    const head = await this.reader.client.getBlockNumber({ cacheTime: 0 })
    this.head = head

    if (nextBlock > this.startBlock && lastHash) {
      const last = nextBlock - 1n
      const block =
        last <= head ? await this.reader.client.getBlock({ blockNumber: last }).catch(() => undefined) : undefined
      if (!block || block.hash !== lastHash) {
        this.log(`the chain changed below block ${last} (reset or reorganised): indexing it again`)
        await this.wipe()
        nextBlock = this.startBlock
        lastHash = null
      }
    }
    this.nextBlock = nextBlock
    this.emit('indexed')

    while (!this.stopped && nextBlock <= head) {
      const toBlock =
        nextBlock + BigInt(this.batchBlocks) - 1n < head ? nextBlock + BigInt(this.batchBlocks) - 1n : head
      const result = await this.indexRange(nextBlock, toBlock, lastHash)
      if (result === 'changed') {
        this.log(`block ${nextBlock} does not follow the last indexed block: indexing the chain again`)
        await this.wipe()
        nextBlock = this.startBlock
        lastHash = null
        this.nextBlock = nextBlock
        continue
      }
      nextBlock = toBlock + 1n
      lastHash = result.lastHash
      this.nextBlock = nextBlock
      this.emit('indexed', result.batch)
      if (this.db.kind === 'postgres') await this.claim()
    }
    // Embedded PostgreSQL has no autovacuum: keep the planner's statistics current by hand.
    if (this.rowsSinceAnalyze >= 2_000) {
      this.rowsSinceAnalyze = 0
      await this.db.exec('ANALYZE account_activity; ANALYZE chain_events; ANALYZE chain_transactions;')
    }
  }

  private async claim(): Promise<{ nextBlock: bigint; lastHash: string | null } | undefined> {
    if (this.db.kind !== 'postgres') {
      const { rows } = await this.db.query<{ next_block: string | number | bigint; last_hash: string | null }>(
        `INSERT INTO chain_index_state (chain_id, next_block) VALUES ($1, $2)
         ON CONFLICT (chain_id) DO UPDATE SET chain_id = EXCLUDED.chain_id
         RETURNING next_block, last_hash`,
        [this.chainId, this.startBlock.toString()]
      )
      const row = rows[0]!
      return { nextBlock: BigInt(row.next_block), lastHash: row.last_hash }
    }
    const { rows } = await this.db.query<{ next_block: string; last_hash: string | null }>(
      `INSERT INTO chain_index_state (chain_id, next_block, lease_owner, lease_until)
       VALUES ($1, $2, $3, now() + ($4::int * interval '1 millisecond'))
       ON CONFLICT (chain_id) DO UPDATE SET lease_owner = EXCLUDED.lease_owner, lease_until = EXCLUDED.lease_until
       WHERE chain_index_state.lease_owner = EXCLUDED.lease_owner
          OR chain_index_state.lease_until IS NULL
          OR chain_index_state.lease_until < now()
       RETURNING next_block, last_hash`,
      [this.chainId, this.startBlock.toString(), this.owner, this.leaseMs]
    )
    const row = rows[0]
    return row ? { nextBlock: BigInt(row.next_block), lastHash: row.last_hash } : undefined
  }

  /** Drops everything indexed for this chain (one transaction) and starts over. */
  private async wipe(): Promise<void> {
    const chainId = this.chainId
    if (!/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(chainId)) throw new Error(`not a CAIP-2 chain id: ${chainId}`)
    const id = `'${chainId}'`
    await this.db.exec(`BEGIN;
      DELETE FROM account_activity WHERE chain_id = ${id};
      DELETE FROM chain_events WHERE chain_id = ${id};
      DELETE FROM chain_transactions WHERE chain_id = ${id};
      DELETE FROM chain_tokens WHERE chain_id = ${id};
      UPDATE chain_index_state SET next_block = ${this.startBlock.toString()}, last_hash = NULL, updated_at = now() WHERE chain_id = ${id};
      COMMIT;`)
    this.reader.forget()
    this.emit('reset')
    this.emit('indexed', {
      chainId,
      fromBlock: this.startBlock,
      toBlock: this.startBlock,
      addresses: new Set<string>(),
      poolsChanged: true,
      reset: true
    } satisfies IndexedBatch)
  }

  /** Reads blocks fromBlock..toBlock with their receipts and stores what they hold. */
  private async indexRange(
    fromBlock: bigint,
    toBlock: bigint,
    expectedParent: string | null
  ): Promise<'changed' | { lastHash: string; batch: IndexedBatch }> {
    const client = this.reader.client
    const numbers: bigint[] = []
    for (let n = fromBlock; n <= toBlock; n++) numbers.push(n)
    const blocks = await Promise.all(
      numbers.map(blockNumber => client.getBlock({ blockNumber, includeTransactions: true }))
    )
    // The blocks must chain: each one's parent is the one before (else the chain moved under us).
    let parent = expectedParent
    for (const block of blocks) {
      if (parent && block.parentHash !== parent) return 'changed'
      parent = block.hash
    }
    const transactions = blocks.flatMap(block => block.transactions as Transaction[])
    const receipts = await Promise.all(transactions.map(tx => client.getTransactionReceipt({ hash: tx.hash })))

    const txRows: TxRow[] = []
    const events: EventRow[] = []
    const activity: Array<{ address: string; tx: TxRow }> = []
    const batchAddresses = new Set<string>()
    const tokenContracts = new Map<string, 'erc20' | 'erc721'>()
    let poolsChanged = false
    const timeOf = new Map(blocks.map(block => [block.number, block.timestamp]))

    transactions.forEach((tx, i) => {
      const receipt = receipts[i]!
      const row = this.transactionRow(tx, receipt, timeOf.get(tx.blockNumber!) ?? 0n)
      txRows.push(row)
      const txEvents = this.eventsOf(tx, receipt, row)
      events.push(...txEvents)
      for (const event of txEvents) {
        if (event.kind === 'swap') poolsChanged = true
        if (event.contract && (event.kind === 'erc20' || event.kind === 'approval'))
          tokenContracts.set(event.contract, 'erc20')
        if (event.contract && (event.kind === 'erc721' || event.kind === 'approval721'))
          tokenContracts.set(event.contract, 'erc721')
      }
      if (receipt.logs.some(log => log.topics[0] === TOPICS.sync)) poolsChanged = true
      const concerned = new Set<string>()
      concerned.add(row.from)
      if (row.to) concerned.add(row.to)
      if (row.created) concerned.add(row.created)
      for (const event of txEvents) {
        if (event.from) concerned.add(event.from)
        if (event.to) concerned.add(event.to)
      }
      concerned.delete(ZERO_ADDRESS)
      for (const address of concerned) {
        activity.push({ address, tx: row })
        batchAddresses.add(address)
      }
    })

    // Token metadata is read (and stored) before the rows that need it are served.
    await Promise.all(
      [...tokenContracts].map(([address, standard]) =>
        this.reader.tokenMetadata(getAddress(address), standard).catch(() => undefined)
      )
    )
    await this.insert(
      'chain_transactions',
      [
        'chain_id',
        'hash',
        'block_number',
        'tx_index',
        'block_time',
        'from_address',
        'to_address',
        'created_address',
        'value',
        'nonce',
        'status',
        'selector'
      ],
      txRows.map(row => [
        this.chainId,
        row.hash,
        row.blockNumber.toString(),
        row.txIndex,
        row.blockTime.toString(),
        row.from,
        row.to,
        row.created,
        row.value.toString(),
        row.nonce,
        row.status,
        row.selector
      ])
    )
    await this.insert(
      'chain_events',
      [
        'chain_id',
        'hash',
        'log_index',
        'kind',
        'contract',
        'from_address',
        'to_address',
        'amount',
        'token_id',
        'extra'
      ],
      events.map(event => [
        this.chainId,
        event.hash,
        event.logIndex,
        event.kind,
        event.contract,
        event.from,
        event.to,
        event.amount?.toString() ?? null,
        event.tokenId?.toString() ?? null,
        event.extra ? JSON.stringify(event.extra) : null
      ])
    )
    await this.insert(
      'account_activity',
      ['address', 'chain_id', 'hash', 'block_time', 'block_number', 'tx_index'],
      activity.map(({ address, tx }) => [
        address,
        this.chainId,
        tx.hash,
        tx.blockTime.toString(),
        tx.blockNumber.toString(),
        tx.txIndex
      ])
    )
    this.rowsSinceAnalyze += txRows.length + events.length + activity.length
    const last = blocks[blocks.length - 1]!
    await this.db.query(
      'UPDATE chain_index_state SET next_block = $2, last_hash = $3, updated_at = now() WHERE chain_id = $1',
      [this.chainId, (toBlock + 1n).toString(), last.hash]
    )
    return {
      lastHash: last.hash!,
      batch: { chainId: this.chainId, fromBlock, toBlock, addresses: batchAddresses, poolsChanged }
    }
  }

  private transactionRow(tx: Transaction, receipt: TransactionReceipt, blockTime: bigint): TxRow {
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

  private eventsOf(tx: Transaction, receipt: TransactionReceipt, row: TxRow): EventRow[] {
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
    const { router, wrappedNative } = this.reader.setup
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

  private async insert(table: string, columns: string[], rows: unknown[][]): Promise<void> {
    const perStatement = Math.max(1, Math.floor(30_000 / columns.length))
    for (let start = 0; start < rows.length; start += perStatement) {
      const chunk = rows.slice(start, start + perStatement)
      const params: unknown[] = []
      const values = chunk.map(row => {
        const placeholders = row.map(value => {
          params.push(value)
          return `$${params.length}`
        })
        return `(${placeholders.join(', ')})`
      })
      await this.db.query(
        `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values.join(', ')} ON CONFLICT DO NOTHING`,
        params
      )
    }
  }
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

/** Indexes every chain of the context. */
export class Indexer extends EventEmitter {
  readonly chains = new Map<string, ChainIndexer>()

  constructor(db: Database, readers: ChainReader[], options: IndexerOptions = {}) {
    super()
    this.setMaxListeners(100)
    for (const reader of readers) {
      const indexer = new ChainIndexer(db, reader, options)
      indexer.on('indexed', (batch?: IndexedBatch) => {
        if (batch) this.emit('indexed', batch)
      })
      this.chains.set(reader.caip, indexer)
    }
  }

  start(): void {
    for (const indexer of this.chains.values()) indexer.start()
  }

  async stop(): Promise<void> {
    await Promise.all([...this.chains.values()].map(indexer => indexer.stop()))
  }

  chain(chainId: string): ChainIndexer {
    const indexer = this.chains.get(chainId)
    if (!indexer) throw new Error(`No indexer for ${chainId}`)
    return indexer
  }

  /** Resolves once every chain is indexed up to its head as it is now. */
  async waitForHead(timeoutMs = 15_000): Promise<void> {
    await Promise.all([...this.chains.values()].map(indexer => indexer.waitForHead(timeoutMs)))
  }

  status() {
    return [...this.chains.values()].map(indexer => indexer.status)
  }
}
