/**
 * `value` in the smallest unit as a decimal string in whole units, exact (no rounding), without
 * trailing zeros: (1500000000000000000n, 18) -> '1.5'. The same result as viem's formatUnits,
 * without loading viem.
 */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}
