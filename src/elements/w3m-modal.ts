import { LitElement, html, nothing } from 'lit'
import { msg } from '../i18n/msg.js'
import { query } from 'lit/decorators.js'
import { ModalCloseEvent, ModalOpenEvent } from '../events/modal-events.js'
import { $locale } from '../stores/locale.js'
import { $modal, closeModal } from '../stores/modal.js'
import { $router } from '../stores/router-state.js'
import { resetStyles, themeTokens } from '../theme/tokens.js'
import { defineElement } from './shared/define.js'
import { deepActiveElement, tabbableElements } from './shared/focus.js'
import { StoreController } from './shared/store-controller.js'
import { ThemeController } from './shared/theme-controller.js'
import { modalStyles } from './w3m-modal.styles.js'
import { dialogNameOf, loadModalParts, modalPartsDefined } from './shared/modal-parts.js'
import { $toast } from '../stores/toast-state.js'
import { whenIdle } from '../utils/idle.js'

/**
 * The toast's element is not in the first load: a toast follows something the visitor or the app
 * did, so the element loads when the page is idle (its live regions are then in the page before
 * any message), or with a toast shown before that.
 */
const loadToast = (): void => void import('./w3m-toast.js')

/** Marks the modal createAppKit put on the page itself; a modal the app renders replaces it. */
export const AUTO_MOUNTED_ATTRIBUTE = 'data-appkit-auto'

/**
 * The modal: a native <dialog> opened with showModal(), so focus stays inside and the page behind
 * is inert. Escape and a backdrop click close it, unless a required sign-in forbids closing; then
 * it shakes. Focus returns to the element that opened it. Views load only when first shown.
 * @tagname w3m-modal
 * @fires {ModalOpenEvent} w3m-open - The modal opened.
 * @fires {ModalCloseEvent} w3m-close - The modal closed.
 * @csspart card - The modal's card.
 * @cssprop [--w3m-modal-width=360px] - The modal's width on wide screens.
 * @cssprop [--w3m-accent=#3b6cf6] - The accent colour (themeVariables).
 * @cssprop [--w3m-font-family=system-ui] - The font (themeVariables).
 * @cssprop [--w3m-font-size-master=10px] - The base of every text size (themeVariables).
 * @cssprop [--w3m-border-radius-master=4px] - The base of every corner radius (themeVariables).
 * @cssprop [--w3m-z-index=999] - Stacking of the toast outside the modal (themeVariables).
 */
export class W3mModal extends LitElement {
  static override styles = [themeTokens, resetStyles, modalStyles]

  private readonly modal = new StoreController(this, $modal)
  private readonly router = new StoreController(this, $router)
  private readonly locale = new StoreController(this, $locale)
  private opener: HTMLElement | null = null
  /** The content element whose height the card follows (a new one each time the modal opens). */
  private observedContent: HTMLElement | null = null
  /**
   * The dialog is being closed because the store said so (not by the browser on its own). Cleared
   * when the dialog opens again, so that a close event left over from before says nothing about
   * the next close.
   */
  private closingFromStore = false
  private readonly resizeObserver =
    typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(entries => this.fitHeight(entries))

  @query('dialog') private dialog!: HTMLDialogElement
  @query('.card') private card!: HTMLElement | null
  @query('.content') private content!: HTMLElement | null

  constructor() {
    super()
    new ThemeController(this)
  }

  private stopToast: (() => void) | undefined

  override connectedCallback(): void {
    super.connectedCallback()
    whenIdle(loadToast)
    this.stopToast = $toast.listen(({ open }) => open && loadToast())
    if (this.hasAttribute(AUTO_MOUNTED_ATTRIBUTE)) return
    for (const auto of document.querySelectorAll(`w3m-modal[${AUTO_MOUNTED_ATTRIBUTE}]`)) auto.remove()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.stopToast?.()
    this.resizeObserver?.disconnect()
  }

  override render() {
    const { open, shake, loading } = this.modal.value
    // The header and the router show together, once both are here (they load with the first view).
    const partsReady = modalPartsDefined()
    const title = dialogNameOf(this.router.value.view)
    const { locale, direction } = this.locale.value
    // The click handler is for the backdrop; the keyboard path is Escape (onKeydown, or the
    // dialog's cancel event for an Escape pressed outside it).
    return html`<dialog
        part="dialog"
        data-testid="w3m-modal"
        aria-label=${title}
        lang=${locale}
        dir=${direction}
        aria-busy=${loading ? 'true' : 'false'}
        @cancel=${this.onCancel}
        @keydown=${this.onKeydown}
        @close=${this.onClose}
        @click=${this.onDialogClick}
      >
        <div class="card ${shake ? 'shake' : ''}" part="card" data-testid="w3m-modal-card">
          ${
            open && partsReady
              ? html`<div class="content">
                  <w3m-alertbar></w3m-alertbar>
                  <w3m-header></w3m-header>
                  <w3m-router></w3m-router>
                </div>`
              : nothing
          }
        </div>
        ${open ? this.renderAnnouncements(title) : nothing} ${open ? html`<w3m-toast></w3m-toast>` : nothing}
      </dialog>
      ${open ? nothing : html`<w3m-toast></w3m-toast>`}`
  }

