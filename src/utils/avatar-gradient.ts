/**
 * The account avatar's colours, drawn from the address alone: the same address always gets the same
 * gradient, and different addresses (almost always) different ones. A pure function: no store, no
 * randomness, no clock.
 */

/** FNV-1a over the text's UTF-16 code units: 32 bits, well spread for addresses that share a prefix. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/** EVM addresses are hex whatever their checksum casing; others (Solana's base58) keep their case. */
function canonical(address: string): string {
  return /^0x[0-9a-f]{40}$/i.test(address) ? address.toLowerCase() : address
}

/**
 * A CSS linear-gradient for the address: an angle and two hues at fixed saturation and lightness
 * (dark enough for the avatar's white letters), 40 to 160 degrees apart so that the two colours
 * always read as two.
 */
export function avatarGradient(address: string): string {
  const hash = fnv1a(canonical(address))
  const first = hash % 360
  const second = (first + 40 + ((hash >>> 9) % 121)) % 360
  const angle = ((hash >>> 16) % 8) * 45
  return `linear-gradient(${angle}deg, hsl(${first} 65% 36%), hsl(${second} 70% 30%))`
}
