import { useMemo } from 'react'
import type { ThemeMode, ThemeVariables } from '../../src/config/options.js'
import { parseThemeMode, parseThemeVariables } from '../../src/config/theme-input.js'
import { $resolvedThemeMode, $theme, setThemeMode, setThemeVariables } from '../../src/stores/theme.js'
import { useStoreValue } from './use-store-value.js'

export interface UseAppKitThemeReturn {
  /** The mode the modal renders in: the app's choice, else the system preference. */
  readonly themeMode: ThemeMode
  readonly themeVariables: ThemeVariables
  /** Sets the mode; a bad value throws an AppKitOptionsError, as createAppKit does. */
  setThemeMode(mode: ThemeMode): void
  /** Merges variables into the current ones (undefined removes one); a bad one throws. */
  setThemeVariables(variables: ThemeVariables): void
}

function setMode(mode: ThemeMode): void {
  setThemeMode(parseThemeMode(mode))
}

function setVariables(variables: ThemeVariables): void {
  setThemeVariables(parseThemeVariables(variables))
}

/** The modal's theme and its setters: `const { themeMode, setThemeMode } = useAppKitTheme()`. */
export function useAppKitTheme(): UseAppKitThemeReturn {
  const themeMode = useStoreValue($resolvedThemeMode)
  const { themeVariables } = useStoreValue($theme)
  return useMemo(
    () => ({ themeMode, themeVariables, setThemeMode: setMode, setThemeVariables: setVariables }),
    [themeMode, themeVariables]
  )
}
