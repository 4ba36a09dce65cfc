import type { Decorator, Preview } from '@storybook/web-components-vite'
import type { ThemeMode } from '../src/config/options.js'
import { resetAccount } from '../src/stores/account.js'
import { resetModal } from '../src/stores/modal.js'
import { resetNetwork } from '../src/stores/network.js'
import { resetOptions } from '../src/stores/options.js'
import { resetRouter } from '../src/stores/router.js'
import { resetSiwx } from '../src/stores/siwx.js'
import { setThemeMode } from '../src/stores/theme.js'
import { resetToast } from '../src/stores/toast.js'

const CANVAS_BACKGROUND: Record<ThemeMode, string> = { light: '#ffffff', dark: '#0e0f10' }

function themeOf(value: unknown): ThemeMode {
  return value === 'dark' ? 'dark' : 'light'
}

/**
 * Every story starts from empty stores, seeds its own state in its render function, and is then
 * shown in the toolbar's theme. The theme is applied after the story renders, because seeding
 * options (initializeStores) also writes the theme store.
 */
const withFreshStoresAndTheme: Decorator = (story, context) => {
  resetRouter()
  resetModal()
  resetToast()
  resetAccount()
  resetNetwork()
  resetOptions()
  resetSiwx()
  const rendered = story()
  const theme = themeOf(context.globals['theme'])
  setThemeMode(theme)
  document.body.style.background = CANVAS_BACKGROUND[theme]
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
    }
  },
  initialGlobals: { theme: 'light' },
  decorators: [withFreshStoresAndTheme],
  parameters: {
    layout: 'centered',
    controls: { expanded: true }
  }
}

export default preview
