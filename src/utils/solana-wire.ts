/**
 * Just enough of a Solana transaction's wire format (legacy and v0) to put a signature in its
 * signer's slot: a compact-u16 count of 64-byte signatures, then the message, whose header's first
 * byte is the number of signers and whose first accounts are those signers, in slot order.
 */
import { decodeBase58 } from './base58.js'

const VERSION_PREFIX = 0x80

/** A compact-u16 at `at`: its value and where what follows starts. */
function compactU16(bytes: Uint8Array, at: number): [number, number] {
  let value = 0
  for (let index = 0; index < 3; index++) {
    const byte = bytes[at + index]
    if (byte === undefined) return [Number.NaN, at]
    value |= (byte & 0x7f) << (7 * index)
    if ((byte & 0x80) === 0) return [value, at + index + 1]
  }
  return [Number.NaN, at]
}

/**
 * `wire` with `signature` in `signer`'s slot (the slot of its key among the message's signers);
 * undefined when `wire` is not a transaction that `signer` signs.
 */
export function withSignature(wire: Uint8Array, signer: string, signature: Uint8Array): Uint8Array | undefined {
  const key = decodeBase58(signer)
  if (key?.length !== 32 || signature.length !== 64) return undefined
  const [count, signaturesAt] = compactU16(wire, 0)
  let at = signaturesAt + 64 * count
  if (((wire[at] ?? 0) & VERSION_PREFIX) !== 0) at++
  const signers = wire[at]
  const [keyCount, keysAt] = compactU16(wire, at + 3)
  if (signers === undefined || signers !== count || !(keyCount >= signers)) return undefined
  for (let slot = 0; slot < signers; slot++) {
    const start = keysAt + 32 * slot
    if (start + 32 > wire.length) return undefined
    if (key.every((byte, index) => wire[start + index] === byte)) {
      const signed = wire.slice()
      signed.set(signature, signaturesAt + 64 * slot)
      return signed
    }
  }
  return undefined
}
