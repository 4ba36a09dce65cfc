/**
 * WCAG 2.2 contrast of CSS colours as Chromium computes them: `#hex`, `rgb()`/`rgba()`, and the
 * `color(srgb | srgb-linear | xyz-d65 …)` that color-mix() and relative colours compute to. A colour
 * outside sRGB is clipped to it, as the screen shows it. Test-only: the kit picks its colours in CSS.
 */

/** A colour as linear-light sRGB channels (0 to 1) and its alpha. */
export interface LinearColour {
  readonly rgb: readonly [number, number, number]
  readonly alpha: number
}

/** XYZ (D65) to linear sRGB, CSS Color 4. */
const XYZ_TO_LINEAR_SRGB = [
  [3.2409699419045226, -1.537383177570094, -0.4986107602930034],
  [-0.9692436362808796, 1.8759675015077202, 0.04155505740717559],
  [0.05563007969699366, -0.20397695888897652, 1.0569715142428786]
] as const

function toLinear(encoded: number): number {
  const abs = Math.abs(encoded)
  const linear = abs <= 0.04045 ? abs / 12.92 : ((abs + 0.055) / 1.055) ** 2.4
  return Math.sign(encoded) * linear
}

const clip = (value: number): number => Math.min(1, Math.max(0, value))

function colour(rgb: readonly number[], alpha: number): LinearColour {
  const [r = 0, g = 0, b = 0] = rgb.map(clip)
  return { rgb: [r, g, b], alpha }
}

function number(token: string): number {
  const value = token.endsWith('%') ? Number(token.slice(0, -1)) / 100 : Number(token)
  if (Number.isNaN(value)) throw new Error(`not a number in a colour: ${token}`)
  return value
}

/** The channels and the alpha of a functional notation: commas or spaces, with an optional `/ a`. */
function channels(body: string): { values: string[]; alpha: number } {
  const [main = '', alpha] = body.split('/')
  const values = main.split(/[\s,]+/).filter(Boolean)
  if (alpha !== undefined) return { values, alpha: number(alpha.trim()) }
  if (values.length === 4) return { values: values.slice(0, 3), alpha: number(values[3]!) }
  return { values, alpha: 1 }
}

function fromHex(hex: string): LinearColour {
  const digits = hex.length <= 4 ? [...hex].map(digit => digit + digit) : (hex.match(/../g) ?? [])
  const [r, g, b, a] = digits.map(pair => parseInt(pair, 16) / 255)
  if (b === undefined || [r, g, b, a].some(value => Number.isNaN(value))) throw new Error(`not a hex colour: #${hex}`)
  return colour([r!, g!, b].map(toLinear), a ?? 1)
}

function fromColorFunction(body: string): LinearColour {
  const [space = '', ...rest] = body.trim().split(/\s+/)
  const { values, alpha } = channels(rest.join(' '))
  const [a = 0, b = 0, c = 0] = values.map(number)
  if (space === 'srgb') return colour([a, b, c].map(toLinear), alpha)
  if (space === 'srgb-linear') return colour([a, b, c], alpha)
  if (space === 'xyz-d65' || space === 'xyz') {
    return colour(
      XYZ_TO_LINEAR_SRGB.map(([x, y, z]) => x * a + y * b + z * c),
      alpha
    )
  }
  throw new Error(`unsupported colour space: ${space}`)
}

/** Parses a colour in one of the forms Chromium's getComputedStyle gives (see the module comment). */
export function parseColour(css: string): LinearColour {
  const text = css.trim().toLowerCase()
  if (text.startsWith('#')) return fromHex(text.slice(1))
  const call = /^(rgba?|color)\((.*)\)$/.exec(text)
  if (!call) throw new Error(`unsupported colour: ${css}`)
  const [, name, body = ''] = call
  if (name === 'color') return fromColorFunction(body)
  const { values, alpha } = channels(body)
  return colour(
    values.map(value => toLinear(value.endsWith('%') ? number(value) : number(value) / 255)),
    alpha
  )
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(css: string | LinearColour): number {
  const { rgb, alpha } = typeof css === 'string' ? parseColour(css) : css
  if (alpha < 1) throw new Error('the luminance of a translucent colour depends on what is behind it')
  return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
}

/** WCAG contrast ratio, 1 to 21. */
export function contrastRatio(a: string | LinearColour, b: string | LinearColour): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}
