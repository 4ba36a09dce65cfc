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

const numberFormats = new Map<string, Intl.NumberFormat>()

/** One cached formatter per locale and option set: building an Intl formatter is not free. */
export function numberFormat(locale: string, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const cacheKey = `${locale}|${key}`
  let format = numberFormats.get(cacheKey)
  if (!format) {
    format = new Intl.NumberFormat(locale, options)
    numberFormats.set(cacheKey, format)
  }
  return format
}

/**
 * An amount (a decimal string, exact, from formatUnits) for display in `locale`: cut to 3 decimals,
 * never rounded up, then grouped and punctuated by Intl ('1234.56789' -> '1,234.567' in en,
 * '1.234,567' in de). Intl formats the string as an exact decimal, so large amounts keep every digit.
 */
export function formatAmount(value: string, locale: string, decimals = 3): string {
  const cut = truncateDecimals(value, decimals)
  if (!/^-?\d+(?:\.\d+)?$/.test(cut)) return value
  const format = numberFormat(locale, `amount${decimals}`, {
    maximumFractionDigits: decimals,
    roundingMode: 'trunc'
  } as Intl.NumberFormatOptions)
  return format.format(cut as unknown as number)
}
