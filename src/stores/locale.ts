import { map } from 'nanostores'
import { SOURCE_LOCALE, textDirection, type Locale } from '../i18n/locales.js'
import type { MessageOverrides } from '../i18n/overrides.js'

export interface LocaleState {
  /** The language every view renders in; it changes once that locale's texts are loaded. */
  readonly locale: Locale
  readonly direction: 'ltr' | 'rtl'
  /** Counts changes of the app's overrides, so that open views re-render with the new texts. */
  readonly revision: number
}

const initialLocale: LocaleState = { locale: SOURCE_LOCALE, direction: 'ltr', revision: 0 }

export const $locale = map<LocaleState>(initialLocale)

let request = 0

/**
 * Switches every element to `locale`, live: its texts load first (a chunk of their own), then
 * the store changes and every open view re-renders in the new language without closing.
 */
export async function setLocale(locale: Locale): Promise<void> {
  const mine = ++request
  const { activateLocale } = await import('./runtime.js')
  await activateLocale(locale)
  if (mine !== request) return
  $locale.set({ ...$locale.get(), locale, direction: textDirection(locale) })
}

/**
 * Checks the app's texts against the catalog and lays them over every locale's; rejects with an
 * AppKitOptionsError naming each unknown id, and then changes nothing.
 */
export async function setMessages(messages: MessageOverrides): Promise<void> {
  const [{ checkOverrides }, { applyOverrides }] = await Promise.all([
    import('../i18n/overrides.js'),
    import('./runtime.js')
  ])
  await applyOverrides(await checkOverrides(messages))
  $locale.setKey('revision', $locale.get().revision + 1)
}

/**
 * createAppKit's part: the locale it chose (the app's, else the page's); overrides are checked in
 * the background and a bad one is reported on the console as an AppKitOptionsError (createAppKit
 * has returned by then).
 */
export function initializeLocale(chosen: Locale, messages: MessageOverrides | undefined): void {
  if (messages) {
    setMessages(messages).catch((error: unknown) => console.error('[appkit]', error))
  }
  if (chosen !== SOURCE_LOCALE || $locale.get().locale !== SOURCE_LOCALE) {
    setLocale(chosen).catch((error: unknown) => console.error('[appkit] Loading the locale failed:', error))
  }
}

export function resetLocale(): void {
  request++
  $locale.set(initialLocale)
}
