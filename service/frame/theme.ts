// The host's theme in the frame (syncTheme), so the approval UI matches the app: light or dark as
// `data-theme` on the document, and the app's accent (`--w3m-accent`) and font as CSS custom
// properties, set through the CSSOM (allowed under style-src 'self'; no style attribute is parsed).
// A value that is not a colour (or not a font list) is ignored: the frame keeps its own.
import type { FrameParams } from '../../src/frame/messages.js'
import { web } from '../../src/utils/web-globals.js'

type ThemeParams = FrameParams<'syncTheme'>

/** The custom properties the frame takes from the app, and what each value must be in CSS. */
const TAKEN: ReadonlyArray<readonly [name: string, cssProperty: string]> = [
  ['--w3m-accent', 'color'],
  ['--w3m-font-family', 'font-family']
]

function variable(params: ThemeParams, name: string): string | undefined {
  const value = params.themeVariables?.[name] ?? params.w3mThemeVariables?.[name]
  if (typeof value !== 'string') return undefined
  // A reference to the app's own variables means nothing in the frame.
  return /\b(var|env|attr)\(/i.test(value) ? undefined : value.trim()
}

/** What the theme sets on the frame's <html>: `data-theme` and custom properties. */
export interface ThemeRoot {
  readonly dataset: Record<string, string | undefined>
  readonly style: { setProperty(name: string, value: string): void; removeProperty(name: string): unknown }
}

export function applyTheme(root: ThemeRoot, params: ThemeParams): void {
  root.dataset.theme = params.themeMode
  for (const [name, cssProperty] of TAKEN) {
    const value = variable(params, name)
    if (value && web.CSS?.supports(cssProperty, value)) root.style.setProperty(name, value)
    else root.style.removeProperty(name)
  }
}
