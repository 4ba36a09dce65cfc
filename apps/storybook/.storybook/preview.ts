import '@fontsource/inter/latin-400.css'
import '@fontsource/inter/latin-500.css'
import '@fontsource/inter/latin-600.css'
import '@fontsource/inter/latin-700.css'
import '@fontsource/roboto-mono/latin-400.css'
import '@fontsource/roboto-mono/latin-600.css'
import type { Decorator, Loader, Preview } from '@storybook/web-components-vite'
import { nothing, render } from 'lit'
import type { ThemeMode } from '../../../src/config/options.js'
import { LOCALE_NAMES } from '../../../src/i18n/locale-names.js'
import { LOCALES, SOURCE_LOCALE, isLocale, textDirection } from '../../../src/i18n/locales.js'
import { setCatalogClient } from '../../../src/api/catalog-client.js'
import { resetAccount } from '../../../src/stores/account.js'
import { resetWallets } from '../../../src/stores/connect/wallets.js'
import { dismissAlert } from '../../../src/stores/alert.js'
import { $locale, setLocale } from '../../../src/stores/locale.js'
import { resetModal } from '../../../src/stores/modal.js'
import { resetNetwork } from '../../../src/stores/network.js'
import { resetOptions } from '../../../src/stores/options.js'
import { resetRouter } from '../../../src/stores/router.js'
import { resetSiwx } from '../../../src/stores/siwx/state.js'
import { $theme, setThemeMode, setThemeVariables } from '../../../src/stores/theme.js'
import { resetToast } from '../../../src/stores/toast.js'
import { catalog, createFakeCatalogClient } from '../../../test/fixtures/catalog.js'

const CANVAS_BACKGROUND: Record<ThemeMode, string> = { light: '#ffffff', dark: '#0e0f10' }

/**
 * Pinned fonts, bundled from npm (@fontsource, imported above; no network): the kit's default
 * `system-ui` stack is whatever the machine has, so a story would look different on each machine
 * and the visual baselines (test/storybook/visual-check.mjs) would not hold. Inter for the text,
 * Roboto Mono for addresses (the kit's `--w3m-font-mono`); a story that sets its own
 * `--w3m-font-family` keeps it. The Arabic locale falls back to the machine's fonts (not screenshotted).
 */
const PINNED_FONT_FAMILY = "'Inter', sans-serif"
const PINNED_FONT_MONO = "'Roboto Mono', monospace"
const PINNED_FONTS = ['400', '500', '600', '700']
  .map(weight => `${weight} 16px Inter`)
  .concat(['400', '600'].map(weight => `${weight} 16px 'Roboto Mono'`))
document.documentElement.style.setProperty('--w3m-font-mono', PINNED_FONT_MONO)

/** Loads the pinned fonts before the first story renders (they would swap in later, moving text). */
const loadPinnedFonts: Loader = async () => {
  await Promise.all(PINNED_FONTS.map(font => document.fonts.load(font)))
  return {}
}

function themeOf(value: unknown): ThemeMode {
  return value === 'dark' ? 'dark' : 'light'
}

/**
 * Switches the kit to the toolbar's locale (setLocale: its texts load, every element re-renders)
 * before the story renders, and marks the outcome on <html> for the story check
 * (test/storybook/check-stories.mjs): `data-appkit-locale` is the locale in use once the switch
 * has settled, `data-appkit-locale-error` says why a locale failed to load (the story then shows
 * in the locale before it). `lang` and `dir` make the canvas a page in that language.
 */
const applyToolbarLocale: Loader = async ({ globals }) => {
  const requested = isLocale(globals['locale']) ? globals['locale'] : SOURCE_LOCALE
  const root = document.documentElement
  delete root.dataset['appkitLocale']
  delete root.dataset['appkitLocaleError']
  try {
    if ($locale.get().locale !== requested) await setLocale(requested)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    root.dataset['appkitLocaleError'] = `${requested}: ${reason}`
    console.warn(`[storybook] The locale ${requested} did not load; the story stays in ${$locale.get().locale}.`, error)
  }
  const { locale } = $locale.get()
  root.lang = locale
  root.dir = textDirection(locale)
  root.dataset['appkitLocale'] = locale
  return {}
}

/**
 * Takes the story shown before out of the page before the next render seeds the stores. Storybook
 * runs the story function first and only then replaces the canvas, so the elements shown before
 * would leave the page after the new story seeded its state, and what they do when they leave
 * (a view ends its search, its e-mail or Farcaster sign-in) would undo it: a story switched to in
 * the sidebar, or shown again in another theme or locale, would not show what it seeds.
 */
function clearCanvas(canvasElement: unknown): void {
  if (!(canvasElement instanceof HTMLElement)) return
  const shown = canvasElement.querySelector<HTMLElement>('[id="root-inner"]')
  if (shown) render(nothing, shown)
}

/**
 * Every story starts from empty stores (the story before out of the page first), seeds its own
 * state in its render function, and is then shown in the toolbar's theme. The theme is applied
 * after the story renders, because seeding options (initializeStores) also writes the theme store.
 */
const withFreshStoresAndTheme: Decorator = (story, context) => {
  clearCanvas(context.canvasElement)
  resetRouter()
  resetModal()
  resetToast()
  resetAccount()
  resetNetwork()
  resetOptions()
  resetSiwx()
  // The alert bar's alert too: one an alert story showed would stay over the next story.
  dismissAlert()
  // The wallet catalog (All Wallets' preview and count on Connect): the 600-wallet fake for every
  // story (one that needs another sets its own in its render), and no list a story before loaded.
  // Otherwise a Connect story showed the preview only when a story before it in the same page had
  // set a catalog (stories have no apiUrl), and at once when that story had loaded its lists.
  resetWallets()
  setCatalogClient(createFakeCatalogClient({ wallets: catalog }))
  const rendered = story()
  const theme = themeOf(context.globals['theme'])
  setThemeMode(theme)
  if ($theme.get().themeVariables['--w3m-font-family'] === undefined)
    setThemeVariables({ '--w3m-font-family': PINNED_FONT_FAMILY })
  document.body.style.background = CANVAS_BACKGROUND[theme]
  // For the story check: the theme the story is shown in.
  document.documentElement.dataset['appkitTheme'] = theme
  return rendered
}

const preview: Preview = {
  globalTypes: {
    theme: {
      description: 'The kit theme (setThemeMode)',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' }
        ],
        dynamicTitle: true
      }
    },
    locale: {
      description: 'The kit language (setLocale); ar also mirrors the layout',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: LOCALES.map(locale => ({ value: locale, title: LOCALE_NAMES[locale], right: locale })),
        dynamicTitle: true
      }
    }
  },
  initialGlobals: { theme: 'light', locale: SOURCE_LOCALE },
  loaders: [loadPinnedFonts, applyToolbarLocale],
  decorators: [withFreshStoresAndTheme],
  parameters: {
    layout: 'centered',
    controls: { expanded: true }
  }
}

export default preview
