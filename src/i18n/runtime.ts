import { configureLocalization } from '@lit/localize/init/runtime.js'
import type { TemplateMap } from '@lit/localize/internal/types.js'
import { LOCALES, SOURCE_LOCALE, isLocale, type Locale } from './locales.js'
import { toTemplateMap, type Translations } from './templates.js'
import type { CheckedOverrides } from './overrides.js'
import { hasStoreTextIds, useStoreTextIds } from './store-text.js'

/**
 * The kit's side of @lit/localize in runtime mode. Every visible text is `msg(source, { id })`;
 * this module loads the active locale's texts (each locale its own chunk, English built in) and
 * lays the app's overrides over them. lit-localize's source locale is a private tag, so that
 * English itself can carry overrides ('en' is a target whose texts are only the app's).
 */
const UNTRANSLATED = 'x-source'

type TranslatedLocale = Exclude<Locale, 'en'>
const LOADERS: Record<TranslatedLocale, () => Promise<{ templates: Translations }>> = {
  es: () => import('./locales/es.js'),
  fr: () => import('./locales/fr.js'),
  de: () => import('./locales/de.js'),
  'pt-BR': () => import('./locales/pt-BR.js'),
  ja: () => import('./locales/ja.js'),
  'zh-CN': () => import('./locales/zh-CN.js'),
  ko: () => import('./locales/ko.js'),
  tr: () => import('./locales/tr.js'),
  ar: () => import('./locales/ar.js')
}

const loaded = new Map<Locale, Translations>([[SOURCE_LOCALE, {}]])
/** The objects lit-localize reads each loaded locale's texts from; rebuilt in place when overrides change. */
const built = new Map<Locale, TemplateMap>()
let overrides: CheckedOverrides = { all: {}, byLocale: {} }
let requested: Locale = SOURCE_LOCALE
let controls: { setLocale(locale: string): Promise<void> } | null | undefined

function localization(): typeof controls {
  if (controls !== undefined) return controls
  try {
    controls = configureLocalization({ sourceLocale: UNTRANSLATED, targetLocales: LOCALES, loadLocale })
  } catch (error) {
    // lit-localize is configured once per copy; a host app that shares our copy keeps its own.
    console.warn('[appkit] @lit/localize is configured by the page already; the kit stays in English.', error)
    controls = null
  }
  return controls
}

function textsOf(locale: Locale): Translations {
  return { ...loaded.get(locale), ...overrides.all, ...overrides.byLocale[locale] }
}

type StoreTextIds = Readonly<Record<string, string>>
let storeTextIds: (() => Promise<StoreTextIds>) | undefined

/**
 * Where the table of the texts stores hold (source text -> id) comes from: src/stores/store-text-ids.ts,
 * a layer above i18n, so the stores hand in its loader (stores/locale.ts) rather than i18n importing it.
 */
export function setStoreTextIdsLoader(load: () => Promise<StoreTextIds>): void {
  storeTextIds = load
}

/** Source text -> id of the texts stores hold in English: loaded with the first translation or override. */
async function loadStoreTextIds(): Promise<void> {
  if (!hasStoreTextIds() && storeTextIds) useStoreTextIds(await storeTextIds())
}

async function loadLocale(tag: string): Promise<{ templates: TemplateMap }> {
  const locale = isLocale(tag) ? tag : SOURCE_LOCALE
  if (!loaded.has(locale)) loaded.set(locale, (await LOADERS[locale as TranslatedLocale]()).templates)
  if (locale !== SOURCE_LOCALE) await loadStoreTextIds()
  const templates = toTemplateMap(textsOf(locale))
  built.set(locale, templates)
  return { templates }
}

/** Makes `locale` the language of every msg(); resolves once its texts are in place. */
export async function activateLocale(locale: Locale): Promise<void> {
  requested = locale
  await localization()?.setLocale(locale)
}

/** Lays checked overrides over every locale's texts, in place, and makes sure they are in use. */
export async function applyOverrides(checked: CheckedOverrides): Promise<void> {
  overrides = checked
  await loadStoreTextIds()
  for (const [locale, templates] of built) {
    for (const id of Object.keys(templates)) Reflect.deleteProperty(templates, id)
    Object.assign(templates, toTemplateMap(textsOf(locale)))
  }
  await localization()?.setLocale(requested)
}
