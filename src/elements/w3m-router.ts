import { LitElement, css, html } from 'lit'
import { query, state } from 'lit/decorators.js'
import { VIEW_TRANSITION_MS } from '../config/constants.js'
import type { ViewName } from '../config/views.js'
import { ViewChangeEvent } from '../events/modal-events.js'
import { $router } from '../stores/router.js'
import { resetStyles } from '../theme/tokens.js'
import { VIEW_REGISTRY } from './views/registry.js'
import { defineElement } from './shared/define.js'
import { ms } from './shared/motion.js'
import { StoreController } from './shared/store-controller.js'

/**
 * Shows the router's current view, loading its module on first use, with a cross-fade of
 * VIEW_TRANSITION_MS (spec section 2: 150 ms): the entering view fades in where it belongs, the
 * leaving one fades out on top of it, out of the layout (so the card's height follows the entering
 * view alone: no layout jump), inert and hidden from assistive technology, and is removed when its
 * fade ends. With prefers-reduced-motion neither animates and the leaving view goes at once.
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
      .stage {
        position: relative;
      }
      .view {
        --w3m-view-shift: var(--w3m-spacing-s);
        animation: w3m-view-in ${ms(VIEW_TRANSITION_MS)} ease-out;
      }
      .view:dir(rtl) {
        --w3m-view-shift: calc(-1 * var(--w3m-spacing-s));
      }
      .leaving {
        position: absolute;
        inset-block-start: 0;
        inset-inline: 0;
        pointer-events: none;
        animation: w3m-view-out ${ms(VIEW_TRANSITION_MS)} ease-in forwards;
      }
      @media (prefers-reduced-motion: reduce) {
        .view,
        .leaving {
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
      @keyframes w3m-view-out {
        to {
          opacity: 0;
        }
      }
    `
  ]

  private readonly router = new StoreController(this, $router)

  /** The view element that shows, with the view it belongs to. */
  @state() private shown: { readonly view: ViewName; readonly element: HTMLElement } | undefined

  @query('.stage') private readonly stage!: HTMLElement

  /** The wrapper of the view that shows, kept in place (never moved) when it starts to leave. */
  private current: HTMLElement | undefined

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
    if (this.shown) this.swap(this.shown)
    this.dispatchEvent(new ViewChangeEvent(view))
  }

  /**
   * Puts the shown view in a new wrapper before the current one, which becomes a leaving overlay.
   * Neither view element moves in the DOM (a move would disconnect and connect it again).
   */
  private swap({ view, element }: { readonly view: ViewName; readonly element: HTMLElement }): void {
    const wrapper = document.createElement('div')
    wrapper.className = 'view'
    wrapper.setAttribute('part', 'view')
    wrapper.dataset.view = view
    wrapper.append(element)
    const leaving = this.current
    this.stage.insertBefore(wrapper, leaving ?? null)
    this.current = wrapper
    if (leaving) this.leave(leaving)
  }

  private leave(wrapper: HTMLElement): void {
    wrapper.className = 'leaving'
    wrapper.removeAttribute('part')
    wrapper.inert = true
    wrapper.setAttribute('aria-hidden', 'true')
    // No animation (reduced motion, or the modal closing): it goes at once.
    const fades = wrapper.getAnimations()
    Promise.all(fades.map(fade => fade.finished))
      .catch(() => undefined)
      .finally(() => wrapper.remove())
      .catch(() => undefined)
  }

  override render() {
    return html`<div class="stage"></div>`
  }
}

defineElement('w3m-router', W3mRouter)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-router': W3mRouter
  }
}
