// The devices an account signed in from. The frame keeps a random device id in its origin's
// localStorage and sends it with each login step; only an HMAC of it (under a key derived from the
// master key) is stored.
import { createHmac } from 'node:crypto'
import type { Queryable } from '../db/database.js'

export function deviceHash(key: Uint8Array, deviceId: string): string {
  return createHmac('sha256', key).update(deviceId).digest('hex')
}

export async function isKnownDevice(db: Queryable, accountId: string, hash: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM wallet_devices WHERE account_id = $1 AND device_hash = $2', [
    accountId,
    hash
  ])
  return rows.length > 0
}

export async function rememberDevice(db: Queryable, accountId: string, hash: string, now: number): Promise<void> {
  await db.query(
    `INSERT INTO wallet_devices (account_id, device_hash, created_at, last_seen_at) VALUES ($1, $2, $3, $3)
     ON CONFLICT (account_id, device_hash) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at`,
    [accountId, hash, now]
  )
}
