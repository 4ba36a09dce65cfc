import { LitElement, css, html, nothing } from 'lit'
import { keyed } from 'lit/directives/keyed.js'
import { HEADER_TITLE_TRANSITION_MS } from '../config/constants.js'
import { msg } from '../i18n/msg.js'
import { $locale } from '../stores/locale.js'
import { closeModal, goBack } from '../stores/modal.js'
import { $router } from '../stores/router.js'
import { resetStyles } from '../theme/tokens.js'
import { defineElement } from './shared/define.js'
import { ms } from './shared/motion.js'
import { StoreController } from './shared/store-controller.js'
import { viewTitle } from './shared/view-title.js'
import { backIcon } from './ui/icons/back.js'
import { closeIcon } from './ui/icons/close.js'

const loadNetworkChip = () => import('./views/account/w3m-network-chip.js')

/**
 * The modal's header: a back button when there is a view to go back to, the view's title (it fades
 * in over the spec's 120 ms, HEADER_TITLE_TRANSITION_MS; not at all under reduced motion), and the
 * close button. In the Account view the title's place holds the active network as a chip
 * (`w3m-network-chip`, its own module, loaded when the Account view first shows) that opens the
 * Networks view.
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
        font-weight: var(--w3m-weight-bold, 600);
        text-align: center;
        animation: w3m-title-in ${ms(HEADER_TITLE_TRANSITION_MS)} ease-out;
      }
      w3m-network-chip {
        grid-column: 2;
        justify-self: center;
        max-width: 100%;
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
        width: var(--w3m-icon-size-m, 20px);
        height: var(--w3m-icon-size-m, 20px);
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
    // The chip's module loads when the Account view first shows, not with the modal.
    if (view === 'Account') void loadNetworkChip()
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
              ${backIcon()}
            </button>`
          : nothing
      }
      ${
        view === 'Account'
          ? html`<w3m-network-chip></w3m-network-chip>`
          : title
            ? keyed(title, html`<h2 part="title" id="w3m-title" data-testid="header-title">${title}</h2>`)
            : nothing
      }
      <button
        class="close"
        type="button"
        aria-label=${msg('Close', { id: 'header.close' })}
        data-testid="header-close"
        @click=${closeModal}
      >
        ${closeIcon()}
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
