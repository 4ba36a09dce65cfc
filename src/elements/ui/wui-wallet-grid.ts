import { LitElement, html, nothing, type PropertyValues } from 'lit'
import { msg } from '../../i18n/msg.js'
import { property, state } from 'lit/decorators.js'
import { guard } from 'lit/directives/guard.js'
import type { CatalogWallet } from '../../api/catalog-client.js'
import { resetStyles } from '../../theme/tokens.js'
import { defineElement } from '../shared/define.js'
import { SKELETON_LINE, skeletonStyles } from '../shared/skeleton-styles.js'
import { BLOCK_ROWS, walletGridStyles } from './wui-wallet-grid.styles.js'
import './wui-wallet-image.js'

/** The visitor chose a wallet of the grid. */
export class WalletSelectEvent extends Event {
  static readonly type = 'wui-wallet-select'
  constructor(readonly wallet: CatalogWallet) {
    super(WalletSelectEvent.type, { bubbles: true, composed: true })
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'wui-wallet-select': WalletSelectEvent
  }
}

const COLUMNS = 4
/** Wallets per block: ten rows of four. */
const BLOCK = COLUMNS * BLOCK_ROWS
/** Blocks this close to the visible part of the list are rendered; the others are empty boxes of their height. */
const WINDOW_MARGIN = '800px 0px'
/** Blocks rendered before the observer first reports: the top of the list. */
const INITIAL_BLOCKS = [0, 1]

const KEY_STEPS: Readonly<Record<string, number>> = {
  ArrowRight: 1,
  ArrowLeft: -1,
  ArrowDown: COLUMNS,
  ArrowUp: -COLUMNS
}

/** The nearest scrolling ancestor, looking through shadow roots; null for the page itself. */
function scrollParentOf(element: Element): Element | null {
  let node: Node | null = element.parentNode
  while (node) {
    if (node instanceof ShadowRoot) {
      node = node.host
      continue
    }
    if (node instanceof Element && /^(auto|scroll)$/.test(getComputedStyle(node).overflowY)) return node
    node = node.parentNode
  }
  return null
}

/**
 * A grid of wallet buttons, four to a row: image and name. It stays fast with thousands of wallets
 * (windowing): wallets sit in blocks of 40, and only the blocks near the visible part of the list
 * (an IntersectionObserver on its scrolling ancestor) hold buttons; every other block is an empty
 * box of the same height, so the scroll height is right and the page holds a few hundred elements
 * at most. A block re-renders only when its own wallets change; images load only near the viewport.
 * One button is in the tab order (roving tabindex): arrow keys, Home and End move between wallets,
 * Enter or Space chooses one.
 * @tagname wui-wallet-grid
 * @fires {WalletSelectEvent} wui-wallet-select - A wallet was chosen.
 * @csspart wallet - A wallet's button.
 * @cssprop [--wui-wallet-grid-gap=var(--w3m-spacing-s)] - Space between wallets.
 */
export class WuiWalletGrid extends LitElement {
  static override styles = [resetStyles, skeletonStyles, walletGridStyles]

  /** The wallets, in order. Names are shown as text. */
  @property({ attribute: false }) wallets: readonly CatalogWallet[] = []

  /** How many loading placeholders (skeleton tiles shaped like a wallet's, aria-hidden) follow the wallets. */
  @property({ type: Number }) skeletons = 0

  /** The list's accessible name. */
  @property() label = ''

  /** The wallet that is in the tab order. */
  @state() private focusIndex = 0

