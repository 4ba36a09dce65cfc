import * as z from 'zod/mini'

/** A WalletConnect pairing the kit keeps so it can offer the same `wc:` URI again (docs/behaviour.md section 4, "Pairing"). */
export interface StoredPairing {
  /** The pairing topic: the part of the URI between 'wc:' and '@'. */
  topic: string
  /** The full pairing URI, 'wc:<topic>@2?relay-protocol=...&symKey=...'. */
  uri: string
  /** When the pairing stops being usable, ms since the epoch. */
  expiresAt: number
}

/**
 * The schema a stored pairing must pass (for createStoredValue): a non-empty topic, a 'wc:' URI
 * whose topic is that topic, and a positive whole expiry time in ms. The pairing rules that use it
 * are in connectors/walletconnect/pairing.ts.
 */
export const storedPairingSchema: z.ZodMiniType<StoredPairing> = z
  .object({
    topic: z.string().check(z.minLength(1)),
    uri: z.string().check(z.startsWith('wc:')),
    expiresAt: z.int().check(z.positive())
  })
  .check(z.refine(pairing => pairing.uri.startsWith(`wc:${pairing.topic}@`), 'the URI must carry the pairing topic'))
