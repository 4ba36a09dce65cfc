// Embedded-wallet sessions: a random 32-byte bearer token (base64url) handed to the frame after an
// e-mail login, stored only as its SHA-256, valid 7 days, ended by sign-out, and bound to the host
// page's origin the login was made for (the frame names it on every call): an unknown, expired or
// revoked token, or one used for another host origin, is 401 'Session Expired'.
import { createHash, randomBytes } from 'node:crypto'
import type { Queryable } from '../db/database.js'
import { ApiError } from '../http.js'
import type { Account } from './accounts.js'

export const SESSION_TTL_MS = 7 * 24 * 60 * 60_000
export const SESSION_EXPIRED = 'Session Expired'

export const sessionExpired = () => new ApiError(401, SESSION_EXPIRED, 'session_expired')

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** The bearer token of an `Authorization` header, when it is one of ours in form. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer ([A-Za-z0-9_-]{43})$/.exec(header) : null
  return match?.[1]
}

export async function createSession(
  db: Queryable,
  accountId: string,
  deviceHash: string,
  hostOrigin: string,
  now: number
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.query(
    `INSERT INTO wallet_sessions (token_hash, account_id, device_hash, host_origin, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [hashToken(token), accountId, deviceHash, hostOrigin, now, now + SESSION_TTL_MS]
  )
  return token
}

/**
 * The account of a current session made for `hostOrigin`; undefined when the token is unknown,
 * expired or revoked, or was made for another host page.
 */
export async function sessionAccount(
  db: Queryable,
  token: string,
  hostOrigin: string,
  now: number
): Promise<Account | undefined> {
  const { rows } = await db.query<Account>(
    `SELECT a.id::text AS id, a.email FROM wallet_sessions s JOIN wallet_accounts a ON a.id = s.account_id
     WHERE s.token_hash = $1 AND s.host_origin = $2 AND s.revoked_at IS NULL AND s.expires_at > $3`,
    [hashToken(token), hostOrigin, now]
  )
  return rows[0]
}

export async function revokeSession(db: Queryable, token: string, now: number): Promise<void> {
  await db.query('UPDATE wallet_sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [
    hashToken(token),
    now
  ])
}
