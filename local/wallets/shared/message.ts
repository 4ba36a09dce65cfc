/** A message to sign as the approval panel shows it: its UTF-8 text, else its bytes in 0x hex. */
export function describeMessage(message: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(message)
  } catch {
    return `0x${Array.from(message, b => b.toString(16).padStart(2, '0')).join('')}`
  }
}
