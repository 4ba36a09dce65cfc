import { LitElement, css, html, nothing } from 'lit'
import { state } from 'lit/decorators.js'
import type { ViewName } from '../config/views.js'
import { ViewChangeEvent } from '../events/modal-events.js'
import { $router } from '../stores/router.js'
import { resetStyles } from '../theme/tokens.js'
import { VIEW_REGISTRY } from './views/registry.js'
import { defineElement } from './shared/define.js'
import { StoreController } from './shared/store-controller.js'

/**
 * Shows the router's current view, loading its module on first use, with a 150 ms transition.
 * @tagname w3m-router
 * @fires {ViewChangeEvent} w3m-view-change - A new view is showing.
 * @csspart view - The wrapper of the current view.
 */
export class W3mRouter extends LitElement {
  static override styles = [
    resetStyles,
    css`
      :host {
        display: block;
      }
      .view {
        --w3m-view-shift: 8px;
        animation: w3m-view-in 150ms ease-out;
      }
      .view:dir(rtl) {
        --w3m-view-shift: -8px;
      }
      @media (prefers-reduced-motion: reduce) {
        .view {
          animation: none;
        }
      }
      @keyframes w3m-view-in {
        from {
          opacity: 0;
          transform: translateX(var(--w3m-view-shift));
        }
        to {
          opacity: 1;
          transform: none;
        }
      }
    `
  ]

  private readonly router = new StoreController(this, $router)

  /** The view element that shows, with the view it belongs to. */
  @state() private shown: { readonly view: ViewName; readonly element: HTMLElement } | undefined

  private loading: ViewName | undefined

  /** A view that showed and whose ViewChangeEvent is due once it rendered. */
  private announce: ViewName | undefined

  protected override willUpdate(): void {
    const view = this.router.value.view
    if (this.shown?.view === view || this.loading === view) return
    // A view whose module is here (prefetched, or shown before) renders in this same update, so a
    // click shows it in the next frame; any other loads first.
    if (customElements.get(VIEW_REGISTRY[view].tag)) this.present(view)
    else this.show(view).catch((error: unknown) => console.warn('[appkit] Loading the view failed:', error))
  }

  private async show(view: ViewName): Promise<void> {
    this.loading = view
    await VIEW_REGISTRY[view].load()
    if (this.router.value.view !== view) return
    this.present(view)
  }

  private present(view: ViewName): void {
    this.loading = undefined
    this.shown = { view, element: document.createElement(VIEW_REGISTRY[view].tag) }
    this.announce = view
  }

  protected override updated(): void {
    const view = this.announce
    if (view === undefined) return
    this.announce = undefined
    this.dispatchEvent(new ViewChangeEvent(view))
  }

  override render() {
    if (!this.shown) return nothing
    return html`<div class="view" part="view" data-view=${this.shown.view}>${this.shown.element}</div>`
  }
}

defineElement('w3m-router', W3mRouter)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-router': W3mRouter
  }
}
