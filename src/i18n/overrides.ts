import { AppKitOptionsError } from '../config/options-error.js'
import type { MessageId } from './catalog.js'
import { isLocale, type Locale } from './locales.js'
import { placeholdersOf, type Translations } from './templates.js'

/** An app's own texts by message id: for every locale at the top level, or under a locale's code. */
export type MessageOverrides = { readonly [id in MessageId]?: string } & {
  readonly [locale in Locale]?: { readonly [id in MessageId]?: string }
}

/** Overrides whose every id and placeholder the catalog knows, split into all-locale and per-locale. */
export interface CheckedOverrides {
  readonly all: Translations
  readonly byLocale: Partial<Record<Locale, Translations>>
}

/**
 * Checks overrides against the message catalog (its own chunk: English costs nothing for it) and
 * throws an AppKitOptionsError naming every unknown id, unknown locale, and placeholder the
 * source text does not have.
 */
export async function checkOverrides(messages: Readonly<Record<string, unknown>>): Promise<CheckedOverrides> {
  const { CATALOG } = await import('./catalog.js')
  const catalog: Readonly<Record<string, string>> = CATALOG
  const problems: string[] = []
  const checkTexts = (texts: Readonly<Record<string, unknown>>, where: string): Translations => {
    const checked: Record<string, string> = {}
    for (const [id, text] of Object.entries(texts)) {
      const source = catalog[id]
      if (source === undefined) problems.push(`unknown message id "${where}${id}"`)
      else if (typeof text !== 'string') problems.push(`"${where}${id}" is not a text`)
      else if (placeholdersOf(text).some(index => index >= placeholdersOf(source).length))
        problems.push(`"${where}${id}" uses a placeholder its source "${source}" does not have`)
      else checked[id] = text
    }
    return checked
  }
  const all: Record<string, unknown> = {}
  const byLocale: Partial<Record<Locale, Translations>> = {}
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string') all[key] = value
    else if (isLocale(key) && typeof value === 'object' && value !== null)
      byLocale[key] = checkTexts(value as Record<string, unknown>, `${key}.`)
    else problems.push(`unknown locale "${key}"`)
  }
  const checked = { all: checkTexts(all, ''), byLocale }
  if (problems.length > 0)
    throw new AppKitOptionsError('messages', `ids of the message catalog: ${problems.join('; ')}`)
  return checked
}
