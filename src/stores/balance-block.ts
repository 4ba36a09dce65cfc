import { BALANCE_RETRY_BLOCK_MS } from '../config/constants.js'
import { BALANCE_UNAVAILABLE } from './texts.js'
import { showError } from './toast.js'

/** After a failed balance read, no new read until this time (spec.md section 4: blocked 30 s). */
let blockedUntil = 0

/** Whether balance reads are on hold: within 30 s of a failed one. */
export function balanceReadsBlocked(now: number = Date.now()): boolean {
  return now < blockedUntil
}

/**
 * A balance read failed, or the network has no balances: 'Token Balance Unavailable' once, and no
 * balance read (native or tokens) for 30 s.
 */
export function balanceUnavailable(now: number = Date.now()): void {
  if (now < blockedUntil) return
  blockedUntil = now + BALANCE_RETRY_BLOCK_MS
  showError(BALANCE_UNAVAILABLE)
}

/** Lifts the block (tests). */
export function resetBalanceBlock(): void {
  blockedUntil = 0
}
