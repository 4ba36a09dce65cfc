import { css, unsafeCSS } from 'lit'
import {
  awayFromBlackOrWhite,
  blackOrWhiteOn,
  darkTextOn,
  darkenedToAtMost,
  lightTextOn,
  lightenedToAtLeast
} from './relative-colours.js'

/**
 * The text colours of each theme. Each reaches 4.5:1 on bg, surface (and fg, fg-muted on
 * surface-hover) as it is; on a background the app tints (`--w3m-color-mix`) it is darkened (light)
 * or lightened (dark) just enough to keep TEXT_RATIO against the surface, the tinted background
 * nearest to the text's own luminance.
 */
const LIGHT_TEXT = { fg: '#141414', muted: '#5c6168', success: '#1d7a45', error: '#c0262d' } as const
const DARK_TEXT = { fg: '#f3f4f5', muted: '#a4a9ae', success: '#5fd08f', error: '#ff7a7f' } as const
const TEXT_RATIO = 4.6
const surface = 'var(--w3m-color-surface)'

/**
 * White text on the accent while white reaches 4.5:1 (luminance below 0.1832), else black (then at
 * least 4.66:1). Leaning to white keeps white on the default accent (4.50:1); the worst case of
 * either choice is 4.503:1.
 */
const ON_ACCENT_WHITE_BELOW = 0.1832

/**
 * The accent as a focus ring or a selected border: at most this luminance on light, at least this on
 * dark, which keeps 3:1 against bg, surface and surface-hover, also under any tint of up to 10%
 * (`--w3m-color-mix-strength`). The default accent is unchanged on light and a little lighter on dark.
 */
const INDICATOR_LIGHT_MAX_LUMINANCE = 0.195
const INDICATOR_DARK_MIN_LUMINANCE = 0.235

/** How far the hovered accent moves away from its text colour (a share of the way to black or white). */
const ACCENT_HOVER_SHARE = 0.25

const accent = 'var(--w3m-accent)'

/**
 * Design tokens, two levels: the global `--w3m-*` variables an app may set, and the derived
 * `--w3m-color-*`, `--w3m-radius-*` and `--w3m-text-*` that elements use. Light by default, dark on
 * `[data-theme='dark']`.
 *
 * One scale (issue 32): spacing (`--w3m-spacing-3xs` 2px to `-3xl` 32px), radius (`-xs` to `-l`, and
 * `-full`), type (`--w3m-text-micro` 10px to `-xlarge` 32px), weights and icon sizes (12px to 48px).
 * Radius and type follow `--w3m-border-radius-master` and `--w3m-font-size-master` (themeVariables);
 * spacing and icon sizes are fixed, as they were.
 *
 * Contrast (WCAG 2.2 AA, checked in test/browser/theme): fg, fg-muted on bg, surface and
 * surface-hover, and error, success on bg and surface, 4.5:1 in both themes; border-control (the
 * boundary of a text field) and accent-indicator (focus ring, selected row, focused field) 3:1
 * against bg, surface and surface-hover. The colours on and around the accent follow any accent an
 * app sets, in CSS: on-accent is black or white, whichever reads (4.5:1); accent-hover moves away
 * from it; accent-indicator is the accent darkened (light) or lightened (dark) to 3:1. Browsers
 * without relative colour syntax get white, the old hover and the plain accent.
 * `--w3m-color-border` is decorative (cards, buttons with a text label) and needs no ratio.
 *
 * Elevation, designed per theme rather than inverted: on light, surfaces step darker from the white
 * bg (bg, surface, surface-hover) and the card casts a soft tinted shadow; on dark they step lighter
 * from the near-black bg, and the card's shadow is deeper with a faint light rim
 * (`--w3m-shadow-card`, `--w3m-shadow-toast`).
 */
