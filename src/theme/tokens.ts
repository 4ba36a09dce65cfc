import { css } from 'lit'

/**
 * Design tokens, two levels: the global `--w3m-*` variables an app may set, and the derived
 * `--w3m-color-*`, `--w3m-radius-*` and `--w3m-text-*` that elements use. Light by default, dark on
 * `[data-theme='dark']`.
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
    --w3m-color-fg: #141414;
    --w3m-color-fg-muted: #5c6168;
    --w3m-color-on-accent: #ffffff;
    --w3m-color-success: #1d7a45;
    --w3m-color-error: #c0262d;
    --w3m-color-overlay: rgb(0 0 0 / 0.4);
    --w3m-focus-ring: 0 0 0 2px var(--w3m-color-bg), 0 0 0 4px var(--w3m-accent);

    --w3m-radius-s: calc(var(--w3m-border-radius-master) * 2);
    --w3m-radius-m: calc(var(--w3m-border-radius-master) * 3);
    --w3m-radius-l: calc(var(--w3m-border-radius-master) * 8);
    --w3m-radius-full: 999px;

    --w3m-text-small: calc(var(--w3m-font-size-master) * 1.2);
    --w3m-text-body: calc(var(--w3m-font-size-master) * 1.4);
    --w3m-text-title: calc(var(--w3m-font-size-master) * 1.6);
    --w3m-spacing-s: 8px;
    --w3m-spacing-m: 12px;
    --w3m-spacing-l: 16px;
    color-scheme: light;
  }

  :host([data-theme='dark']) {
    --w3m-color-bg: color-mix(in srgb, var(--w3m-color-mix) var(--w3m-color-mix-strength), #161819);
    --w3m-color-surface: color-mix(in srgb, var(--w3m-color-mix) var(--w3m-color-mix-strength), #222527);
    --w3m-color-surface-hover: #2e3235;
    --w3m-color-border: #3a3f43;
    --w3m-color-fg: #f3f4f5;
    --w3m-color-fg-muted: #a4a9ae;
    --w3m-color-success: #5fd08f;
    --w3m-color-error: #ff7a7f;
    --w3m-color-overlay: rgb(0 0 0 / 0.6);
    color-scheme: dark;
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
