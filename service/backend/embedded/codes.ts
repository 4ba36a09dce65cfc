// One-time codes (service/frame/README.md "Rules"): 6 digits from crypto.randomInt, stored only as an
// HMAC-SHA256 under a key derived from the master key (so a copy of the database does not give
// them away, even by trying all million), valid 10 minutes, used once; 5 wrong tries spend a
// code. One code per address and purpose: a new one replaces it, but not within 30 s of the last
// one sent, used or not (429 'Please try again after {n} seconds', n rounded up, with Retry-After).
// A login or device code is bound to the device it was asked for; an update code to its account.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import type { Database, Queryable } from '../db/database.js'
import { ApiError } from '../http.js'
import { reserveGuess } from './guess-limits.js'

export const CODE_TTL_MS = 10 * 60_000
export const RESEND_COOLDOWN_MS = 30_000
export const MAX_CODE_ATTEMPTS = 5

export const INVALID_CODE = 'Invalid code'
export const EXPIRED_CODE = 'The code has expired, ask for a new one'
export const TOO_MANY_ATTEMPTS = 'Too many attempts, ask for a new code'

export type CodePurpose = 'login' | 'device' | 'update-primary' | 'update-secondary'

/** 429 with the seconds to wait, answered with a Retry-After header (frame-app's error handler). */
export class RetryLaterError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, `Please try again after ${retryAfterSeconds} seconds`, 'too_many_requests')
  }
}

export interface CodeTarget {
  /** Where the code goes (lower case). */
  email: string
  purpose: CodePurpose
  accountId?: string
  newEmail?: string
  deviceHash?: string
}

export interface CodeRow {
  email: string
  purpose: CodePurpose
  account_id: string | null
  new_email: string | null
  device_hash: string | null
}

export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

export function hashCode(key: Uint8Array, email: string, purpose: CodePurpose, code: string): string {
  return createHmac('sha256', key).update(`${purpose}\n${email}\n${code}`).digest('hex')
}

/** Throws RetryLaterError when a code for `email` and `purpose` went out less than 30 s ago. */
export async function assertCanSend(db: Queryable, email: string, purpose: CodePurpose, now: number): Promise<void> {
  const { rows } = await db.query<{ sent_at: string | number }>(
    'SELECT sent_at FROM wallet_codes WHERE email = $1 AND purpose = $2',
    [email, purpose]
  )
  const sentAt = rows[0] ? Number(rows[0].sent_at) : undefined
  if (sentAt !== undefined && now - sentAt < RESEND_COOLDOWN_MS) {
    throw new RetryLaterError(Math.max(1, Math.ceil((sentAt + RESEND_COOLDOWN_MS - now) / 1000)))
  }
}

/**
 * Stores a new code for `target` (replacing the outstanding one) and answers it, for the caller to
 * mail. Atomic with the 30 s check: within it, RetryLaterError and nothing changes.
 */
export async function storeCode(db: Queryable, key: Uint8Array, target: CodeTarget, now: number): Promise<string> {
  const code = generateCode()
  const { rows } = await db.query(
    `INSERT INTO wallet_codes
       (email, purpose, code_hash, account_id, new_email, device_hash, attempts, sent_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $8)
     ON CONFLICT (email, purpose) DO UPDATE SET
       code_hash = EXCLUDED.code_hash, account_id = EXCLUDED.account_id, new_email = EXCLUDED.new_email,
       device_hash = EXCLUDED.device_hash, attempts = 0, sent_at = EXCLUDED.sent_at,
       expires_at = EXCLUDED.expires_at, used_at = NULL
     WHERE wallet_codes.sent_at <= $9
     RETURNING email`,
    [
      target.email,
      target.purpose,
      hashCode(key, target.email, target.purpose, code),
      target.accountId ?? null,
      target.newEmail ?? null,
      target.deviceHash ?? null,
      now,
      now + CODE_TTL_MS,
      now - RESEND_COOLDOWN_MS
    ]
  )
  if (rows.length === 0) {
    await assertCanSend(db, target.email, target.purpose, now)
    throw new RetryLaterError(1)
  }
  return code
}

/** Forgets the code just stored for `target` (its e-mail could not be sent), so no wait applies. */
export async function dropCode(db: Queryable, key: Uint8Array, target: CodeTarget, code: string): Promise<void> {
  await db.query('DELETE FROM wallet_codes WHERE email = $1 AND purpose = $2 AND code_hash = $3', [
    target.email,
    target.purpose,
    hashCode(key, target.email, target.purpose, code)
  ])
}

