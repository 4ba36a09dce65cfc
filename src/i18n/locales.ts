import { web } from '../utils/web-globals.js'

/** The locales the kit ships (issue 8): English is built in, each other one is its own lazy chunk. */
export const LOCALES = ['en', 'es', 'fr', 'de', 'pt-BR', 'ja', 'zh-CN', 'ko', 'tr', 'ar'] as const
export type Locale = (typeof LOCALES)[number]

/** The language of the source strings (the spec's English texts) and the fallback of every other. */
export const SOURCE_LOCALE: Locale = 'en'

/** Right-to-left locales: the modal mirrors for these. */
const RTL_LOCALES: readonly Locale[] = ['ar']

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

export function textDirection(locale: Locale): 'ltr' | 'rtl' {
  return RTL_LOCALES.includes(locale) ? 'rtl' : 'ltr'
}

/** Traditional Chinese scripts and regions: not served by zh-CN (Simplified), so they fall through. */
const TRADITIONAL_CHINESE = ['hant', 'tw', 'hk', 'mo']

/**
 * The shipped locale for a BCP 47 tag, or undefined: an exact match first ('pt-BR'), then the
 * language alone ('es-MX' -> 'es', 'pt-PT' -> 'pt-BR', 'zh-Hans-SG' -> 'zh-CN'; Traditional Chinese
 * matches nothing).
 */
export function matchLocale(tag: string | null | undefined): Locale | undefined {
  const lower = (tag ?? '').trim().replace(/_/g, '-').toLowerCase()
  if (!lower) return undefined
  const exact = LOCALES.find(locale => locale.toLowerCase() === lower)
  if (exact) return exact
  const [language, ...subtags] = lower.split('-')
  if (language === 'zh') return subtags.some(tag => TRADITIONAL_CHINESE.includes(tag)) ? undefined : 'zh-CN'
  if (language === 'pt') return 'pt-BR'
  return LOCALES.find(locale => locale === language)
}

/** The first candidate that matches a shipped locale, else English. */
export function pickLocale(candidates: readonly (string | null | undefined)[]): Locale {
  for (const candidate of candidates) {
    const locale = matchLocale(candidate)
    if (locale) return locale
  }
  return SOURCE_LOCALE
}

/**
 * The locale a page gets when createAppKit names none: the page's `<html lang>`, else the
 * browser's `navigator.languages`, else English. On a server (no document) it is English.
 */
export function pageLocale(): Locale {
  const { document, navigator } = web
  if (!document) return SOURCE_LOCALE
  const languages = navigator ? (navigator.languages ?? [navigator.language]) : []
  return pickLocale([document.documentElement.lang, ...languages])
}
