// How the indexer (service/backend/blockchain/indexer.ts) writes a batch's rows: transactions, events and
// the addresses each transaction concerns (account_activity). Idempotent: ON CONFLICT DO NOTHING.
import type { Database } from '../db/database.js'
import type { EventRow, TxRow } from './indexed-rows.js'

/** One address a transaction concerns. */
export interface ActivityRow {
  address: string
  tx: TxRow
}

/** Stores a batch's rows of chain `chainId`. */
export async function storeRows(
  db: Database,
  chainId: string,
  { txRows, events, activity }: { txRows: TxRow[]; events: EventRow[]; activity: ActivityRow[] }
): Promise<void> {
  await insertRows(
    db,
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
      chainId,
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
  await insertRows(
    db,
    'chain_events',
    ['chain_id', 'hash', 'log_index', 'kind', 'contract', 'from_address', 'to_address', 'amount', 'token_id', 'extra'],
    events.map(event => [
      chainId,
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
  await insertRows(
    db,
    'account_activity',
    ['address', 'chain_id', 'hash', 'block_time', 'block_number', 'tx_index'],
    activity.map(({ address, tx }) => [
      address,
      chainId,
      tx.hash,
      tx.blockTime.toString(),
      tx.blockNumber.toString(),
      tx.txIndex
    ])
  )
}

/** Inserts `rows` into `table`, as many per statement as PostgreSQL's parameter limit allows; a row already there is kept. */
async function insertRows(db: Database, table: string, columns: string[], rows: unknown[][]): Promise<void> {
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
    await db.query(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values.join(', ')} ON CONFLICT DO NOTHING`,
      params
    )
  }
}