/** The outstanding (unused) code's row for `email` and `purpose`, without using it. */
export async function peekCode(db: Queryable, email: string, purpose: CodePurpose): Promise<CodeRow | undefined> {
  const { rows } = await db.query<CodeRow>(
    `SELECT email, purpose, account_id::text AS account_id, new_email, device_hash
     FROM wallet_codes WHERE email = $1 AND purpose = $2 AND used_at IS NULL`,
    [email, purpose]
  )
  return rows[0]
}

/** The newest outstanding code of `purpose` asked by `accountId` (the update's second step). */
export async function codeOfAccount(
  db: Queryable,
  accountId: string,
  purpose: CodePurpose
): Promise<CodeRow | undefined> {
  const { rows } = await db.query<CodeRow>(
    `SELECT email, purpose, account_id::text AS account_id, new_email, device_hash
     FROM wallet_codes WHERE account_id = $1 AND purpose = $2 AND used_at IS NULL ORDER BY sent_at DESC LIMIT 1`,
    [accountId, purpose]
  )
  return rows[0]
}

export interface CodeAttempt {
  email: string
  purpose: CodePurpose
  code: string
  /** When set, the code must have been asked for this device. */
  deviceHash?: string
  /** When set, the code must have been asked by this account. */
  accountId?: string
  /** The client's IP, for the per-IP guess limit (guess-limits.ts); none for in-process calls. */
  ip?: string
}

/**
 * Uses the code: answers its row (and marks it used) when `attempt` is right, else throws 'Invalid
 * code' (400; the try is counted, the 5th wrong one spends the code: 429), 'Too many attempts'
 * (429) or the expiry (400). A wrong try is counted even though the call throws.
 */
export async function consumeCode(db: Database, key: Uint8Array, attempt: CodeAttempt, now: number): Promise<CodeRow> {
  const guess = await reserveGuess(db, { email: attempt.email, ...(attempt.ip ? { ip: attempt.ip } : {}) }, now)
  if ('retryAfterSeconds' in guess) throw new RetryLaterError(guess.retryAfterSeconds)
  let outcome: Awaited<ReturnType<typeof judgeCode>>
  try {
    outcome = await judgeCode(db, key, attempt, now)
  } catch (error) {
    await guess.release()
    throw error
  }
  // Only a wrong code counts towards the guess limits.
  if (!('error' in outcome && outcome.wrong)) await guess.release()
  if ('error' in outcome) throw outcome.error
  return outcome.row
}

/** One try at the code, in a transaction: its row, or the error and whether the code was wrong. */
function judgeCode(db: Database, key: Uint8Array, attempt: CodeAttempt, now: number) {
  return db.transaction(async tx => {
    const { rows } = await tx.query<
      CodeRow & { code_hash: string; attempts: number; expires_at: string | number; used_at: unknown }
    >(
      `SELECT email, purpose, code_hash, account_id::text AS account_id, new_email, device_hash, attempts, expires_at,
         used_at
       FROM wallet_codes WHERE email = $1 AND purpose = $2 FOR UPDATE`,
      [attempt.email, attempt.purpose]
    )
    const row = rows[0]
    if (!row || row.used_at !== null) return { error: new ApiError(400, INVALID_CODE, 'invalid_code'), wrong: true }
    if (row.attempts >= MAX_CODE_ATTEMPTS) return { error: new ApiError(429, TOO_MANY_ATTEMPTS, 'too_many_attempts') }
    if (Number(row.expires_at) <= now) return { error: new ApiError(400, EXPIRED_CODE, 'code_expired') }
    const expected = Buffer.from(row.code_hash, 'hex')
    const given = Buffer.from(hashCode(key, attempt.email, attempt.purpose, attempt.code), 'hex')
    const right =
      timingSafeEqual(expected, given) &&
      (attempt.deviceHash === undefined || attempt.deviceHash === row.device_hash) &&
      (attempt.accountId === undefined || attempt.accountId === row.account_id)
    if (!right) {
      await tx.query('UPDATE wallet_codes SET attempts = attempts + 1 WHERE email = $1 AND purpose = $2', [
        attempt.email,
        attempt.purpose
      ])
      return row.attempts + 1 >= MAX_CODE_ATTEMPTS
        ? { error: new ApiError(429, TOO_MANY_ATTEMPTS, 'too_many_attempts'), wrong: true }
        : { error: new ApiError(400, INVALID_CODE, 'invalid_code'), wrong: true }
    }
    await tx.query('UPDATE wallet_codes SET used_at = $3 WHERE email = $1 AND purpose = $2', [
      attempt.email,
      attempt.purpose,
      now
    ])
    const { email, purpose, account_id, new_email, device_hash } = row
    return { row: { email, purpose, account_id, new_email, device_hash } as CodeRow }
  })
}
