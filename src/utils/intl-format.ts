import { numberFormat } from './format.js'

// Intl formatting the views need and the first load does not (utils/format.ts holds what the
// buttons use: the address cut and amounts).

/** A fiat value in `currency` for `locale` ('$1,234.50', '1.234,50 $'). */
export function formatCurrency(value: number, currency: string, locale: string): string {
  return numberFormat(locale, `currency:${currency}`, { style: 'currency', currency }).format(value)
}

const DAY_SECONDS = 24 * 3600
type RelativeUnit = readonly [unit: string, seconds: number, englishLabel: string]
const SECOND: RelativeUnit = ['second', 1, 'sec']
const RELATIVE_UNITS: readonly RelativeUnit[] = [
  ['year', 365 * DAY_SECONDS, 'yr'],
  ['month', 30 * DAY_SECONDS, 'mo'],
  ['day', DAY_SECONDS, 'd'],
  ['hour', 3600, 'hr'],
  ['minute', 60, 'min'],
  SECOND
]

/**
 * How long ago `then` was, in the largest whole unit and with no "ago" (docs/behaviour.md section 9: the
 * labels are abbreviated). English uses the spec's labels, the same for one and many: '5 sec',
 * '3 min', '2 hr', '4 d', '6 mo', '2 yr'. Every other locale uses its own short unit through
 * Intl.NumberFormat ('3 Min.', '2 j', '4 日'). Years stay years: no switch to a date (issue 29).
 * A month is 30 days, a year 365; a time in the future counts as 0 sec.
 */
export function formatRelativeTime(then: Date, locale: string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 1000))
  const [unit, size, label] = RELATIVE_UNITS.find(([, size]) => seconds >= size) ?? SECOND
  const count = Math.floor(seconds / size)
  if (new Intl.Locale(locale).language === 'en')
    return `${numberFormat(locale, 'integer', { maximumFractionDigits: 0 }).format(count)} ${label}`
  return numberFormat(locale, `unit:${unit}`, { style: 'unit', unit, unitDisplay: 'short' }).format(count)
}
