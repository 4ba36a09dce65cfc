// The onramp purchases that history cannot show yet: sandbox orders (service/backend/onramp/orders.ts) for
// an address that are not completed and whose payout the indexer has not seen for it (created,
// processing, or failed), as transactions with status pending or failed. With onramp=coinbase,
// the first page of history leads with them.
import type { Transaction } from '../../../src/api/schemas/index.js'
import type { Database } from '../db/database.js'

interface OpenOrderRow {
  id: string
  status: 'created' | 'processing' | 'failed'
  chain_id: number
  destination: string
  asset_symbol: string
  crypto_amount: string
  created_at: string | Date
}

/** The address's open onramp orders (newest first, at most `limit`), on `chainId` when given. */
export async function openOnrampPurchases(
  db: Database,
  account: string,
  options: { chainId?: string; limit: number }
): Promise<Transaction[]> {
  const params: unknown[] = [account.toLowerCase(), options.limit]
  let chainFilter = ''
  if (options.chainId) {
    params.push(options.chainId)
    chainFilter = `AND 'eip155:' || o.chain_id = $3`
  }
  const { rows } = await db.query<OpenOrderRow>(
    `SELECT o.id, o.status, o.chain_id, o.destination, o.asset_symbol, o.crypto_amount, o.created_at
       FROM onramp_orders o
      WHERE lower(o.destination) = $1 AND o.status <> 'completed' ${chainFilter}
        AND NOT EXISTS (
          SELECT 1 FROM account_activity a
           WHERE a.address = $1 AND o.tx_hash IS NOT NULL AND a.hash = lower(o.tx_hash)
        )
      ORDER BY o.created_at DESC
      LIMIT $2`,
    params
  )
  return rows.map(row => ({
    id: `onramp-order:${row.id}`,
    metadata: {
      minedAt: new Date(row.created_at).toISOString(),
      chain: `eip155:${row.chain_id}`,
      operationType: 'receive',
      status: row.status === 'failed' ? 'failed' : 'pending',
      sentFrom: row.destination,
      sentTo: row.destination
    },
    transfers: [
      {
        fungible_info: { name: row.asset_symbol, symbol: row.asset_symbol },
        direction: 'in',
        quantity: { numeric: row.crypto_amount }
      }
    ]
  }))
}
