import { unsafeCSS, type CSSResult } from 'lit'

/**
 * CSS colours derived from another colour by its WCAG luminance, in pure CSS (relative colour
 * syntax), so they follow any accent an app sets at any time. They work in CIE XYZ (D65): there the
 * `y` channel is exactly the WCAG relative luminance, and scaling the three channels, or mixing
 * them with white, changes the luminance without leaving the sRGB gamut or changing the hue.
 * (CIE LCH's `l` would not do: it is relative to a D50 white, and a threshold on it picks a colour
 * below 4.5:1 for some blues and reds.)
 */

/** The D65 white point in XYZ: `color(xyz-d65 …)` of #ffffff. */
const WHITE = { x: 0.95046, y: 1, z: 1.08906 } as const

type Channel = keyof typeof WHITE

const CHANNELS: readonly Channel[] = ['x', 'y', 'z']

function xyz(colour: string, channel: (c: Channel) => string): CSSResult {
  return unsafeCSS(`color(from ${colour} xyz-d65 ${CHANNELS.map(channel).join(' ')})`)
}

/**
 * Black on a colour whose luminance is at least `whiteBelow`, else white. Each channel is a step:
 * the clamp gives 0 (black) or the white point's channel. The factor 1e12 keeps the step sharp: a
 * smaller one (say 1000) leaves a grey for a luminance just under the threshold, unreadable.
 */
export function blackOrWhiteOn(colour: string, whiteBelow: number): CSSResult {
  return xyz(colour, c => `clamp(0, (${whiteBelow} - y) * 1e12, ${WHITE[c]})`)
}

/** The colour, darkened (scaled towards black) when its luminance is above `maxLuminance`. */
export function darkenedToAtMost(colour: string, maxLuminance: number): CSSResult {
  return xyz(colour, c => `calc(${c} * min(1, ${maxLuminance} / y))`)
}

/** The colour, mixed with white when its luminance is below `minLuminance`. */
export function lightenedToAtLeast(colour: string, minLuminance: number): CSSResult {
  const share = `max(0, (${minLuminance} - y) / (1 - y))`
  return xyz(colour, c => `calc(${c} + ${share} * (${WHITE[c]} - ${c}))`)
}

/**
 * The colour moved by `share` away from the text colour blackOrWhiteOn(colour, whiteBelow) picks:
 * darkened under white text, lightened under black text, so the contrast only grows (a hover).
 */
export function awayFromBlackOrWhite(colour: string, whiteBelow: number, share: number): CSSResult {
  const towardsWhite = `clamp(0, (y - ${whiteBelow}) * 1e12, ${share})`
  return xyz(colour, c => `calc(${c} * ${1 - share} + ${towardsWhite} * ${WHITE[c]})`)
}

const toLinear = (encoded: number): number =>
  encoded <= 0.04045 ? encoded / 12.92 : ((encoded + 0.055) / 1.055) ** 2.4

/** `#rrggbb` in XYZ (D65): CSS Color 4's matrix, to the 4 decimals of the WCAG luminance. */
function hexToXyz(hex: string): Record<Channel, number> {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map(at => toLinear(parseInt(hex.slice(at, at + 2), 16) / 255))
  return {
    x: 0.4124 * r + 0.3576 * g + 0.1805 * b,
    y: 0.2126 * r + 0.7152 * g + 0.0722 * b,
    z: 0.0193 * r + 0.1192 * g + 0.9505 * b
  }
}

const round = (value: number): number => Number(value.toFixed(6))

/**
 * A dark text colour (`#rrggbb`) on `background`: itself while it keeps `ratio` against it, else
 * darkened just enough. The background's luminance is the origin's `y`; the text's are constants.
 */
export function darkTextOn(text: string, background: string, ratio: number): CSSResult {
  const xyzText = hexToXyz(text)
  const scale = `min(1, ((y + 0.05) / ${ratio} - 0.05) / ${round(xyzText.y)})`
  return xyz(background, c => `calc(${round(xyzText[c])} * ${scale})`)
}

/** A light text colour (`#rrggbb`) on `background`: itself while it keeps `ratio`, else mixed with white. */
export function lightTextOn(text: string, background: string, ratio: number): CSSResult {
  const xyzText = hexToXyz(text)
  const share = `max(0, (${ratio} * (y + 0.05) - 0.05 - ${round(xyzText.y)}) / ${round(1 - xyzText.y)})`
  return xyz(background, c => `calc(${round(xyzText[c])} + ${share} * ${round(WHITE[c] - xyzText[c])})`)
}
