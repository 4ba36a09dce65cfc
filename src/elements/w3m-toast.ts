import { LitElement, css, html, nothing } from 'lit'
import { TOAST_SLIDE_MS } from '../config/constants.js'
import { localizeText } from '../i18n/store-text.js'
import { $locale } from '../stores/locale.js'
import { $toast } from '../stores/toast.js'
import { resetStyles, themeTokens } from '../theme/tokens.js'
import { defineElement } from './shared/define.js'
import { ms } from './shared/motion.js'
import { spinnerStyles } from './shared/spinner-styles.js'
import { StoreController } from './shared/store-controller.js'
import { ThemeController } from './shared/theme-controller.js'

/**
 * A short message at the bottom of the modal: loading, success or error, in the active locale.
 * Two live regions: success and loading messages are polite (role=status), errors interrupt
 * (role=alert). With reduced motion the loading spinner is a pulsing dot instead.
 * @tagname w3m-toast
 * @csspart toast - The visible message box.
 * @cssprop [--w3m-toast-offset=16px] - Distance from the bottom edge.
 */
export class W3mToast extends LitElement {
  static override styles = [
    themeTokens,
    resetStyles,
    spinnerStyles,
    css`
      :host {
        position: fixed;
        inset-inline: 0;
        inset-block-end: var(--w3m-toast-offset, var(--w3m-spacing-l));
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
        box-shadow: var(--w3m-shadow-toast);
        animation: w3m-toast-in ${ms(TOAST_SLIDE_MS)} ease-out;
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
      .spinner {
        --w3m-spinner-size: 10px;
      }
      @media (prefers-reduced-motion: reduce) {
        .toast {
          animation: none;
        }
      }
      @keyframes w3m-toast-in {
        from {
          opacity: 0;
          transform: translateY(8px);
        }
      }
    `
  ]

  private readonly toast = new StoreController(this, $toast)
  private readonly locale = new StoreController(this, $locale)

  constructor() {
    super()
    new ThemeController(this)
  }

  override render() {
    const { open, variant, message } = this.toast.value
    const { locale, direction } = this.locale.value
    const shown = open
      ? html`<div class="toast" part="toast" data-variant=${variant}>
          <span class=${variant === 'loading' ? 'icon spinner' : 'icon'} aria-hidden="true"></span
          ><span data-testid="toast-message">${localizeText(message)}</span>
        </div>`
      : nothing
    // Both regions stay in the page, so that a message put into either is announced.
    return html`<div role="status" data-testid="toast" lang=${locale} dir=${direction}>
        ${variant === 'error' ? nothing : shown}
      </div>
      <div role="alert" data-testid="toast-alert" lang=${locale} dir=${direction}>
        ${variant === 'error' ? shown : nothing}
      </div>`
  }
}

defineElement('w3m-toast', W3mToast)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-toast': W3mToast
  }
}
