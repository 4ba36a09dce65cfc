// Embedded-wallet accounts: one per e-mail address, compared lower-cased, or one per social
// identity (service/backend/embedded/social-login.ts), which may have no address. The address can change
// (the two-step update), never to one another account has.
import type { Queryable } from '../db/database.js'
import { ApiError, badRequest } from '../http.js'

export interface Account {
  id: string
  /** Null for a social login's account. */
  email: string | null
}

export const INVALID_EMAIL = 'Invalid e-mail address'
export const EMAIL_IN_USE = 'That e-mail address is already in use'
export const NO_EMAIL = 'This account has no e-mail address to change'

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The address lower-cased; 400 'Invalid e-mail address' when it is not one. */
export function normalizeEmail(input: string): string {
  const email = input.trim().toLowerCase()
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) throw badRequest(INVALID_EMAIL)
  return email
}

export async function findAccount(db: Queryable, email: string): Promise<Account | undefined> {
  const { rows } = await db.query<Account>('SELECT id::text AS id, email FROM wallet_accounts WHERE email = $1', [
    email
  ])
  return rows[0]
}

export async function accountById(db: Queryable, id: string): Promise<Account | undefined> {
  const { rows } = await db.query<Account>('SELECT id::text AS id, email FROM wallet_accounts WHERE id = $1', [id])
  return rows[0]
}

/** The account's e-mail address; 400 'This account has no e-mail address to change' when it has none. */
export function emailOf(account: Account): string {
  if (!account.email) throw badRequest(NO_EMAIL)
  return account.email
}

/** The account of `email`, created when there is none (two logins racing get the same one). */
export async function ensureAccount(db: Queryable, email: string, now: number): Promise<Account> {
  await db.query('INSERT INTO wallet_accounts (email, created_at) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING', [
    email,
    now
  ])
  const account = await findAccount(db, email)
  if (!account) throw new Error(`The account of ${email} was not created`)
  return account
}

/** 409 when another account than `accountId` has `email`. */
export async function assertEmailFree(db: Queryable, email: string, accountId: string): Promise<void> {
  const owner = await findAccount(db, email)
  if (owner && owner.id !== accountId) throw new ApiError(409, EMAIL_IN_USE, 'email_in_use')
}

/** Moves the account to `email` (409 when another account has it). */
export async function changeEmail(db: Queryable, accountId: string, email: string): Promise<void> {
  await assertEmailFree(db, email, accountId)
  try {
    await db.query('UPDATE wallet_accounts SET email = $1 WHERE id = $2', [email, accountId])
  } catch (error) {
    // Another account took it between the check and the update.
    if ((error as { code?: string }).code === '23505') throw new ApiError(409, EMAIL_IN_USE, 'email_in_use')
    throw error
  }
}
