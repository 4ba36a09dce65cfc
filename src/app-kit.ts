import { parseOptions, themeModeSchema, themeVariablesSchema, type AppKitOptionsInput, type ThemeMode, type ThemeVariables } from './config/options.js'
import { describeIssue } from './config/describe-issue.js'
import { AppKitOptionsError } from './config/options.js'
import type { ViewName } from './config/views.js'
import { initializeStores } from './stores/initialize.js'
import { closeModal, openModal } from './stores/modal.js'
import { $publicState, type PublicState } from './stores/public-state.js'
import { $resolvedThemeMode, $theme, setThemeMode, setThemeVariables } from './stores/theme.js'
import './elements/w3m-modal.js'
import './elements/buttons/appkit-button.js'
import './elements/buttons/appkit-network-button.js'

export interface ThemeSnapshot {
  readonly themeMode: ThemeMode
  readonly themeVariables: ThemeVariables
}

/** The handle createAppKit returns: open and close the modal, read and follow its state and theme. */
export interface AppKit {
  open(options?: { view?: ViewName }): Promise<void>
  close(): void
  getState(): PublicState
  subscribeState(callback: (state: PublicState) => void): () => void
  getThemeMode(): ThemeMode
  setThemeMode(mode: ThemeMode): void
  getThemeVariables(): ThemeVariables
  setThemeVariables(variables: ThemeVariables): void
  subscribeTheme(callback: (theme: ThemeSnapshot) => void): () => void
}

function themeSnapshot(): ThemeSnapshot {
  return { themeMode: $resolvedThemeMode.get(), themeVariables: $theme.get().themeVariables }
}

function checked<T>(option: string, result: { success: true; data: T } | { success: false; error: { issues: unknown[] } }): T {
  if (result.success) return result.data
  const issue = result.error.issues[0] as Parameters<typeof describeIssue>[0]
  throw new AppKitOptionsError(option, describeIssue(issue).expected)
}

/** Puts one <w3m-modal> on the page; a second createAppKit reuses it. */
function mountModal(): void {
  if (typeof document === 'undefined' || document.querySelector('w3m-modal')) return
  document.body.append(document.createElement('w3m-modal'))
}

/**
 * Creates the kit: parses the options (a bad one throws an AppKitOptionsError naming it), fills
 * the stores, and puts the modal on the page. Safe to call on a server, where it touches no DOM.
 */
export function createAppKit(input: AppKitOptionsInput): AppKit {
  const options = parseOptions(input)
  initializeStores(options)
  mountModal()
  return {
    open: async (openOptions = {}) => openModal(openOptions),
    close: () => void closeModal(),
    getState: () => $publicState.get(),
    subscribeState: callback => $publicState.listen(callback),
    getThemeMode: () => $resolvedThemeMode.get(),
    setThemeMode: mode => setThemeMode(checked('themeMode', themeModeSchema.safeParse(mode))),
    getThemeVariables: () => $theme.get().themeVariables,
    setThemeVariables: variables =>
      setThemeVariables(checked('themeVariables', themeVariablesSchema.safeParse(variables))),
    subscribeTheme: callback => {
      const stops = [$theme.listen(() => callback(themeSnapshot())), $resolvedThemeMode.listen(() => callback(themeSnapshot()))]
      return () => stops.forEach(stop => stop())
    }
  }
}
