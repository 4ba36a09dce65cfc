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
import { getAddress, type Transaction } from 'viem'
import type { Database } from '../db/database.js'
import { eventsOf, TOPICS, transactionRow, type EventRow, type TxRow } from './indexed-rows.js'
import { storeRows, type ActivityRow } from './indexer-store.js'
import type { ChainReader } from './reader.js'
import { ZERO_ADDRESS } from './setup.js'

export interface IndexerOptions {
  /** Milliseconds between polls for new blocks; APPKIT_INDEXER_POLL_MS or 1000. */
  pollMs?: number
  /** Blocks read per round trip while catching up; APPKIT_INDEXER_BATCH_BLOCKS or 50. */
  batchBlocks?: number
  /** The first block to index on a fresh database (default 0: the deployment is history too). */
  startBlock?: bigint
  /** Lease length over PostgreSQL (ms); APPKIT_INDEXER_LEASE_MS or 15 s. */
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
    this.batchBlocks = options.batchBlocks ?? (Number(process.env.APPKIT_INDEXER_BATCH_BLOCKS) || 50)
    this.startBlock = options.startBlock ?? 0n
    this.leaseMs = options.leaseMs ?? (Number(process.env.APPKIT_INDEXER_LEASE_MS) || 15_000)
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
      // The lease is renewed after every batch; a backend that lost it (a batch slower than the
      // lease) stops here and leaves the chain to the backend that took it over.
      if (result.leaseLost || (this.db.kind === 'postgres' && !(await this.claim()))) return
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
  ): Promise<'changed' | { leaseLost: boolean; lastHash: string; batch: IndexedBatch }> {
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
    const activity: ActivityRow[] = []
    const batchAddresses = new Set<string>()
    const tokenContracts = new Map<string, 'erc20' | 'erc721'>()
    let poolsChanged = false
    const timeOf = new Map(blocks.map(block => [block.number, block.timestamp]))

    transactions.forEach((tx, i) => {
      const receipt = receipts[i]!
      const row = transactionRow(tx, receipt, timeOf.get(tx.blockNumber!) ?? 0n)
      txRows.push(row)
      const txEvents = eventsOf(tx, receipt, row, this.reader.setup)
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
    await storeRows(this.db, this.chainId, { txRows, events, activity })
    this.rowsSinceAnalyze += txRows.length + events.length + activity.length
    const last = blocks[blocks.length - 1]!
    // Over PostgreSQL the cursor moves only while this backend holds the lease: one that lost it
    // during the batch (its rows are repeatable) must not set back the new owner's cursor.
    const owned = this.db.kind === 'postgres'
    const { rows: moved } = await this.db.query<{ chain_id: string }>(
      `UPDATE chain_index_state SET next_block = $2, last_hash = $3, updated_at = now()
       WHERE chain_id = $1${owned ? ' AND lease_owner = $4' : ''} RETURNING chain_id`,
      owned
        ? [this.chainId, (toBlock + 1n).toString(), last.hash, this.owner]
        : [this.chainId, (toBlock + 1n).toString(), last.hash]
    )
    return {
      leaseLost: moved.length === 0,
      lastHash: last.hash!,
      batch: { chainId: this.chainId, fromBlock, toBlock, addresses: batchAddresses, poolsChanged }
    }
  }
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
