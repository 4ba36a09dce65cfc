import { numberFormat } from './format.js'

// Intl formatting the views need and the first load does not (utils/format.ts holds what the
// buttons use: the address cut and amounts).

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
  return new Intl.RelativeTimeFormat(locale, { style: 'short', numeric: 'always' }).format(
    -Math.floor(seconds / size),
    unit
  )
}

/** A calendar date in `locale` ('Mar 5, 2025', '5 mars 2025'). */
export function formatDate(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date)
}