  /**
   * Two live regions: the view's title, read when the view changes (polite), and why the modal
   * stays open when closing is refused (alert).
   */
  private renderAnnouncements(title: string) {
    const refused = this.modal.value.closeRefused
    return html`<p class="visually-hidden" aria-live="polite" data-testid="w3m-view-announcer">${title}</p>
      <p class="visually-hidden" role="alert" data-testid="w3m-close-refused">
        ${refused ? msg('Sign in to continue: this window cannot be closed yet.', { id: 'modal.closeRefused' }) : nothing}
      </p>`
  }

  /**
   * Escape inside the modal is handled here, not left to the browser's close request: Chromium lets
   * a page cancel a dialog's close only once between two user activations (and Escape is none), so
   * a second Escape would close a modal that must stay open (docs/behaviour.md section 2: no closing while a
   * required sign-in waits). Tab and Shift+Tab wrap around inside the modal: focus never leaves it
   * for the browser's UI.
   */
  private onKeydown(event: KeyboardEvent): void {
    if (event.key === 'Escape' && !event.defaultPrevented && !event.isComposing) {
      event.preventDefault()
      closeModal()
      return
    }
    if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return
    const card = this.card
    if (!card) return
    const tabbables = tabbableElements(card)
    const first = tabbables[0]
    const last = tabbables[tabbables.length - 1]
    if (!first || !last) return
    const active = deepActiveElement()
    const at = active ? tabbables.indexOf(active) : -1
    if (event.shiftKey && at <= 0) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && (at === -1 || at === tabbables.length - 1)) {
      event.preventDefault()
      first.focus()
    }
  }

  protected override updated(): void {
    const open = this.modal.value.open
    if (!this.isConnected) return
    if (open && !this.dialog.open) {
      this.opener = deepActiveElement()
      if (!modalPartsDefined())
        loadModalParts().then(
          () => this.requestUpdate(),
          (error: unknown) => console.warn('[appkit] The modal could not load:', error)
        )
      this.closingFromStore = false
      this.dialog.showModal()
      void this.focusHeader()
      const event = new ModalOpenEvent(this.router.value.view)
      this.dispatchEvent(event)
    } else if (!open && this.dialog.open) {
      this.closingFromStore = true
      this.dialog.close()
    }
    // The content shows once the header and router are here: its height is followed from then on.
    const content = open ? this.content : null
    if (content && content !== this.observedContent) {
      this.resizeObserver?.observe(content)
      this.observedContent = content
    }
  }

  /**
   * showModal() does not look into shadow roots for a focus target, so focus would rest on the bare
   * dialog: move it to the header's first button instead.
   */
  private async focusHeader(): Promise<void> {
    // The header renders once all of the modal's parts are here; at the first open they may not be.
    if (!modalPartsDefined()) {
      try {
        await loadModalParts()
      } catch {
        return
      }
      await this.updateComplete
    }
    const header = this.shadowRoot?.querySelector('w3m-header')
    if (!header) return
    await header.updateComplete
    if (this.dialog.open) header.focus()
  }

  /** A close request that did not pass through onKeydown: the store decides whether the modal may close. */
  private onCancel(event: Event): void {
    event.preventDefault()
    closeModal()
  }

  /**
   * The dialog closed, by us or by the browser on its own (a close request it would not let the page
   * cancel: a second Escape outside the modal skips `cancel` in Chromium).
   */
  private onClose(): void {
    // The close event comes a task later: the modal may have been opened again since (close() then
    // open() at once). That event is stale; acting on it would close the new one.
    if (this.dialog.open) return
    const fromStore = this.closingFromStore
    this.closingFromStore = false
    // The browser closed the dialog, not the store: where closing is forbidden (docs/behaviour.md section 2)
    // the dialog opens again at once. A modal taken out of the page leaves the store alone.
    if (!fromStore && this.isConnected && $modal.get().open && !closeModal()) {
      this.dialog.showModal()
      void this.focusHeader()
      return
    }
    this.resizeObserver?.disconnect()
    this.observedContent = null
    if (this.card) this.card.style.removeProperty('height')
    if (this.opener?.isConnected) this.opener.focus()
    this.opener = null
    const event = new ModalCloseEvent()
    this.dispatchEvent(event)
  }

  /** A click on the backdrop lands on the dialog itself, outside the card. */
  private onDialogClick(event: MouseEvent): void {
    if (event.target === this.dialog) closeModal()
  }

  /** Animates the card's height to its content's (150 ms, see the styles). */
  private fitHeight(entries: ResizeObserverEntry[]): void {
    const entry = entries[entries.length - 1]
    if (!entry || !this.card) return
    this.card.style.setProperty('height', `${entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height}px`)
  }
}

defineElement('w3m-modal', W3mModal)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-modal': W3mModal
  }
}
