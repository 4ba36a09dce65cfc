// GET /v1/account/{address}/history: the transactions that concern an address, newest first, from
// what the indexer stored, in the spec's shape (src/api/schemas/history.ts), HISTORY_PAGE_SIZE at a
// time with an opaque cursor. Each transaction carries the transfers that moved something to or
// from the address; NFTs of a collection flagged as spam carry flags.is_spam = true.
import { formatUnits, getAddress } from 'viem'
import type { HistoryResponse, Transaction, TransactionTransfer } from '../../../src/api/schemas/index.js'
import type { Database } from '../db/database.js'
import { badRequest } from '../http.js'
import type { ChainReader } from './reader.js'
import { openOnrampPurchases } from './onramp-history.js'
import { sameAddress, ZERO_ADDRESS } from './setup.js'

export const HISTORY_PAGE_SIZE = 20

const SELECTORS = { deposit: '0xd0e30db0', withdraw: '0x2e1a7d4d' } as const

interface PageRow {
  chain_id: string
  hash: string
  block_time: string | number | bigint
  block_number: string | number | bigint
  tx_index: number
  from_address: string
  to_address: string | null
  created_address: string | null
  value: string
  nonce: string | number | bigint
  status: 'confirmed' | 'failed'
  selector: string | null
}

interface EventRow {
  chain_id: string
  hash: string
  log_index: number
  kind: string
  contract: string | null
  from_address: string | null
  to_address: string | null
  amount: string | null
  token_id: string | null
  token_name: string | null
  token_symbol: string | null
  token_decimals: number | null
}

type CursorKey = [blockTime: string, chainId: string, blockNumber: string, txIndex: number]

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url')
}

export function decodeCursor(cursor: string): CursorKey {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown
    if (
      Array.isArray(key) &&
      key.length === 4 &&
      typeof key[0] === 'string' &&
      /^\d+$/.test(key[0]) &&
      typeof key[1] === 'string' &&
      typeof key[2] === 'string' &&
      /^\d+$/.test(key[2]) &&
      Number.isInteger(key[3])
    ) {
      return key as CursorKey
    }
  } catch {
    // falls through
  }
  throw badRequest(`Invalid query parameter 'cursor': expected a cursor from a previous page's 'next'`)
}

export interface HistoryLinks {
  /** URL of a token image by image id. */
  tokenIcon(imageId: string): string
  /** URL of an NFT's image. */
  nftImage(chainId: string, contract: string, tokenId: string): string
}

type PageTx = PageRow & { events: EventRow[] }

/** How long a page read from the database is reused at most (the indexer drops it sooner). */
export const HISTORY_CACHE_MS = 2_000

interface PageEntry {
  at: number
  rows: Promise<PageTx[]>
  /** The read has ended (until then, every request for the page waits for it). */
  settled: boolean
}

export class HistoryService {
  /**
   * Pages read from the database or being read, by account and query; dropped when the account
   * moves. A page being read is shared by every request for it (single flight, also without the
   * cache); a read page is reused for cacheMs.
   */
  private readonly cache = new Map<string, Map<string, PageEntry>>()

  constructor(
    private readonly db: Database,
    private readonly readers: Map<string, ChainReader>,
    private readonly pageSize = HISTORY_PAGE_SIZE,
    private readonly cacheMs = HISTORY_CACHE_MS
  ) {}

  /** Drops the cached pages of `addresses` (lower case), or all of them. */
  invalidate(addresses?: Iterable<string>): void {
    if (!addresses) {
      this.cache.clear()
      return
    }
    for (const address of addresses) this.cache.delete(address)
  }

  async page(
    address: string,
    options: { cursor?: string; chainId?: string; onramp?: 'coinbase'; links: HistoryLinks }
  ): Promise<HistoryResponse> {
    const account = address.toLowerCase()
    const found = await this.cachedRows(account, options)
    const more = found.length > this.pageSize
    const page = more ? found.slice(0, this.pageSize) : found
    const indexed = page.map(row => this.transaction(row, row.events, account, options.links))
    // Onramp purchases not paid out yet lead the first page (pending or failed).
    const data =
      options.onramp === 'coinbase' && !options.cursor
        ? [
            ...(await openOnrampPurchases(this.db, account, { chainId: options.chainId, limit: this.pageSize })),
            ...indexed
          ]
        : indexed
    const last = page[page.length - 1]
    return {
      data,
      next:
        more && last
          ? encodeCursor([String(last.block_time), last.chain_id, String(last.block_number), Number(last.tx_index)])
          : null
    }
  }

