/** The theme variables an app may set (createAppKit's themeVariables), each a CSS custom property. */
export const THEME_VARIABLE_NAMES = [
  '--w3m-accent',
  '--w3m-color-mix',
  '--w3m-color-mix-strength',
  '--w3m-font-family',
  '--w3m-font-size-master',
  '--w3m-border-radius-master',
  '--w3m-z-index',
  '--w3m-qr-color'
] as const

export type ThemeVariableName = (typeof THEME_VARIABLE_NAMES)[number]
