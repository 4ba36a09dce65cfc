import { fixture, html } from '@open-wc/testing'
import '../../../src/elements/buttons/appkit-connect-button.js'
import type { AppKitConnectButton } from '../../../src/elements/buttons/appkit-connect-button.js'
import type { ThemeMode } from '../../../src/config/options.js'
import { setThemeMode, setThemeVariables } from '../../../src/stores/theme.js'

/**
 * Renders <appkit-connect-button>, a top-level element that adopts themeTokens and takes the theme
 * through the kit's own path (setThemeMode, setThemeVariables and the ThemeController).
 */
export async function renderThemed(mode: ThemeMode, accent?: string): Promise<AppKitConnectButton> {
  setThemeMode(mode)
  if (accent !== undefined) setThemeVariables({ '--w3m-accent': accent })
  const el = await fixture<AppKitConnectButton>(html`<appkit-connect-button></appkit-connect-button>`)
  await el.updateComplete
  return el
}

/** The button inside <appkit-connect-button>: accent background, on-accent text. */
export function innerButton(el: AppKitConnectButton): HTMLButtonElement {
  return el.shadowRoot!.querySelector<HTMLButtonElement>('button')!
}

const probes = new WeakMap<Element, Map<string, HTMLSpanElement>>()

/**
 * Reads one CSS property of a hidden probe span in the element's shadow root, styled with `value`.
 * Each span stays for the next read, so after a change of accent all the reads share one style
 * recalculation: a sweep over thousands of accents stays fast.
 */
function probe(el: Element, property: string, value: string): string {
  let spans = probes.get(el)
  if (!spans) probes.set(el, (spans = new Map()))
  const key = `${property}: ${value}`
  let span = spans.get(key)
  if (!span?.isConnected) {
    span = document.createElement('span')
    span.hidden = true
    span.style.setProperty(property, value)
    el.shadowRoot!.append(span)
    spans.set(key, span)
  }
  return getComputedStyle(span).getPropertyValue(property)
}

let canvas: CanvasRenderingContext2D | undefined

/**
 * A colour as the screen shows it, `rgb(r, g, b)` in 8 bits: for what contrast.ts does not read
 * (an accent an app writes as `oklch()`, say), painted on a canvas.
 */
export function painted(colour: string): string {
  canvas ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true })!
  canvas.clearRect(0, 0, 1, 1)
  canvas.fillStyle = colour
  canvas.fillRect(0, 0, 1, 1)
  const [r, g, b] = canvas.getImageData(0, 0, 1, 1).data
  return `rgb(${r}, ${g}, ${b})`
}

/** A colour token as Chromium computes it in the element (`rgb(…)` or `color(<space> …)`). */
export function tokenColour(el: Element, token: string): string {
  const computed = probe(el, 'color', `var(${token})`)
  if (!computed) throw new Error(`${token} gives no colour`)
  return computed
}

/** A token as Chromium computes it through one CSS property (`font-size`, `padding-left`...). */
export function tokenComputed(el: Element, property: string, token: string): string {
  return probe(el, property, `var(${token})`)
}

/** The colours of the box-shadow rings in `--w3m-focus-ring`, innermost first. */
export function focusRingColours(el: Element): string[] {
  return shadowColours(probe(el, 'box-shadow', 'var(--w3m-focus-ring)'))
}

/** The colours in a computed box-shadow, in order. */
export function shadowColours(boxShadow: string): string[] {
  return boxShadow.match(/(?:rgba?|color)\([^)]*\)/g) ?? []
}

/** Deterministic pseudo-random accents (mulberry32), so a failure names an accent that reproduces. */
export function randomAccents(count: number, seed: number): string[] {
  let state = seed
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return Array.from({ length: count }, () => {
    const value = Math.floor(next() * 0x1000000)
    return `#${value.toString(16).padStart(6, '0')}`
  })
}
