// How many one-time codes may be guessed (issue 33; service/frame/README.md "Rules"). Beside the 5
// wrong tries that spend one code (codes.ts), wrong codes are counted over a sliding hour per
// address (whatever code or purpose they were for) and per client IP (whatever address):
// MAX_WRONG_CODES_PER_ADDRESS and MAX_WRONG_CODES_PER_IP. Past either, every try is refused before
// its code is looked at, the right code too: 429 'Please try again after {n} seconds' with
// Retry-After, n being when the oldest counted guess leaves the hour.
//
// A try reserves its place first (a row per subject, counted with the rows before it), so tries
// made at the same moment cannot all slip under the limit; a try that turns out right, or is not
// judged (expired, already spent), gives its place back.
import type { Queryable } from '../db/database.js'

export const GUESS_WINDOW_MS = 60 * 60_000
export const MAX_WRONG_CODES_PER_ADDRESS = 10
export const MAX_WRONG_CODES_PER_IP = 50

export interface GuessSource {
  /** The address the code was sent to (lower case). */
  email: string
  /** The client's IP, when known (the socket's peer; none for in-process calls). */
  ip?: string
}

export type Reservation =
  /** `release`: the try was right or not judged, it does not count. */
  | { release(): Promise<void> }
  /** A limit is reached (nothing was kept): the seconds until a guess is allowed again. */
  | { retryAfterSeconds: number }

const subjects = (source: GuessSource) => [
  { subject: `email:${source.email}`, max: MAX_WRONG_CODES_PER_ADDRESS },
  ...(source.ip ? [{ subject: `ip:${source.ip}`, max: MAX_WRONG_CODES_PER_IP }] : [])
]

/** Reserves a guess for `source`, unless a limit is reached (see Reservation). */
export async function reserveGuess(db: Queryable, source: GuessSource, now: number): Promise<Reservation> {
  const since = now - GUESS_WINDOW_MS
  await db.query('DELETE FROM wallet_code_guesses WHERE guessed_at <= $1', [since])
  const ids: string[] = []
  const release = async () => {
    for (const id of ids.splice(0)) await db.query('DELETE FROM wallet_code_guesses WHERE id = $1', [id])
  }
  for (const { subject, max } of subjects(source)) {
    const { rows } = await db.query<{ id: string | number }>(
      'INSERT INTO wallet_code_guesses (subject, guessed_at) VALUES ($1, $2) RETURNING id',
      [subject, now]
    )
    const id = String(rows[0]!.id)
    ids.push(id)
    // The guesses before this one in the hour, newest first: `max` of them leave no room.
    const before = await db.query<{ guessed_at: string | number }>(
      `SELECT guessed_at FROM wallet_code_guesses WHERE subject = $1 AND guessed_at > $2 AND id < $3
       ORDER BY guessed_at DESC, id DESC LIMIT $4`,
      [subject, since, id, max]
    )
    if (before.rows.length >= max) {
      await release()
      const frees = Number(before.rows[max - 1]!.guessed_at) + GUESS_WINDOW_MS
      return { retryAfterSeconds: Math.max(1, Math.ceil((frees - now) / 1000)) }
    }
  }
  return { release }
}
