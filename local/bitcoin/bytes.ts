/** Byte helpers for the local Bitcoin node: hex, double SHA-256, HASH160, amounts. */
import { createHash } from 'node:crypto'

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')
}

/** Lower-case, even-length hex only; anything else is null. */
export function fromHex(text: string): Uint8Array | null {
  if (text.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(text)) return null
  return new Uint8Array(Buffer.from(text, 'hex'))
}

export function sha256(...parts: Uint8Array[]): Uint8Array {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(part)
  return new Uint8Array(hash.digest())
}

export function sha256d(...parts: Uint8Array[]): Uint8Array {
  return sha256(sha256(...parts))
}

export function hash160(data: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('ripemd160').update(sha256(data)).digest())
}

/** A hash as Bitcoin shows it (txid, block hash): the bytes reversed, in hex. */
export function displayHash(hash: Uint8Array): string {
  return toHex(Uint8Array.from(hash).reverse())
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i])
}

/** Bitcoin Core's FormatMoney: BTC with at least 2 decimals, trailing zeros dropped ("1.00", "0.00012345"). */
export function formatMoney(sats: bigint): string {
  const sign = sats < 0n ? '-' : ''
  const abs = sats < 0n ? -sats : sats
  let fraction = (abs % 100_000_000n).toString().padStart(8, '0')
  while (fraction.length > 2 && fraction.endsWith('0')) fraction = fraction.slice(0, -1)
  return `${sign}${abs / 100_000_000n}.${fraction}`
}

/** Satoshis as a BTC JSON number (8 decimals), as Core's ValueFromAmount writes them. */
export function btcNumber(sats: bigint): number {
  return Number(sats) / 100_000_000
}