  /** Blocks (by number) near the visible part of the list. */
  private readonly near = new Set<number>(INITIAL_BLOCKS)
  private observer: IntersectionObserver | undefined
  private observed = new Set<Element>()

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.observer?.disconnect()
    this.observer = undefined
    this.observed = new Set()
  }

  protected override willUpdate(): void {
    // The tab stop follows the scrolling while focus is elsewhere, so Tab lands on a wallet in view;
    // a focused wallet keeps its block rendered.
    const focused = Boolean(this.shadowRoot?.activeElement)
    if (!focused && !this.near.has(Math.floor(this.focusIndex / BLOCK)) && this.near.size > 0) {
      this.focusIndex = Math.min(...this.near) * BLOCK
    }
    if (this.focusIndex >= this.wallets.length) this.focusIndex = Math.max(0, this.wallets.length - 1)
  }

  override render() {
    const blocks = Array.from({ length: Math.ceil(this.wallets.length / BLOCK) }, (_, block) => block)
    return html`<div
      role="list"
      aria-label=${this.label || msg('Wallets', { id: 'allWallets.list' })}
      @click=${this.onClick}
      @keydown=${this.onKeydown}
      @focusin=${this.onFocusin}
    >
      ${blocks.map(block => this.renderBlock(block))}
      ${
        this.skeletons > 0
          ? html`<div class="block" aria-hidden="true" data-testid="wallet-skeletons">
              ${Array.from(
                { length: this.skeletons },
                () =>
                  html`<div class="placeholder">
                    <span class="skeleton image"></span><span class="skeleton line name">${SKELETON_LINE}</span>
                  </div>`
              )}
            </div>`
          : nothing
      }
    </div>`
  }

  private renderBlock(block: number) {
    const start = block * BLOCK
    const wallets = this.wallets.slice(start, start + BLOCK)
    const focus = this.focusIndex >= start && this.focusIndex < start + BLOCK ? this.focusIndex : -1
    const shown = focus !== -1 || this.near.has(block)
    // Re-rendered only when one of its own wallets, its tab stop or its nearness changes.
    return guard(
      [shown, focus, ...wallets],
      () =>
        html`<div class="block" role="none" data-block=${block} data-rows=${Math.ceil(wallets.length / COLUMNS)}>
          ${
            shown
              ? wallets.map(
                  (wallet, offset) =>
                    html`<div role="listitem">
                      <button
                        type="button"
                        part="wallet"
                        title=${wallet.name}
                        data-testid=${`wallet-${wallet.id}`}
                        data-index=${start + offset}
                        tabindex=${start + offset === focus ? 0 : -1}
                      >
                        <wui-wallet-image .src=${wallet.imageUrl} .name=${wallet.name}></wui-wallet-image>
                        <span class="name">${wallet.name}</span>
                      </button>
                    </div>`
                )
              : nothing
          }
        </div>`
    )
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed)
    this.observeBlocks()
  }

  /** Watches every block: which ones are near the visible part of the list. */
  private observeBlocks(): void {
    this.observer ??= new IntersectionObserver(entries => this.onBlocks(entries), {
      root: scrollParentOf(this),
      rootMargin: WINDOW_MARGIN
    })
    const blocks = new Set(this.renderRoot.querySelectorAll('.block[data-block]'))
    for (const block of this.observed) if (!blocks.has(block)) this.observer.unobserve(block)
    for (const block of blocks) if (!this.observed.has(block)) this.observer.observe(block)
    this.observed = blocks
  }

  private onBlocks(entries: readonly IntersectionObserverEntry[]): void {
    // Hidden (the view shows search results instead): keep the blocks as they are.
    if (!this.checkVisibility()) return
    let changed = false
    for (const entry of entries) {
      const block = Number((entry.target as HTMLElement).dataset['block'])
      if (entry.isIntersecting === this.near.has(block)) continue
      if (entry.isIntersecting) this.near.add(block)
      else this.near.delete(block)
      changed = true
    }
    if (changed) this.requestUpdate()
  }

  private indexOf(event: Event): number | undefined {
    const button = event.composedPath().find((node): node is HTMLButtonElement => node instanceof HTMLButtonElement)
    const index = Number(button?.dataset['index'])
    return Number.isInteger(index) && index >= 0 && index < this.wallets.length ? index : undefined
  }

  private onClick(event: Event): void {
    const index = this.indexOf(event)
    const wallet = index === undefined ? undefined : this.wallets[index]
    if (!wallet) return
    const selected = new WalletSelectEvent(wallet)
    this.dispatchEvent(selected)
  }

  private onFocusin(event: FocusEvent): void {
    const index = this.indexOf(event)
    if (index !== undefined) this.focusIndex = index
  }

  private async onKeydown(event: KeyboardEvent): Promise<void> {
    const from = this.indexOf(event)
    if (from === undefined) return
    const last = this.wallets.length - 1
    let to: number | undefined
    if (event.key === 'Home') to = 0
    else if (event.key === 'End') to = last
    else {
      // Left and right follow the screen: mirrored in a right-to-left layout.
      const mirrored = this.matches(':dir(rtl)') && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')
      const step = KEY_STEPS[event.key]
      if (step !== undefined) to = Math.min(last, Math.max(0, from + (mirrored ? -step : step)))
    }
    if (to === undefined) return
    event.preventDefault()
    this.focusIndex = to
    await this.updateComplete
    this.renderRoot.querySelector<HTMLButtonElement>(`button[data-index="${to}"]`)?.focus()
  }
}

defineElement('wui-wallet-grid', WuiWalletGrid)

declare global {
  interface HTMLElementTagNameMap {
    'wui-wallet-grid': WuiWalletGrid
  }
}
