import { useMemo } from 'react'
import { parseLocale } from '../../src/config/locale-input.js'
import type { Locale } from '../../src/i18n/locales.js'
import type { MessageOverrides } from '../../src/i18n/overrides.js'
import { $locale, setLocale, setMessages } from '../../src/stores/locale.js'
import { useStoreValue } from './use-store-value.js'

export interface UseAppKitLocaleReturn {
  /** The language the modal renders in (it changes once that language's texts are loaded). */
  readonly locale: Locale
  readonly direction: 'ltr' | 'rtl'
  /** Switches every open view live; a locale the kit does not ship throws an AppKitOptionsError. */
  setLocale(locale: Locale): Promise<void>
  /** Replaces the app's own texts; rejects with an AppKitOptionsError naming unknown ids. */
  setMessages(messages: MessageOverrides): Promise<void>
}

async function changeLocale(locale: Locale): Promise<void> {
  return setLocale(parseLocale(locale))
}

/** The modal's language and its setters: `const { locale, setLocale } = useAppKitLocale()`. */
export function useAppKitLocale(): UseAppKitLocaleReturn {
  const { locale, direction } = useStoreValue($locale)
  return useMemo(() => ({ locale, direction, setLocale: changeLocale, setMessages }), [locale, direction])
}
