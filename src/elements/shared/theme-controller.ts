import type { ReactiveController, ReactiveElement } from 'lit'
import { $resolvedThemeMode, $theme, watchSystemColorScheme } from '../../stores/theme.js'
import { THEME_VARIABLE_NAMES } from '../../theme/variables.js'

/**
 * Puts the theme on a top-level element: `data-theme` for light or dark, and the app's
 * themeVariables as CSS custom properties through the CSSOM (allowed under a strict CSP, unlike
 * inline style attributes or <style> tags).
 */
export class ThemeController implements ReactiveController {
  private stops: (() => void)[] = []

  constructor(private readonly host: ReactiveElement) {
    host.addController(this)
  }

  hostConnected(): void {
    watchSystemColorScheme()
    this.stops = [$resolvedThemeMode.subscribe(() => this.apply()), $theme.subscribe(() => this.apply())]
  }

  hostDisconnected(): void {
    for (const stop of this.stops) stop()
    this.stops = []
  }

  private apply(): void {
    this.host.dataset['theme'] = $resolvedThemeMode.get()
    const variables = $theme.get().themeVariables
    for (const name of THEME_VARIABLE_NAMES) {
      const value = variables[name]
      if (value === undefined) this.host.style.removeProperty(name)
      else this.host.style.setProperty(name, toCssValue(name, value))
    }
  }
}

const LENGTH_VARIABLES: readonly string[] = ['--w3m-font-size-master', '--w3m-border-radius-master']

/** A number is a length in px for the size variables, and a plain number for the rest. */
function toCssValue(name: string, value: string | number): string {
  if (typeof value === 'string') return value
  return LENGTH_VARIABLES.includes(name) ? `${value}px` : String(value)
}
