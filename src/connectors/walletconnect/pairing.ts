import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_LIFETIME_MS } from '../../config/constants.js'
import type { StoredPairing } from '../../storage/pairing.js'

/**
 * The WalletConnect pairing rules (docs/behaviour.md section 4, "Pairing"): on Telegram or iOS Safari a pairing
 * is reused until expiry, otherwise a new connection starts; a pairing is expired when under 10 s
 * remain; a new one lasts 4 minutes. Pure functions: the connector keeps the pairing and the clock.
 */

/** Where the page runs, as far as the pairing rule cares (see utils/platform.ts). */
export interface PairingPlatform {
  telegram: boolean
  iosSafari: boolean
}

/** What to do for a new connection attempt: offer the kept pairing again, or create one. */
export type PairingChoice = { reuse: StoredPairing } | { create: { expiresAt: number } }

/** Whether `pairing` is expired at `now`: fewer than 10 s (PAIRING_EXPIRY_MARGIN_MS) remain. */
export function isPairingExpired(pairing: Pick<StoredPairing, 'expiresAt'>, now: number = Date.now()): boolean {
  return pairing.expiresAt - now < PAIRING_EXPIRY_MARGIN_MS
}

/**
 * Whether the platform keeps one pairing until it expires (Telegram, iOS Safari) instead of starting
 * a new connection each time. There the URI must be ready before the tap, since a deep link opened
 * after an await is blocked.
 */
export function shouldReusePairing(platform: PairingPlatform): boolean {
  return platform.telegram || platform.iosSafari
}

/**
 * Reuses `existing` when the platform keeps pairings and it is not expired at `now`; otherwise
 * says to create a pairing that expires 4 minutes (PAIRING_LIFETIME_MS) from `now`.
 */
export function choosePairing(
  existing: StoredPairing | undefined,
  platform: PairingPlatform,
  now: number = Date.now()
): PairingChoice {
  if (existing && shouldReusePairing(platform) && !isPairingExpired(existing, now)) return { reuse: existing }
  return { create: { expiresAt: now + PAIRING_LIFETIME_MS } }
}
