/** `0x1234…abcd`: the first 4 and last 4 characters after the prefix. */
export function truncateAddress(address: string, head = 4, tail = 4): string {
  const prefix = address.startsWith('0x') ? '0x' : ''
  const body = address.slice(prefix.length)
  if (body.length <= head + tail + 1) return address
  return `${prefix}${body.slice(0, head)}…${body.slice(-tail)}`
}

/**
 * A decimal string cut (never rounded) to at most `decimals` places, without trailing zeros:
 * '1.23456' -> '1.234', '2.000' -> '2'.
 */
export function truncateDecimals(value: string, decimals = 3): string {
  const match = /^(-?\d+)(?:\.(\d+))?$/.exec(value.trim())
  if (!match) return value
  const whole = match[1] ?? '0'
  const fraction = (match[2] ?? '').slice(0, decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}
