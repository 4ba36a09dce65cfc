import { setStoreTextIdsLoader } from '../i18n/runtime.js'

/**
 * The i18n runtime as the locale store loads it (chunks/runtime, lazy, with the first non-English locale
 * or override): told here where the table of the stores' texts loads from, since i18n sits below
 * the stores and may not import it (the layers in eslint.config.js).
 */
setStoreTextIdsLoader(async () => (await import('./store-text-ids.js')).STORE_TEXT_IDS)

export { activateLocale, applyOverrides } from '../i18n/runtime.js'
