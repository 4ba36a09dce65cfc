import type { encode } from 'uqr'
import { loadOnce } from './load-once.js'

/** uqr's `encode`: a text to a QR code's module matrix. */
export type QrEncode = typeof encode

let encoder: QrEncode | undefined

/**
 * The QR encoder (uqr, ~4 kB gzip) loads when a QR code is first drawn, not with the WalletConnect
 * views (both script-tag builds keep it a chunk of its own). A failed load is
 * tried again on the next call.
 */
export const loadQrEncoder: () => Promise<QrEncode> = loadOnce(() =>
  import('./qr-library.js').then(module => (encoder = module.encode))
)

/** The encoder once loadQrEncoder() has resolved, else undefined. */
export function loadedQrEncoder(): QrEncode | undefined {
  return encoder
}