  /**
   * The page's rows: those of the read of the page under way, else from the cache when they were
   * read less than cacheMs ago, and in both cases only if nothing has concerned the account since
   * the read began (the indexer calls invalidate, which drops the account's entries). Onramp pages
   * are neither shared nor cached: the orders table is written by the onramp routes, not the indexer.
   */
  private cachedRows(account: string, options: { cursor?: string; chainId?: string; onramp?: 'coinbase' }) {
    if (options.cursor) decodeCursor(options.cursor) // a bad cursor is a 400 even when cached
    if (options.onramp) return this.readRows(account, options)
    const key = `${options.chainId ?? ''}|${options.cursor ?? ''}`
    let pages = this.cache.get(account)
    const now = Date.now()
    const hit = pages?.get(key)
    if (hit && (!hit.settled || now - hit.at < this.cacheMs)) return hit.rows
    const rows = this.readRows(account, options)
    if (!pages) {
      if (this.cache.size >= 5_000) this.cache.delete(this.cache.keys().next().value!)
      pages = new Map()
      this.cache.set(account, pages)
    }
    const entry: PageEntry = { at: now, rows, settled: false }
    pages.set(key, entry)
    const settle = (keep: boolean) => {
      entry.settled = true
      if (keep || pages.get(key) !== entry) return
      pages.delete(key)
      if (pages.size === 0 && this.cache.get(account) === pages) this.cache.delete(account)
    }
    rows.then(
      () => settle(this.cacheMs > 0),
      () => settle(false)
    )
    return rows
  }

  private async readRows(
    account: string,
    options: { cursor?: string; chainId?: string; onramp?: 'coinbase' }
  ): Promise<PageTx[]> {
    const params: unknown[] = [account]
    const where = ['a.address = $1']
    if (options.chainId) {
      params.push(options.chainId)
      where.push(`a.chain_id = $${params.length}`)
    }
    if (options.cursor) {
      const [time, chain, block, index] = decodeCursor(options.cursor)
      params.push(time, chain, block, index)
      const n = params.length
      where.push(
        `(a.block_time, a.chain_id, a.block_number, a.tx_index) < ($${n - 3}::bigint, $${n - 2}::text, $${n - 1}::bigint, $${n}::int)`
      )
    }
    if (options.onramp === 'coinbase') {
      // Only the transfers of sandbox onramp orders (service/backend/routes/onramp.ts records their hashes).
      where.push(
        `EXISTS (SELECT 1 FROM onramp_orders o WHERE lower(o.tx_hash) = a.hash AND 'eip155:' || o.chain_id = a.chain_id)`
      )
    }
    params.push(this.pageSize + 1)
    // One statement answering one JSON value: the page's transactions, each with its events
    // (embedded databases pay per row and field returned, so the rows are aggregated in SQL).
    // Amounts and block numbers travel as text: JSON numbers would lose uint256 precision.
    const { rows } = await this.db.query<{ page: PageTx[] | null }>(
      `WITH page AS (
         SELECT a.chain_id, a.hash, a.block_time, a.block_number, a.tx_index
           FROM account_activity a
          WHERE ${where.join(' AND ')}
          ORDER BY a.block_time DESC, a.chain_id DESC, a.block_number DESC, a.tx_index DESC
          LIMIT $${params.length}
       )
       SELECT json_agg(json_build_object(
                'chain_id', p.chain_id, 'hash', p.hash, 'block_time', p.block_time::text,
                'block_number', p.block_number::text, 'tx_index', p.tx_index,
                'from_address', t.from_address, 'to_address', t.to_address, 'created_address', t.created_address,
                'value', t.value::text, 'nonce', t.nonce::text, 'status', t.status, 'selector', t.selector,
                'events', (
                  SELECT COALESCE(json_agg(json_build_object(
                           'chain_id', e.chain_id, 'hash', e.hash, 'log_index', e.log_index, 'kind', e.kind,
                           'contract', e.contract, 'from_address', e.from_address, 'to_address', e.to_address,
                           'amount', e.amount::text, 'token_id', e.token_id::text,
                           'token_name', k.name, 'token_symbol', k.symbol, 'token_decimals', k.decimals
                         ) ORDER BY e.log_index), '[]'::json)
                    FROM chain_events e
                    LEFT JOIN chain_tokens k ON k.chain_id = e.chain_id AND k.address = e.contract
                   WHERE e.chain_id = p.chain_id AND e.hash = p.hash
                     AND (e.from_address = $1 OR e.to_address = $1 OR e.kind = 'swap')
                )
              ) ORDER BY p.block_time DESC, p.chain_id DESC, p.block_number DESC, p.tx_index DESC) AS page
         FROM page p
         JOIN chain_transactions t ON t.chain_id = p.chain_id AND t.hash = p.hash`,
      params
    )
    return rows[0]?.page ?? []
  }

