import type { Locale } from './locales.js'

/** Each shipped locale's name in its own language, for an app's language picker. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  'pt-BR': 'Português (Brasil)',
  ja: '日本語',
  'zh-CN': '简体中文',
  ko: '한국어',
  tr: 'Türkçe',
  ar: 'العربية'
}
