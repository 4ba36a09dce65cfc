import { LitElement, css, html, nothing } from 'lit'
import { $toast } from '../stores/toast.js'
import { resetStyles, themeTokens } from '../theme/tokens.js'
import { defineElement } from './shared/define.js'
import { StoreController } from './shared/store-controller.js'
import { ThemeController } from './shared/theme-controller.js'

/**
 * A short message at the bottom of the modal: loading, success or error. It is a live region
 * (role=status), so screen readers read each new message.
 * @tagname w3m-toast
 * @csspart toast - The visible message box.
 * @cssprop [--w3m-toast-offset=16px] - Distance from the bottom edge.
 */
export class W3mToast extends LitElement {
  static override styles = [
    themeTokens,
    resetStyles,
    css`
      :host {
        position: fixed;
        inset: auto 0 var(--w3m-toast-offset, 16px) 0;
        display: flex;
        justify-content: center;
        pointer-events: none;
        z-index: calc(var(--w3m-z-index) + 1);
      }
      .toast {
        display: flex;
        align-items: center;
        gap: var(--w3m-spacing-s);
        padding: var(--w3m-spacing-s) var(--w3m-spacing-m);
        border: 1px solid var(--w3m-color-border);
        border-radius: var(--w3m-radius-full);
        background: var(--w3m-color-bg);
        box-shadow: 0 4px 16px rgb(0 0 0 / 0.15);
        animation: w3m-toast-in 150ms ease-out;
      }
      .icon {
        width: 10px;
        height: 10px;
        border-radius: 50%;
      }
      [data-variant='success'] .icon {
        background: var(--w3m-color-success);
      }
      [data-variant='error'] .icon {
        background: var(--w3m-color-error);
      }
      [data-variant='loading'] .icon {
        border: 2px solid var(--w3m-accent);
        border-right-color: transparent;
        animation: w3m-spin 800ms linear infinite;
      }
      @keyframes w3m-toast-in {
        from {
          opacity: 0;
          transform: translateY(8px);
        }
      }
      @keyframes w3m-spin {
        to {
          transform: rotate(360deg);
        }
      }
    `
  ]

  private readonly toast = new StoreController(this, $toast)

  constructor() {
    super()
    new ThemeController(this)
  }

  override render() {
    const { open, variant, message } = this.toast.value
    return html`<div role="status" data-testid="toast">
      ${open
        ? html`<div class="toast" part="toast" data-variant=${variant}>
            <span class="icon" aria-hidden="true"></span><span data-testid="toast-message">${message}</span>
          </div>`
        : nothing}
    </div>`
  }
}

defineElement('w3m-toast', W3mToast)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-toast': W3mToast
  }
}
