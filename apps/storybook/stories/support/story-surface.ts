/**
 * A story-only card that gives its children the kit's tokens and theme, as the modal does, so an
 * element shown outside the modal (a list item) looks as it does inside it.
 */
import { LitElement, css, html } from 'lit'
import { ThemeController } from '../../../../src/elements/shared/theme-controller.js'
import { resetStyles, themeTokens } from '../../../../src/theme/tokens.js'

export class StorySurface extends LitElement {
  static override styles = [
    themeTokens,
    resetStyles,
    css`
      :host {
        display: flex;
        flex-direction: column;
        gap: var(--w3m-spacing-s);
        width: 360px;
        padding: var(--w3m-spacing-l);
        border: 1px solid var(--w3m-color-border);
        border-radius: var(--w3m-radius-l);
        background: var(--w3m-color-bg);
      }
    `
  ]

  constructor() {
    super()
    new ThemeController(this)
  }

  override render() {
    return html`<slot></slot>`
  }
}

/**
 * Registers <story-surface>. Called by name, not imported for its side effect: package.json's
 * `sideEffects` lists only the kit's own element modules, so a bare import of this file is dropped.
 */
export function defineStorySurface(): void {
  if (!customElements.get('story-surface')) customElements.define('story-surface', StorySurface)
}

declare global {
  interface HTMLElementTagNameMap {
    'story-surface': StorySurface
  }
}
