import { LitElement, css, html, type PropertyValues } from 'lit'
import { msg } from '../../i18n/msg.js'
import { property } from 'lit/decorators.js'
import { resetStyles } from '../../theme/tokens.js'
import { defineElement } from '../shared/define.js'

/**
 * A labelled search box. The native `input` event crosses the shadow boundary (it is composed), so
 * a listener on this element reads the new text from `value`.
 * @tagname wui-search-input
 * @csspart input - The text field.
 * @cssprop [--wui-search-input-bg=var(--w3m-color-surface)] - The field's background.
 */
export class WuiSearchInput extends LitElement {
  static override styles = [
    resetStyles,
    css`
      :host {
        display: block;
        position: relative;
      }
      label {
        position: absolute;
        width: 1px;
        height: 1px;
        overflow: hidden;
        clip-path: inset(50%);
        white-space: nowrap;
      }
      svg {
        position: absolute;
        inset-inline-start: var(--w3m-spacing-m);
        top: 50%;
        width: var(--w3m-icon-size-s);
        height: var(--w3m-icon-size-s);
        transform: translateY(-50%);
        color: var(--w3m-color-fg-muted);
        pointer-events: none;
      }
      input {
        width: 100%;
        height: 40px;
        padding-block: 0;
        padding-inline: calc(var(--w3m-spacing-m) * 2 + var(--w3m-icon-size-s)) var(--w3m-spacing-m);
        border: 1px solid var(--w3m-color-border-control);
        border-radius: var(--w3m-radius-m);
        background: var(--wui-search-input-bg, var(--w3m-color-surface));
        color: var(--w3m-color-fg);
        font: inherit;
      }
      input::placeholder {
        color: var(--w3m-color-fg-muted);
      }
      input:focus-visible {
        border-color: var(--w3m-color-accent-indicator);
      }
    `
  ]

  /** The field's accessible name (a label only screen readers see; the placeholder is no label). */
  @property() label = ''

  @property() placeholder = ''

  /** The text in the field. */
  @property() value = ''

  override render() {
    return html`<label for="search">${this.label || msg('Search', { id: 'common.search' })}</label>
      <svg viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.6">
        <circle cx="7" cy="7" r="5"></circle>
        <path d="m11 11 3.5 3.5" stroke-linecap="round"></path>
      </svg>
      <input
        id="search"
        part="input"
        type="search"
        autocomplete="off"
        spellcheck="false"
        enterkeyhint="search"
        placeholder=${this.placeholder}
        .value=${this.value}
        @input=${this.onInput}
      />`
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed)
    // The field may hold text the last render never saw (typing): keep it equal to `value`.
    const input = this.renderRoot.querySelector('input')
    if (input && input.value !== this.value) input.value = this.value
  }

  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector('input')?.focus(options)
  }

  private onInput(event: Event): void {
    this.value = (event.target as HTMLInputElement).value
  }
}

defineElement('wui-search-input', WuiSearchInput)

declare global {
  interface HTMLElementTagNameMap {
    'wui-search-input': WuiSearchInput
  }
}