  private transaction(row: PageRow, events: EventRow[], account: string, links: HistoryLinks): Transaction {
    const reader = this.readers.get(row.chain_id)
    const setup = reader?.setup
    const transfers: TransactionTransfer[] = []
    let ins = 0
    let outs = 0
    let insFromZero = 0
    let outsToZero = 0
    let swapped = false
    let approved = false
    // Native before tokens, in log order (log_index -1 is the transaction's own value).
    const ordered = [...events].sort((a, b) => rank(a) - rank(b))
    for (const event of ordered) {
      if (event.kind === 'swap') {
        swapped = true
        continue
      }
      if (event.kind === 'approval' || event.kind === 'approval721' || event.kind === 'approval_all') {
        if (event.from_address === account) approved = true
        continue
      }
      const from = event.from_address
      const to = event.to_address
      if (from !== account && to !== account) continue
      const direction = from === account && to === account ? 'self' : from === account ? 'out' : 'in'
      if (direction === 'in') {
        ins++
        if (from === ZERO_ADDRESS) insFromZero++
      } else if (direction === 'out') {
        outs++
        if (to === ZERO_ADDRESS) outsToZero++
      }
      if (event.kind === 'native') {
        const native = setup?.native ?? { name: 'Ether', symbol: 'ETH', decimals: 18, imageId: 'ETH' }
        transfers.push({
          fungible_info: { name: native.name, symbol: native.symbol, icon: { url: links.tokenIcon(native.imageId) } },
          direction,
          quantity: { numeric: formatUnits(BigInt(event.amount ?? '0'), native.decimals) }
        })
      } else if (event.kind === 'erc20') {
        const listed = setup?.tokens.find(token => sameAddress(token.address, event.contract))
        const decimals = event.token_decimals ?? 0
        transfers.push({
          fungible_info: {
            name: event.token_name ?? 'Unknown token',
            symbol: event.token_symbol ?? '???',
            ...(listed ? { icon: { url: links.tokenIcon(listed.imageId) } } : {})
          },
          direction,
          quantity: { numeric: formatUnits(BigInt(event.amount ?? '0'), decimals) }
        })
      } else if (event.kind === 'erc721') {
        const contract = event.contract ?? ''
        const tokenId = event.token_id ?? '0'
        transfers.push({
          nft_info: {
            name: `${event.token_name ?? 'NFT'} #${tokenId}`,
            content: {
              preview: {
                url: links.nftImage(row.chain_id, getAddress(contract), tokenId),
                content_type: 'image/svg+xml'
              }
            },
            flags: { is_spam: setup?.spamCollections.has(contract) ?? false }
          },
          direction,
          quantity: { numeric: '1' }
        })
      }
    }

    const fromAccount = row.from_address === account
    let operationType: Transaction['metadata']['operationType']
    if (row.status === 'failed') {
      operationType = !row.to_address
        ? 'deploy'
        : sameAddress(row.to_address, setup?.router)
          ? 'trade'
          : BigInt(row.value) > 0n
            ? 'send'
            : 'execute'
    } else if (!row.to_address && fromAccount) operationType = 'deploy'
    else if (swapped && (fromAccount || (ins > 0 && outs > 0))) operationType = 'trade'
    else if (fromAccount && sameAddress(row.to_address, setup?.wrappedNative) && row.selector === SELECTORS.deposit)
      operationType = 'deposit'
    else if (fromAccount && sameAddress(row.to_address, setup?.wrappedNative) && row.selector === SELECTORS.withdraw)
      operationType = 'withdraw'
    else if (ins > 0 && outs > 0) operationType = 'trade'
    else if (outs > 0) operationType = outsToZero === outs ? 'burn' : 'send'
    else if (ins > 0) operationType = insFromZero === ins ? 'mint' : 'receive'
    else if (approved) operationType = 'approve'
    else if (transfers.length > 0)
      operationType = 'send' // only self transfers
    else operationType = 'execute'

    const sentTo = row.to_address ?? row.created_address ?? row.from_address
    return {
      id: row.hash,
      metadata: {
        minedAt: new Date(Number(row.block_time) * 1000).toISOString(),
        chain: row.chain_id,
        operationType,
        status: row.status,
        sentFrom: getAddress(row.from_address),
        sentTo: getAddress(sentTo),
        hash: row.hash,
        nonce: Number(row.nonce)
      },
      transfers
    }
  }
}

function rank(event: EventRow): number {
  return event.kind === 'native' ? -1_000_000 + Math.abs(event.log_index) : event.log_index
}
