import { LitElement, css, html } from 'lit'
import { property } from 'lit/decorators.js'
import { resetStyles } from '../../theme/tokens.js'
import { defineElement } from '../shared/define.js'

/**
 * A full-width row button: a wallet, a network, a connect method.
 * @tagname wui-list-item
 * @slot - The row's label.
 * @slot end - Content at the end of the row (a badge, a tag).
 * @csspart button - The row's button.
 * @cssprop [--wui-list-item-bg=var(--w3m-color-surface)] - The row's background.
 */
export class WuiListItem extends LitElement {
  static override styles = [
    resetStyles,
    css`
      :host {
        display: block;
      }
      button {
        display: flex;
        align-items: center;
        gap: var(--w3m-spacing-s);
        width: 100%;
        min-height: 48px;
        min-width: 24px;
        padding: var(--w3m-spacing-s) var(--w3m-spacing-m);
        border: 1px solid transparent;
        border-radius: var(--w3m-radius-m);
        background: var(--wui-list-item-bg, var(--w3m-color-surface));
        text-align: start;
        transition: background-color 150ms ease;
      }
      button:hover:not(:disabled) {
        background: var(--w3m-color-surface-hover);
      }
      button:disabled {
        cursor: default;
        color: var(--w3m-color-fg-muted);
      }
      button[aria-current='true'] {
        border-color: var(--w3m-color-accent-indicator);
      }
      .label {
        flex: 1;
      }
    `
  ]

  /** The row cannot be chosen (shown muted). */
  @property({ type: Boolean, reflect: true }) disabled = false

  /** Marks the row as the current choice (for example the active network). */
  @property({ type: Boolean, reflect: true }) current = false

  /** Whether Tab reaches the row; a list makes only one row tabbable and moves with the arrow keys. */
  @property({ type: Boolean }) tabbable = true

  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector('button')?.focus(options)
  }

  override render() {
    return html`<button
      part="button"
      type="button"
      ?disabled=${this.disabled}
      tabindex=${this.tabbable ? 0 : -1}
      aria-current=${this.current ? 'true' : 'false'}
    >
      <span class="label"><slot></slot></span><slot name="end"></slot>
    </button>`
  }
}

defineElement('wui-list-item', WuiListItem)

declare global {
  interface HTMLElementTagNameMap {
    'wui-list-item': WuiListItem
  }
}
