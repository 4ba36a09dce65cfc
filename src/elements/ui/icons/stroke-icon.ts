import { html, type SVGTemplateResult } from 'lit'

/**
 * A 24 x 24 line icon of this kit: the shapes drawn in currentColor with round 2 px strokes.
 * Decorative (aria-hidden, not focusable): the control around it carries the name. Its size comes
 * from the host's styles (the `--w3m-icon-size-*` tokens).
 */
export function strokeIcon(shapes: SVGTemplateResult) {
  return html`<svg
    viewBox="0 0 24 24"
    aria-hidden="true"
    focusable="false"
    fill="none"
    stroke="currentColor"
    stroke-width="2"
    stroke-linecap="round"
    stroke-linejoin="round"
  >
    ${shapes}
  </svg>`
}
