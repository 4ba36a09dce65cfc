import { BALANCE_RETRY_BLOCK_MS } from '../../config/constants.js'
import { BALANCE_UNAVAILABLE } from '../texts.js'
import { showError } from '../toast.js'

/** How a balance read may use what was read before. */
export interface BalanceReadOptions {
  /** Past the caches (the kit's and the backend's): after the kit sent a transaction. */
  readonly force?: boolean
  /**
   * A cached balance older than this is read again (BALANCE_FRESH_MS when the Account or Send view
   * shows); at most, and by default, the cache's own 30 s.
   */
  readonly maxAgeMs?: number
}

/**
 * One balance read at a time per key: a read that is not forced joins the one under way for the
 * same key instead of asking again (a view that shows while the connection's own read runs).
 */
export function joinedReads(): {
  run(key: string, force: boolean, read: () => Promise<void>): Promise<void>
  clear(): void
} {
  const running = new Map<string, Promise<void>>()
  return {
    run(key, force, read) {
      const pending = force ? undefined : running.get(key)
      if (pending) return pending
      const promise = read().finally(() => {
        if (running.get(key) === promise) running.delete(key)
      })
      running.set(key, promise)
      return promise
    },
    clear: () => running.clear()
  }
}

/** After a failed balance read, no new read until this time (docs/behaviour.md section 4: blocked 30 s). */
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