export const themeTokens = css`
  :host {
    --w3m-accent: #3b6cf6;
    --w3m-font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
    --w3m-font-size-master: 10px;
    --w3m-border-radius-master: 4px;
    --w3m-z-index: 999;
    --w3m-color-mix: transparent;
    --w3m-color-mix-strength: 0%;

    --w3m-color-bg: color-mix(in srgb, var(--w3m-color-mix) var(--w3m-color-mix-strength), #ffffff);
    --w3m-color-surface: color-mix(in srgb, var(--w3m-color-mix) var(--w3m-color-mix-strength), #f1f3f5);
    --w3m-color-surface-hover: #e4e7eb;
    --w3m-color-border: #d6dade;
    --w3m-color-border-control: #7a8087;
    --w3m-color-fg: ${unsafeCSS(LIGHT_TEXT.fg)};
    --w3m-color-fg-muted: ${unsafeCSS(LIGHT_TEXT.muted)};
    --w3m-color-on-accent: #ffffff;
    --w3m-color-accent-hover: color-mix(in srgb, var(--w3m-accent) 88%, black);
    --w3m-color-accent-indicator: var(--w3m-accent);
    --w3m-color-success: ${unsafeCSS(LIGHT_TEXT.success)};
    --w3m-color-error: ${unsafeCSS(LIGHT_TEXT.error)};
    --w3m-color-overlay: rgb(0 0 0 / 0.4);
    --w3m-focus-ring: 0 0 0 2px var(--w3m-color-bg), 0 0 0 4px var(--w3m-color-accent-indicator);
    --w3m-shadow-card: 0 12px 32px rgb(16 24 40 / 0.16), 0 2px 6px rgb(16 24 40 / 0.08);
    --w3m-shadow-toast: 0 4px 16px rgb(16 24 40 / 0.14);

    --w3m-radius-xs: var(--w3m-border-radius-master);
    --w3m-radius-s: calc(var(--w3m-border-radius-master) * 2);
    --w3m-radius-m: calc(var(--w3m-border-radius-master) * 3);
    --w3m-radius-l: calc(var(--w3m-border-radius-master) * 8);
    --w3m-radius-full: 999px;

    --w3m-text-micro: var(--w3m-font-size-master);
    --w3m-text-small: calc(var(--w3m-font-size-master) * 1.2);
    --w3m-text-body: calc(var(--w3m-font-size-master) * 1.4);
    --w3m-text-title: calc(var(--w3m-font-size-master) * 1.6);
    --w3m-text-large: calc(var(--w3m-font-size-master) * 2.4);
    --w3m-text-xlarge: calc(var(--w3m-font-size-master) * 3.2);
    --w3m-weight-regular: 400;
    --w3m-weight-medium: 500;
    --w3m-weight-bold: 600;

    --w3m-spacing-3xs: 2px;
    --w3m-spacing-2xs: 4px;
    --w3m-spacing-xs: 6px;
    --w3m-spacing-s: 8px;
    --w3m-spacing-m: 12px;
    --w3m-spacing-l: 16px;
    --w3m-spacing-xl: 20px;
    --w3m-spacing-2xl: 24px;
    --w3m-spacing-3xl: 32px;

    --w3m-icon-size-xs: 12px;
    --w3m-icon-size-s: 16px;
    --w3m-icon-size-m: 20px;
    --w3m-icon-size-l: 24px;
    --w3m-icon-size-xl: 32px;
    --w3m-icon-size-2xl: 48px;
    color-scheme: light;
  }

  :host([data-theme='dark']) {
    --w3m-color-bg: color-mix(in srgb, var(--w3m-color-mix) var(--w3m-color-mix-strength), #161819);
    --w3m-color-surface: color-mix(in srgb, var(--w3m-color-mix) var(--w3m-color-mix-strength), #222527);
    --w3m-color-surface-hover: #2e3235;
    --w3m-color-border: #3a3f43;
    --w3m-color-border-control: #80868c;
    --w3m-color-fg: ${unsafeCSS(DARK_TEXT.fg)};
    --w3m-color-fg-muted: ${unsafeCSS(DARK_TEXT.muted)};
    --w3m-color-success: ${unsafeCSS(DARK_TEXT.success)};
    --w3m-color-error: ${unsafeCSS(DARK_TEXT.error)};
    --w3m-color-overlay: rgb(0 0 0 / 0.6);
    /* On dark a shadow barely shows: deeper, with a faint light rim that lifts the card off the overlay. */
    --w3m-shadow-card: 0 16px 48px rgb(0 0 0 / 0.6), 0 0 0 1px rgb(255 255 255 / 0.04);
    --w3m-shadow-toast: 0 4px 20px rgb(0 0 0 / 0.5);
    color-scheme: dark;
  }

  @supports (color: color(from red xyz-d65 calc(x * min(1, 0.2 / y)) y z)) {
    :host {
      --w3m-color-fg: ${darkTextOn(LIGHT_TEXT.fg, surface, TEXT_RATIO)};
      --w3m-color-fg-muted: ${darkTextOn(LIGHT_TEXT.muted, surface, TEXT_RATIO)};
      --w3m-color-success: ${darkTextOn(LIGHT_TEXT.success, surface, TEXT_RATIO)};
      --w3m-color-error: ${darkTextOn(LIGHT_TEXT.error, surface, TEXT_RATIO)};
      --w3m-color-on-accent: ${blackOrWhiteOn(accent, ON_ACCENT_WHITE_BELOW)};
      --w3m-color-accent-hover: ${awayFromBlackOrWhite(accent, ON_ACCENT_WHITE_BELOW, ACCENT_HOVER_SHARE)};
      --w3m-color-accent-indicator: ${darkenedToAtMost(accent, INDICATOR_LIGHT_MAX_LUMINANCE)};
    }
    :host([data-theme='dark']) {
      --w3m-color-fg: ${lightTextOn(DARK_TEXT.fg, surface, TEXT_RATIO)};
      --w3m-color-fg-muted: ${lightTextOn(DARK_TEXT.muted, surface, TEXT_RATIO)};
      --w3m-color-success: ${lightTextOn(DARK_TEXT.success, surface, TEXT_RATIO)};
      --w3m-color-error: ${lightTextOn(DARK_TEXT.error, surface, TEXT_RATIO)};
      --w3m-color-accent-indicator: ${lightenedToAtLeast(accent, INDICATOR_DARK_MIN_LUMINANCE)};
    }
  }
`

/** What every element starts from: the box model, the font, and visible keyboard focus. */
export const resetStyles = css`
  :host {
    box-sizing: border-box;
    font-family: var(--w3m-font-family);
    font-size: var(--w3m-text-body);
    color: var(--w3m-color-fg);
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  button {
    font: inherit;
    color: inherit;
    cursor: pointer;
  }
  button:focus-visible,
  input:focus-visible,
  a:focus-visible {
    outline: none;
    box-shadow: var(--w3m-focus-ring);
  }
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation-duration: 0ms !important;
      transition-duration: 0ms !important;
    }
  }
`
