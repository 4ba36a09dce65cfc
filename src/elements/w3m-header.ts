import { LitElement, css, html, nothing } from 'lit'
import { keyed } from 'lit/directives/keyed.js'
import { msg } from '../i18n/msg.js'
import { $locale } from '../stores/locale.js'
import { closeModal, goBack } from '../stores/modal.js'
import { $router } from '../stores/router.js'
import { resetStyles } from '../theme/tokens.js'
import { defineElement } from './shared/define.js'
import { StoreController } from './shared/store-controller.js'
import { viewTitle } from './shared/view-title.js'

/**
 * The modal's header: the view's title, a back button when there is a view to go back to, and the
 * close button.
 * @tagname w3m-header
 * @csspart title - The view's title.
 */
export class W3mHeader extends LitElement {
  /** `header.focus()` focuses its first button: the modal moves focus here when it opens. */
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true }

  static override styles = [
    resetStyles,
    css`
      :host {
        display: grid;
        grid-template-columns: 40px 1fr 40px;
        align-items: center;
        padding: var(--w3m-spacing-m) var(--w3m-spacing-m) 0;
      }
      h2 {
        grid-column: 2;
        margin: 0;
        font-size: var(--w3m-text-title);
        font-weight: 600;
        text-align: center;
        animation: w3m-title-in 120ms ease-out;
      }
      button {
        width: 40px;
        height: 40px;
        border: none;
        border-radius: var(--w3m-radius-full);
        background: transparent;
        display: grid;
        place-items: center;
      }
      button:hover {
        background: var(--w3m-color-surface-hover);
      }
      .back svg:dir(rtl) {
        transform: scaleX(-1);
      }
      .back {
        grid-column: 1;
      }
      .close {
        grid-column: 3;
      }
      svg {
        width: 16px;
        height: 16px;
        stroke: currentColor;
        stroke-width: 2;
        fill: none;
        stroke-linecap: round;
      }
      @media (prefers-reduced-motion: reduce) {
        h2 {
          animation: none;
        }
      }
      @keyframes w3m-title-in {
        from {
          opacity: 0;
        }
        to {
          opacity: 1;
        }
      }
    `
  ]

  private readonly router = new StoreController(this, $router)
  /** Re-renders the texts when the language changes. */
  protected readonly locale = new StoreController(this, $locale)

  override render() {
    const { view, history } = this.router.value
    const title = viewTitle(view)
    return html`
      ${
        history.length > 1
          ? html`<button
              class="back"
              type="button"
              aria-label=${msg('Back', { id: 'header.back' })}
              data-testid="header-back"
              @click=${goBack}
            >
              <svg viewBox="0 0 16 16" aria-hidden="true"><path d="M10 3 5 8l5 5" /></svg>
            </button>`
          : nothing
      }
      ${title ? keyed(title, html`<h2 part="title" id="w3m-title" data-testid="header-title">${title}</h2>`) : nothing}
      <button
        class="close"
        type="button"
        aria-label=${msg('Close', { id: 'header.close' })}
        data-testid="header-close"
        @click=${closeModal}
      >
        <svg viewBox="0 0 16 16" aria-hidden="true"><path d="m4 4 8 8M12 4l-8 8" /></svg>
      </button>
    `
  }
}

defineElement('w3m-header', W3mHeader)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-header': W3mHeader
  }
}
