import { atom, computed, map } from 'nanostores'
import type { ThemeMode, ThemeVariables } from '../config/options.js'

export interface ThemeState {
  /** The app's choice; undefined follows the system preference. */
  readonly themeMode: ThemeMode | undefined
  readonly themeVariables: ThemeVariables
}

const initialTheme: ThemeState = { themeMode: undefined, themeVariables: {} }

export const $theme = map<ThemeState>(initialTheme)

/** The system's colour scheme, kept current by watchSystemColorScheme. */
export const $systemColorScheme = atom<ThemeMode>('light')

/** The mode the modal renders in: the app's choice, else the system preference. */
export const $resolvedThemeMode = computed(
  [$theme, $systemColorScheme],
  (theme, system): ThemeMode => theme.themeMode ?? system
)

export function setThemeMode(themeMode: ThemeMode | undefined): void {
  $theme.setKey('themeMode', themeMode)
}

/** Merges variables into the current ones; a variable set to undefined is removed. */
export function setThemeVariables(themeVariables: ThemeVariables): void {
  const merged = Object.entries({ ...$theme.get().themeVariables, ...themeVariables }).filter(
    ([, value]) => value !== undefined
  )
  $theme.setKey('themeVariables', Object.fromEntries(merged) as ThemeVariables)
}

let stopWatching: (() => void) | undefined

/** Follows `prefers-color-scheme`; safe to call more than once and on a server (no window). */
export function watchSystemColorScheme(): void {
  if (stopWatching || typeof window === 'undefined' || typeof window.matchMedia !== 'function') return
  const query = window.matchMedia('(prefers-color-scheme: dark)')
  const update = (): void => $systemColorScheme.set(query.matches ? 'dark' : 'light')
  update()
  query.addEventListener('change', update)
  stopWatching = () => query.removeEventListener('change', update)
}

export function resetTheme(): void {
  stopWatching?.()
  stopWatching = undefined
  $theme.set(initialTheme)
  $systemColorScheme.set('light')
}
