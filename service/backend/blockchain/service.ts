// The chain-reading part of the backend for one ServerContext: a reader per chain, the indexer,
// and the balance, history, NFT, name and convert services over them. One instance per context
// (blockchainService(context)), so the routes, the server's start/stop and the tests share it.
import type { ServerContext } from '../context.js'
import { BalanceService } from './balances.js'
import { ConvertService } from './convert.js'
import { HistoryService } from './history.js'
import { Indexer, type IndexedBatch, type IndexerOptions } from './indexer.js'
import { NameService } from './names.js'
import { NftService } from './nfts.js'
import { ChainReader } from './reader.js'

export interface BlockchainServiceOptions {
  indexer?: IndexerOptions
  /** Balance cache lifetime (ms); APPKIT_BALANCE_CACHE_MS or 10 s. */
  balanceTtlMs?: number
  /** History page cache lifetime (ms); APPKIT_HISTORY_CACHE_MS or 2 s; 0 = none. */
  historyCacheMs?: number
  /** Transactions per history page. */
  historyPageSize?: number
  log?: (message: string) => void
}

export class BlockchainService {
  readonly readers: ChainReader[]
  readonly byChain: Map<string, ChainReader>
  readonly indexer: Indexer
  readonly balances: BalanceService
  readonly history: HistoryService
  readonly nfts: NftService
  readonly names: NameService
  readonly convert: ConvertService
  private started = false
  private syncing: Promise<unknown> = Promise.resolve()
  private readonly log: (message: string) => void

  constructor(
    readonly context: ServerContext,
    options: BlockchainServiceOptions = {}
  ) {
    this.log = options.log ?? (message => console.error(`[blockchain] ${message}`))
    this.readers = context.chains.map(chain => new ChainReader(chain, context.db))
    this.byChain = new Map(this.readers.map(reader => [reader.caip, reader]))
    this.indexer = new Indexer(context.db, this.readers, { log: options.indexer?.log, ...options.indexer })
    this.balances = new BalanceService(this.readers, options.balanceTtlMs ?? envMs('APPKIT_BALANCE_CACHE_MS'))
    this.history = new HistoryService(
      context.db,
      this.byChain,
      options.historyPageSize,
      options.historyCacheMs ?? envMs('APPKIT_HISTORY_CACHE_MS')
    )
    this.nfts = new NftService(context.db, this.byChain)
    this.names = new NameService(context.db, this.readers, context.config)
    this.convert = new ConvertService(this.byChain, context.config)
    this.indexer.on('indexed', (batch: IndexedBatch) => this.onIndexed(batch))
  }

  /** Starts the indexer and writes stored names to registries that lack them. */
  start(): void {
    if (this.started || this.readers.length === 0) return
    this.started = true
    this.indexer.start()
    this.syncNames()
  }

  async stop(): Promise<void> {
    this.started = false
    await this.indexer.stop()
    await this.syncing.catch(() => undefined)
  }

  private onIndexed(batch: IndexedBatch): void {
    const reader = this.byChain.get(batch.chainId)
    if (batch.reset) {
      this.balances.invalidate(batch.chainId)
      this.history.invalidate()
      reader?.invalidatePrices()
      if (reader && this.started) this.syncNames([reader])
      return
    }
    this.balances.invalidate(batch.chainId, batch.addresses)
    this.history.invalidate(batch.addresses)
    if (batch.poolsChanged) {
      reader?.invalidatePrices()
      // Every balance's value depends on the prices.
      this.balances.invalidate(batch.chainId)
    }
  }

  private syncNames(readers?: ChainReader[]): void {
    this.syncing = this.syncing
      .then(() => this.names.syncRegistries(readers))
      .then(
        written => {
          if (written > 0) this.log(`wrote ${written} stored name registration(s) to the registry again`)
        },
        (error: unknown) =>
          this.log(`could not write stored names to the registry: ${(error as Error).message.split('\n')[0]}`)
      )
  }
}

function envMs(name: string): number | undefined {
  const value = process.env[name]
  return value !== undefined && value !== '' && Number.isFinite(Number(value)) ? Number(value) : undefined
}

const services = new WeakMap<ServerContext, BlockchainService>()

/** The service of `context` (created on first use). */
export function blockchainService(context: ServerContext, options?: BlockchainServiceOptions): BlockchainService {
  let service = services.get(context)
  if (!service) {
    service = new BlockchainService(context, options)
    services.set(context, service)
  }
  return service
}
