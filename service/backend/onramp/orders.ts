// Sandbox onramp orders in the database (onramp_orders, migration 100_core.sql).
import type { OnrampOrder } from '../../../src/api/schemas/index.js'
import type { Queryable } from '../db/database.js'

export interface OrderRow {
  id: string
  project_id: string | null
  status: OnrampOrder['status']
  provider: OnrampOrder['provider']
  network: string
  chain_id: number
  destination: string
  asset_symbol: string
  token_address: string | null
  token_decimals: number
  crypto_amount: string
  fiat_amount: string
  fiat_currency: string
  fee_amount: string
  partner_user_id: string | null
  tx_hash: string | null
  error: string | null
  created_at: Date | string
  updated_at: Date | string
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString()

export function toOrder(row: OrderRow): OnrampOrder {
  return {
    id: row.id,
    status: row.status,
    network: row.network,
    caipNetworkId: `eip155:${row.chain_id}`,
    destination: row.destination,
    asset: row.asset_symbol,
    tokenAddress: row.token_address,
    cryptoAmount: row.crypto_amount,
    fiatAmount: row.fiat_amount,
    fiatCurrency: row.fiat_currency,
    feeAmount: row.fee_amount,
    provider: row.provider,
    txHash: row.tx_hash as OnrampOrder['txHash'],
    error: row.error,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at)
  }
}

export async function getOrder(db: Queryable, id: string): Promise<OrderRow | undefined> {
  const { rows } = await db.query<OrderRow>('SELECT * FROM onramp_orders WHERE id = $1', [id])
  return rows[0]
}

export async function insertOrder(
  db: Queryable,
  order: Omit<OrderRow, 'created_at' | 'updated_at' | 'tx_hash' | 'error'>
) {
  const { rows } = await db.query<OrderRow>(
    `INSERT INTO onramp_orders (id, project_id, status, provider, network, chain_id, destination, asset_symbol,
       token_address, token_decimals, crypto_amount, fiat_amount, fiat_currency, fee_amount, partner_user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     RETURNING *`,
    [
      order.id,
      order.project_id,
      order.status,
      order.provider,
      order.network,
      order.chain_id,
      order.destination,
      order.asset_symbol,
      order.token_address,
      order.token_decimals,
      order.crypto_amount,
      order.fiat_amount,
      order.fiat_currency,
      order.fee_amount,
      order.partner_user_id
    ]
  )
  return rows[0]!
}

/**
 * Moves a payable order (created, or failed before anything was sent) to processing with the final
 * amounts; undefined when another request got there first or the order is not payable.
 */
export async function claimForPayment(
  db: Queryable,
  id: string,
  amounts: { crypto_amount: string; fiat_amount: string; fee_amount: string }
): Promise<OrderRow | undefined> {
  const { rows } = await db.query<OrderRow>(
    `UPDATE onramp_orders
        SET status = 'processing', crypto_amount = $2, fiat_amount = $3, fee_amount = $4, error = NULL, updated_at = now()
      WHERE id = $1 AND (status = 'created' OR (status = 'failed' AND tx_hash IS NULL))
      RETURNING *`,
    [id, amounts.crypto_amount, amounts.fiat_amount, amounts.fee_amount]
  )
  return rows[0]
}

export async function updateOrder(
  db: Queryable,
  id: string,
  change: { status?: OrderRow['status']; tx_hash?: string; error?: string | null }
): Promise<OrderRow> {
  const { rows } = await db.query<OrderRow>(
    `UPDATE onramp_orders
        SET status = COALESCE($2, status), tx_hash = COALESCE($3, tx_hash),
            error = CASE WHEN $5 THEN $4 ELSE error END, updated_at = now()
      WHERE id = $1
      RETURNING *`,
    [id, change.status ?? null, change.tx_hash ?? null, change.error ?? null, change.error !== undefined]
  )
  return rows[0]!
}
