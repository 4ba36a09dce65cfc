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
function numberFormat(locale: string, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
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

/** A fiat value in `currency` for `locale` ('$1,234.50', '1.234,50 $'). */
export function formatCurrency(value: number, currency: string, locale: string): string {
  return numberFormat(locale, `currency:${currency}`, { style: 'currency', currency }).format(value)
}

const RELATIVE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1]
]
const YEAR_SECONDS = 365 * 24 * 3600

/**
 * How long ago `then` was, short, in `locale` through Intl.RelativeTimeFormat ('5 sec. ago',
 * 'vor 3 Min.'); from a year back it is the plain date instead (formatDate).
 */
export function formatRelativeTime(then: Date, locale: string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 1000))
  if (seconds >= YEAR_SECONDS) return formatDate(then, locale)
  const [unit, size] = RELATIVE_UNITS.find(([, size]) => seconds >= size) ?? ['second', 1]
  return new Intl.RelativeTimeFormat(locale, { style: 'short', numeric: 'always' }).format(-Math.floor(seconds / size), unit)
}

/** A calendar date in `locale` ('Mar 5, 2025', '5 mars 2025'). */
export function formatDate(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date)
}
