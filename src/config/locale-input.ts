import { LOCALES, isLocale, type Locale } from '../i18n/locales.js'
import { AppKitOptionsError } from './options-error.js'

/** A locale given to setLocale(): one the kit ships, else an AppKitOptionsError, as createAppKit throws. */
export function parseLocale(value: unknown): Locale {
  if (isLocale(value)) return value
  throw new AppKitOptionsError('locale', `one of ${LOCALES.map(locale => JSON.stringify(locale)).join(' | ')}`)
}
