// The account of a sign-in identity that is not an e-mail address: a social provider's subject, or
// a Farcaster id. Each (provider, subject) has its own account, made on its first login; an e-mail
// the provider gives is not proof that the visitor owns the e-mail login's account of that address,
// so the two are never merged.
import type { Queryable } from '../db/database.js'

export interface ExternalIdentity {
  /** 'google', ..., or 'farcaster'. */
  readonly provider: string
  /** The provider's stable id for the visitor (for Farcaster, the fid). */
  readonly subject: string
  readonly username: string
}

const SELECT =
  'SELECT account_id::text AS account_id FROM wallet_social_identities WHERE provider = $1 AND subject = $2'

/** The account id of `identity`, made now if it is new; its user name and login time are refreshed. */
export async function accountForIdentity(tx: Queryable, identity: ExternalIdentity, now: number): Promise<string> {
  const { provider, subject, username } = identity
  const { rows } = await tx.query<{ account_id: string }>(SELECT, [provider, subject])
  const existing = rows[0]?.account_id
  if (existing) {
    await tx.query(
      'UPDATE wallet_social_identities SET username = $3, last_login_at = $4 WHERE provider = $1 AND subject = $2',
      [provider, subject, username, now]
    )
    return existing
  }
  const created = await tx.query<{ id: string }>(
    'INSERT INTO wallet_accounts (email, created_at) VALUES (NULL, $1) RETURNING id::text AS id',
    [now]
  )
  await tx.query(
    `INSERT INTO wallet_social_identities (provider, subject, account_id, username, created_at, last_login_at)
     VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (provider, subject) DO NOTHING`,
    [provider, subject, created.rows[0]!.id, username, now]
  )
  // Another login of the same identity may have won the race: its account is the one.
  const again = await tx.query<{ account_id: string }>(SELECT, [provider, subject])
  return again.rows[0]!.account_id
}
